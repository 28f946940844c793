import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';

export const metadata = infoPageMetadata('newsroom');

export default function Newsroom() {
  return <InfoPage slug="newsroom" />;
}
