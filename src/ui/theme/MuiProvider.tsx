'use client';
import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

/**
 * For pages that server-render MUI components: collects Emotion's styles during streaming so that
 * they arrive with the HTML. Wrap the page's content (or a route group's layout) in it. The root
 * layout does not, to keep MUI and Emotion out of the pages that do not use them (about 32 KB
 * gzip of first-load JavaScript).
 */
export function MuiProvider({ children }: { children: React.ReactNode }) {
  return (
    <AppRouterCacheProvider options={{ key: 'mui' }}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </AppRouterCacheProvider>
  );
}
