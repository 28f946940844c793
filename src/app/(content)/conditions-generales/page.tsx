import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';
import { SellerNotice } from '@/ui/content/PublisherNotice';

export const metadata = infoPageMetadata('conditions-generales');

export default function ConditionsGenerales() {
  return <InfoPage slug="conditions-generales" before={<SellerNotice />} />;
}
