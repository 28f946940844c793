import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';
import { ServicesGrid } from '@/ui/services-grid/ServicesGrid';

export const metadata = infoPageMetadata('services');

export default function Services() {
  return <InfoPage slug="services" before={<ServicesGrid variant="full" headingLevel={2} />} />;
}
