import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';

export const metadata = infoPageMetadata('carrieres');

export default function Carrieres() {
  return <InfoPage slug="carrieres" />;
}
