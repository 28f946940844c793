import type { HeaderStats } from '@/registry/stats';
import { messages, t } from '@/i18n';
import { Icon } from '@/ui/icons/Icon';
import { TopBarStats } from './TopBarStats';
import s from './TopBar.module.css';

const m = messages.frame;

/** Top bar: counters, customer reviews (new tab) and the contact address of the current host. */
export function TopBar({ stats, mailDomain }: { stats: HeaderStats | null; mailDomain: string }) {
  const mail = t('frame', 'contactMail', { domain: mailDomain });
  return (
    <div className={s.bar}>
      <div className={`container ${s.inner}`}>
        <TopBarStats stats={stats} />
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
          <a
            className={s.link}
            href={`mailto:${mail}`}
            aria-label={t('frame', 'contactMailLabel', { mail })}
            data-testid="contact-mail"
          >
            <Icon name="mail" size={16} />
            <span className={s.mailText}>{mail}</span>
          </a>
        </div>
      </div>
    </div>
  );
}
