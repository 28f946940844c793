import { getEnv } from '@/config/env';
import { t } from '@/i18n';
import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';
import { PublisherNotice } from '@/ui/content/PublisherNotice';
import { mailDomain } from '@/ui/frame/rules';

export const metadata = infoPageMetadata('mentions-legales');

export default function MentionsLegales() {
  const contactEmail = t('frame', 'contactMail', { domain: mailDomain(null, getEnv().SITE_URL) });
  return (
    <InfoPage slug="mentions-legales" before={<PublisherNotice contactEmail={contactEmail} />} />
  );
}
