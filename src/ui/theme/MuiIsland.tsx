'use client';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

/**
 * Theme for a lazily loaded MUI island (drawer, dialog, toast). The frame itself renders without
 * MUI so that the home page's first-load JavaScript stays small; the islands bring MUI and
 * Emotion with them when they first open, and Emotion injects their styles on the client.
 */
export function MuiIsland({ children }: { children: React.ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
