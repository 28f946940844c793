'use client';
import { createTheme } from '@mui/material/styles';
import { breakpointValues, serviceColors } from './tokens';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xss: true;
    xxs: true;
  }
}

/**
 * MUI's own `xs` is 0; the product names 0 `xss` and 450 `xs`. The theme keeps every name and
 * MUI's defaults for sm…xl, so `up('xl')` is 1536 px as the spec requires.
 */
export const theme = createTheme({
  cssVariables: true,
  breakpoints: { values: breakpointValues },
  palette: {
    primary: { main: serviceColors['official-document'] },
    secondary: { main: '#0f2b5b' },
    background: { default: '#f6f8fb' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  shape: { borderRadius: 8 },
});
