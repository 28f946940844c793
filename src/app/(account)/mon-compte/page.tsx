import t from '@/i18n/fr/account';
import { AccountPage } from '@/ui/account/AccountPage';
import { frameMetadata } from '@/ui/frame/metadata';

/**
 * A personal page (account, payment, orders): rendered per request, so Next answers
 * `Cache-Control: private, no-store` and no shared cache keeps it (a static shell was sent with
 * `s-maxage` of a year). Checked by src/security/personal-pages.test.ts.
 */
export const dynamic = 'force-dynamic';

export const metadata = frameMetadata('/mon-compte', {
  title: t.myAccount.title,
  robots: { index: false, follow: false },
});

/** Static shell; everything personal loads in the browser (spec section 4, access modes). */
export default function MonComptePage() {
  return <AccountPage />;
}
