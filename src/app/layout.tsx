import type { Metadata } from 'next';
import { getEnv } from '@/config/env';
import { messages } from '@/i18n';
import { ErrorReportingMeta } from '@/lib/error-reporting/ErrorReportingMeta';
import { consentBootstrapScript } from '@/ui/consent/consent';
import { AppShell } from '@/ui/frame/AppShell';
import { cssVariables } from '@/ui/theme/cssVariables';
import './globals.css';

/**
 * The root layout is static: it reads neither the request (path, host, cookies) nor the database,
 * so pages can be prerendered or served from the page cache (company pages, see
 * src/app/README.md "Rendering and caching"). What depends on the request lives in the
 * browser (path rules through usePathname, contact host, consent cookie, header counters) or in
 * each page's metadata (canonical, Open Graph, robots: `src/ui/frame/metadata.ts`). Pages that
 * need the database at request time say so themselves, so `next build` never needs one.
 */
export function generateMetadata(): Metadata {
  const env = getEnv();
  return {
    metadataBase: new URL(env.SITE_URL),
    title: { default: messages.meta.defaultTitle, template: messages.meta.titleTemplate },
    description: messages.meta.defaultDescription,
    applicationName: messages.frame.siteName,
  };
}

export default function RootLayout({ children }: { children: React.ReactNode }) {
  const env = getEnv();
  return (
    // The consent script marks <html> when a choice is stored, before React hydrates.
    <html lang="fr" suppressHydrationWarning>
      <head>
        <style>{cssVariables()}</style>
        {/* Consent-mode defaults and stored choices reach the data layer before any tag. */}
        <script dangerouslySetInnerHTML={{ __html: consentBootstrapScript() }} />
        <ErrorReportingMeta />
      </head>
      <body>
        <AppShell
          siteOrigin={new URL(env.SITE_URL).origin}
          supportEmail={env.SUPPORT_EMAIL}
          // No review source by default: no score is invented.
          review={
            env.REVIEW_SCORE && env.REVIEW_URL
              ? { score: env.REVIEW_SCORE, url: env.REVIEW_URL }
              : null
          }
          gtmId={env.GTM_ID}
        >
          {children}
        </AppShell>
      </body>
    </html>
  );
}
