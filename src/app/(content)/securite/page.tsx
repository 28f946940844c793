import { securityContact } from '@/seo/security-txt';
import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';

export const metadata = infoPageMetadata('securite');

/** The contact comes from the settings at run time (SECURITY_CONTACT or SUPPORT_EMAIL). */
export const dynamic = 'force-dynamic';

export default function Securite() {
  const contact = securityContact();
  const label = contact.replace(/^mailto:/, '');
  return (
    <InfoPage
      slug="securite"
      before={
        <p>
          Contact sécurité : <a href={contact}>{label}</a>
        </p>
      }
    />
  );
}
