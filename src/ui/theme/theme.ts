'use client';
import { createTheme } from '@mui/material/styles';
import { palette } from './cssVariables';
import { breakpointValues } from './tokens';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xss: true;
    xxs: true;
  }
}

/**
 * MUI's own `xs` is 0; the product names 0 `xss` and 450 `xs`. The theme keeps every name and
 * MUI's defaults for sm…xl, so `up('xl')` is 1536 px as the spec requires. Colours come from the
 * same tokens as the CSS variables of the zero-JavaScript frame.
 */
export const theme = createTheme({
  breakpoints: { values: breakpointValues },
  palette: {
    primary: { main: palette.primary, dark: palette.primaryDark },
    secondary: { main: palette.navy },
    background: { default: palette.background },
    text: { primary: palette.text, secondary: palette.muted },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
});
