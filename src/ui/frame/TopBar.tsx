import { getEnv } from '@/config/env';
import { messages } from '@/i18n';
import { Icon } from '@/ui/icons/Icon';
import { ContactMail } from './ContactMail';
import { TopBarStats } from './TopBarStats';
import s from './TopBar.module.css';

const m = messages.frame;

/**
 * Top bar: counters, the customer reviews when a review source is configured (REVIEW_SCORE and
 * REVIEW_URL, none by default: no score is invented), and the support address (SUPPORT_EMAIL).
 */
export function TopBar() {
  const env = getEnv();
  const review =
    env.REVIEW_SCORE && env.REVIEW_URL ? { score: env.REVIEW_SCORE, url: env.REVIEW_URL } : null;
  return (
    <div className={s.bar}>
      <div className={`container ${s.inner}`}>
        <TopBarStats />
        <div className={s.links}>
          {review ? (
            <a
              className={s.link}
              href={review.url}
              target="_blank"
              rel="noopener noreferrer"
              title={m.reviewLinkTitle}
              data-testid="review-link"
            >
              <Icon name="star" size={16} className={s.star} />
              <strong>{review.score}</strong> {m.reviewLabel}
            </a>
          ) : null}
          <ContactMail mail={env.SUPPORT_EMAIL} icon={<Icon name="mail" size={16} />} />
        </div>
      </div>
    </div>
  );
}
