import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';

export const metadata = infoPageMetadata('logiciel-comptable');

export default function LogicielComptable() {
  return <InfoPage slug="logiciel-comptable" />;
}
