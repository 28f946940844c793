import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';

export const metadata = infoPageMetadata('conditions-generales');

export default function ConditionsGenerales() {
  return <InfoPage slug="conditions-generales" />;
}
