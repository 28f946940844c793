import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';

export const metadata = infoPageMetadata('mentions-legales');

export default function MentionsLegales() {
  return <InfoPage slug="mentions-legales" />;
}
