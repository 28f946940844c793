import { messages } from '@/i18n';
import { Icon } from '@/ui/icons/Icon';
import { ContactMail } from './ContactMail';
import { TopBarStats } from './TopBarStats';
import s from './TopBar.module.css';

const m = messages.frame;

/** Top bar: counters, customer reviews (new tab) and the contact address of the current host. */
export function TopBar({ siteUrl }: { siteUrl: string }) {
  return (
    <div className={s.bar}>
      <div className={`container ${s.inner}`}>
        <TopBarStats />
        <div className={s.links}>
          <a
            className={s.link}
            href={m.reviewHref}
            target="_blank"
            rel="noopener noreferrer"
            title={m.reviewLinkTitle}
            data-testid="review-link"
          >
            <Icon name="star" size={16} className={s.star} />
            <strong>{m.reviewScore}</strong> {m.reviewLabel}
          </a>
          <ContactMail siteUrl={siteUrl} icon={<Icon name="mail" size={16} />} />
        </div>
      </div>
    </div>
  );
}
