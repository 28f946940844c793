import type { KeyboardEvent } from 'react';
import { accordionFocusIndex } from './menuState';

/**
 * onKeyDown for a container of MUI accordions: arrows, Home and End move focus between the
 * headers (spec section 4, "Accordions"). Only headers that are direct children of this group.
 */
export function onAccordionGroupKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const group = event.currentTarget;
  const headers = Array.from(
    group.querySelectorAll<HTMLElement>('.MuiAccordionSummary-root'),
  ).filter((h) => h.closest('[data-accordion-group]') === group);
  const current = headers.indexOf(event.target as HTMLElement);
  if (current < 0) return;
  const next = accordionFocusIndex(event.key, current, headers.length);
  if (next === undefined) return;
  event.preventDefault();
  headers[next]?.focus();
}
