/** Menu state rules, kept apart from the menu data so that Client Components stay small. */

export type MegaMenuId = 'services' | 'businessList';

/** Opening one mega-menu closes the other; a click elsewhere closes both. */
export function megaMenuReducer(
  open: MegaMenuId | null,
  action: { type: 'toggle'; id: MegaMenuId } | { type: 'closeAll' },
): MegaMenuId | null {
  if (action.type === 'closeAll') return null;
  return open === action.id ? null : action.id;
}

/**
 * Roving focus between accordion headers: arrows move to the next or previous header (wrapping),
 * Home and End to the first and last. Returns the index to focus, or undefined for other keys.
 */
export function accordionFocusIndex(
  key: string,
  current: number,
  count: number,
): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
