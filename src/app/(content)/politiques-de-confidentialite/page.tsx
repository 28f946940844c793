import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';

export const metadata = infoPageMetadata('politiques-de-confidentialite');

export default function PolitiquesDeConfidentialite() {
  return <InfoPage slug="politiques-de-confidentialite" />;
}
