import { serviceColors } from './tokens';
import type { ServiceType } from '@/domain/catalogue';

/**
 * The design tokens as CSS custom properties, for the zero-JavaScript parts of the frame (CSS
 * Modules). The MUI theme reads the same tokens, so the lazily loaded MUI islands match.
 */
export const palette = {
  primary: serviceColors['official-document'],
  primaryDark: '#143a78',
  primarySoft: '#e8effa',
  navy: '#0f2b5b',
  navyDark: '#0a1f43',
  background: '#f6f8fb',
  surface: '#ffffff',
  text: '#1a2233',
  muted: '#4d5769',
  border: '#dfe5ee',
  focus: '#f2a900',
} as const;

export function serviceColorVar(type: ServiceType): string {
  return `var(--svc-${type})`;
}

export function cssVariables(): string {
  const vars: string[] = [
    `--c-primary:${palette.primary}`,
    `--c-primary-dark:${palette.primaryDark}`,
    `--c-primary-soft:${palette.primarySoft}`,
    `--c-navy:${palette.navy}`,
    `--c-navy-dark:${palette.navyDark}`,
    `--c-bg:${palette.background}`,
    `--c-surface:${palette.surface}`,
    `--c-text:${palette.text}`,
    `--c-muted:${palette.muted}`,
    `--c-border:${palette.border}`,
    `--c-focus:${palette.focus}`,
    ...Object.entries(serviceColors).map(([type, color]) => `--svc-${type}:${color}`),
  ];
  return `:root{${vars.join(';')}}`;
}
