import t from '@/i18n/fr/account';
import { AccountPage } from '@/ui/account/AccountPage';
import { frameMetadata } from '@/ui/frame/metadata';

export const metadata = frameMetadata('/mon-compte', {
  title: t.myAccount.title,
  robots: { index: false, follow: false },
});

/** Static shell; everything personal loads in the browser (spec section 4, access modes). */
export default function MonComptePage() {
  return <AccountPage />;
}
