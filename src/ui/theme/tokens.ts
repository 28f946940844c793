import type { ServiceType } from '@/domain/catalogue';

/** Design tokens from spec section 9, shared by the MUI theme and plain CSS. */

/** Breakpoints: MUI defaults plus the product's own xss, xxs and xs names. */
export const breakpointValues = {
  xss: 0,
  xxs: 380,
  xs: 450,
  sm: 600,
  md: 900,
  lg: 1200,
  xl: 1536,
} as const;

export type { ServiceType };

/** Service colour by type: official-document primary, finance green, legal purple, IP brown, research pink. */
export const serviceColors: Record<ServiceType, string> = {
  'official-document': '#1c4fa0',
  finance: '#2e7d32',
  legal: '#6a1b9a',
  'intellectual-property': '#6d4c41',
  research: '#c2185b',
};

export const layout = {
  drawerWidth: 400,
  headerLogo: { width: 177, height: 36 },
  footerLogo: { width: 177, height: 38 },
} as const;
