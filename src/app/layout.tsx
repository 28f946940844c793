import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { getEnv } from '@/config/env';
import { messages, t } from '@/i18n';
import { ErrorReportingMeta } from '@/lib/error-reporting/ErrorReportingMeta';
import { getHeaderStats } from '@/registry/stats';
import { CONSENT_COOKIE, consentBootstrapScript, parseConsentValue } from '@/ui/consent/consent';
import { AppShell } from '@/ui/frame/AppShell';
import { canonicalUrl, mailDomain, metaRulesFor } from '@/ui/frame/rules';
import { cssVariables } from '@/ui/theme/cssVariables';
import './globals.css';

// Every page shows live counters and per-request meta: nothing is prerendered at build time,
// so `next build` never needs a database.
export const dynamic = 'force-dynamic';

async function requestPath(): Promise<{ pathname: string; search: string; host: string | null }> {
  const h = await headers();
  return {
    pathname: h.get('x-pathname') ?? '/',
    search: h.get('x-search') ?? '',
    host: h.get('x-forwarded-host') ?? h.get('host'),
  };
}

export async function generateMetadata(): Promise<Metadata> {
  const { pathname, search } = await requestPath();
  const env = getEnv();
  const rules = metaRulesFor(pathname);
  const canonical = canonicalUrl(env.SITE_URL, pathname, search);
  return {
    metadataBase: new URL(env.SITE_URL),
    title: { default: messages.meta.defaultTitle, template: messages.meta.titleTemplate },
    description: messages.meta.defaultDescription,
    applicationName: messages.frame.siteName,
    alternates: rules.canonicalAndSocial ? { canonical } : undefined,
    robots: rules.robots ? { index: false, follow: false } : undefined,
    openGraph: rules.canonicalAndSocial
      ? {
          type: 'website',
          locale: 'fr_FR',
          siteName: messages.frame.siteName,
          url: canonical,
          title: messages.meta.defaultTitle,
          description: messages.meta.defaultDescription,
          images: [{ url: '/logo.svg', width: 177, height: 36 }],
        }
      : undefined,
  };
}

function organisationJsonLd(siteUrl: string, domain: string) {
  const origin = new URL(siteUrl).origin;
  const org = messages.meta.organisation;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: org.name,
    url: origin,
    logo: `${origin}/logo.svg`,
    description: org.description,
    email: t('frame', 'contactMail', { domain }),
    address: {
      '@type': 'PostalAddress',
      addressLocality: org.addressLocality,
      addressCountry: org.addressCountry,
    },
    sameAs: messages.footer.socialLinks.map((l) => l.href),
  };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const env = getEnv();
  const { pathname, host } = await requestPath();
  const consentValue = (await cookies()).get(CONSENT_COOKIE)?.value;
  const consent = consentValue ? parseConsentValue(consentValue) : null;
  const stats = await getHeaderStats();
  const domain = mailDomain(host, env.SITE_URL);
  const rules = metaRulesFor(pathname);

  return (
    <html lang="fr">
      <head>
        <style>{cssVariables()}</style>
        {/* Consent-mode defaults and stored choices reach the data layer before any tag. */}
        <script dangerouslySetInnerHTML={{ __html: consentBootstrapScript() }} />
        <ErrorReportingMeta />
      </head>
      <body>
        <AppShell
          stats={stats}
          mailDomain={domain}
          consent={consent}
          organisation={rules.structuredData ? organisationJsonLd(env.SITE_URL, domain) : null}
          gtmId={env.GTM_ID}
        >
          {children}
        </AppShell>
      </body>
    </html>
  );
}
