'use client';
import { htmlOnlyText } from './htmlOnly';

/** One object for every browser render: React sets innerHTML again only when this changes. */
const IN_BROWSER = { __html: '' };

/**
 * The script element of ./HtmlOnlyJsonLd.tsx. On the server it prints the text deposited under
 * `slot`; in the browser it renders the same element with no text, which React leaves as the
 * HTML gave it: hydration does not compare inner HTML, and later renders pass the same object,
 * so the block stays. A client navigation mounts it empty (crawlers read the HTML, not the
 * navigations of a running page).
 */
export function HtmlOnlyScript({ slot, testId }: { slot: string; testId?: string }) {
  const text = typeof window === 'undefined' ? htmlOnlyText(slot) : undefined;
  return (
    <script
      type="application/ld+json"
      data-testid={testId}
      suppressHydrationWarning
      dangerouslySetInnerHTML={text === undefined ? IN_BROWSER : { __html: text }}
    />
  );
}
