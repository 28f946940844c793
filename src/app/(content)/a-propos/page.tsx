import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';

export const metadata = infoPageMetadata('a-propos');

export default function APropos() {
  return <InfoPage slug="a-propos" />;
}
