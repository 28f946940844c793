import { Suspense } from 'react';
import { isSold } from '@/documents/sale';
import { messages } from '@/i18n';
import { ConsentManager } from '@/ui/consent/ConsentManager';
import { SourceIdCapture } from '@/ui/orders/SourceIdCapture';
import { ToastHost } from '@/ui/toast/ToastHost';
import { Footer } from './Footer';
import { OrganisationJsonLd } from './OrganisationJsonLd';
import { ProgressBar } from './ProgressBar';
import { ShellGate } from './ShellGate';
import { SiteHeader } from './SiteHeader';
import type { Review } from './TopBar';

/**
 * The application shell (spec section 2): skip link, route progress bar, header (fixed or hidden
 * per path), the page, footer (hidden per path), consent banner, toasts, the organisation's
 * JSON-LD and, when an ID is configured, the tag manager. The header and the footer are Client
 * Components that import their texts and menus: what a Server Component passes to a Client
 * Component is serialized into every page's RSC payload, so they get their few settings only.
 */
export function AppShell({
  children,
  siteOrigin,
  supportEmail,
  review,
  gtmId,
}: {
  children: React.ReactNode;
  /** With the support address, what the organisation's JSON-LD is built from (./organisation.ts). */
  siteOrigin: string;
  supportEmail: string;
  /** The customer reviews of the top bar, when a review source is configured. */
  review: Review | null;
  gtmId: string | undefined;
}) {
  return (
    <>
      <a className="skip-link" href="#contenu">
        {messages.frame.skipToContent}
      </a>
      <Suspense fallback={null}>
        <ProgressBar />
      </Suspense>
      <SiteHeader review={review} supportEmail={supportEmail} />
      <main id="contenu" tabIndex={-1}>
        {children}
      </main>
      <ShellGate part="footer">
        <Footer year={new Date().getFullYear()} kbisSold={isSold('kbis')} />
      </ShellGate>
      <ConsentManager />
      <SourceIdCapture />
      <ToastHost />
      <OrganisationJsonLd origin={siteOrigin} email={supportEmail} />
      {gtmId ? (
        // Inline (not next/script): the standard GTM snippet inserts gtm.js asynchronously itself,
        // and next/script would add its loader to every page's JavaScript.
        // eslint-disable-next-line @next/next/next-script-for-ga
        <script
          id="gtm"
          dangerouslySetInnerHTML={{
            __html: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(gtmId)});`,
          }}
        />
      ) : null}
    </>
  );
}
