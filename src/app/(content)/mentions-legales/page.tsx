import { getEnv } from '@/config/env';
import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';
import { PublisherNotice } from '@/ui/content/PublisherNotice';

export const metadata = infoPageMetadata('mentions-legales');

export default function MentionsLegales() {
  const contactEmail = getEnv().SUPPORT_EMAIL;
  return (
    <InfoPage slug="mentions-legales" before={<PublisherNotice contactEmail={contactEmail} />} />
  );
}
