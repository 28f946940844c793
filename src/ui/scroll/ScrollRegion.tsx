'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import frame from '@/i18n/fr/frame';
import { interpolate } from '@/i18n/interpolate';
import s from './scroll.module.css';

/**
 * A wide table's own horizontal scroll: the table scrolls inside this region, never the page (the
 * orders tab of /mon-compte was 531 px wide on a 375 px phone). The region is a named landmark
 * that takes the keyboard focus (axe's `scrollable-region-focusable`: arrows scroll it), and says
 * so in words while its content is wider than it (« Faites défiler… »), besides the edge shadows.
 */
export function ScrollRegion({
  label,
  children,
  className,
}: {
  /** What the region holds (the table's caption or title): named « Tableau : {label} », apart
   * from the section of the same title. */
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => {
      setOverflows(el.scrollWidth > el.clientWidth + 1);
      // A caption is as wide as its table: held to the visible width, it wraps instead of
      // running off the edge (« table captions are cut »), and stays in view (sticky).
      el.style.setProperty('--region-width', `${el.clientWidth}px`);
    };
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={s.frame}>
      {overflows ? (
        <p className={s.hint} aria-hidden="true">
          {frame.scrollHint}
        </p>
      ) : null}
      <div
        ref={ref}
        className={`${s.region}${className ? ` ${className}` : ''}`}
        role="region"
        aria-label={interpolate(frame.scrollRegion, { label })}
        tabIndex={0}
        data-overflows={overflows ? '' : undefined}
      >
        {children}
      </div>
    </div>
  );
}
