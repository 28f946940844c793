import frame from '@/i18n/fr/frame';
import { mailIcon, starIcon } from '@/ui/icons/firstLoad';
import { SvgIcon } from '@/ui/icons/SvgIcon';
import { ContactMail } from './ContactMail';
import { TopBarStats } from './TopBarStats';
import s from './TopBar.module.css';

const m = frame;

/** The customer reviews, when a review source is configured (REVIEW_SCORE and REVIEW_URL). */
export type Review = { score: string; url: string };

/**
 * Top bar: counters, the customer reviews when a review source is configured (none by default:
 * no score is invented), and the support address (SUPPORT_EMAIL). Part of the header's Client
 * Component (./SiteHeader.tsx): the settings come from the root layout.
 */
export function TopBar({ review, supportEmail }: { review: Review | null; supportEmail: string }) {
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
              <SvgIcon paths={starIcon} size={16} className={s.star} />
              <strong>{review.score}</strong> {m.reviewLabel}
            </a>
          ) : null}
          <ContactMail mail={supportEmail} icon={<SvgIcon paths={mailIcon} size={16} />} />
        </div>
      </div>
    </div>
  );
}
