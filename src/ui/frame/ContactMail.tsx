import frame from '@/i18n/fr/frame';
import s from './TopBar.module.css';

/**
 * The contact address of the top bar: the site's support address (SUPPORT_EMAIL), never one made
 * up from the host a page was reached on (which gave « contact@127.0.0.1 »).
 */
export function ContactMail({ mail, icon }: { mail: string; icon: React.ReactNode }) {
  return (
    <a
      className={s.link}
      href={`mailto:${mail}`}
      aria-label={frame.contactMailLabel.replaceAll('{mail}', mail)}
      data-testid="contact-mail"
    >
      {icon}
      <span className={s.mailText}>{mail}</span>
    </a>
  );
}
