import { CONTACT_TOPICS } from '@/content/contact-topics';
import { ContactForm } from '@/ui/content/ContactForm';
import { InfoPage, infoPageMetadata } from '@/ui/content/InfoPage';

export const metadata = infoPageMetadata('contact');

const topics = Object.entries(CONTACT_TOPICS).map(([value, label]) => ({ value, label }));

export default function Contact() {
  return <InfoPage slug="contact" after={<ContactForm topics={topics} />} />;
}
