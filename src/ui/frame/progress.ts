/** Route progress bar constants (spec section 9) and the click rule that starts it. */
export const PROGRESS_STOP_DELAY_MS = 200;
export const PROGRESS_HEIGHT_PX = 3;
export const PROGRESS_START = 0.3;

/**
 * Whether a click on a link leads to a client-side route change worth a progress bar: same
 * origin, left button without modifier keys, not a new tab or download, and not the same page
 * (a hash change alone is not a navigation).
 */
export function startsNavigation(
  click: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean },
  anchor: { href: string; target: string; hasDownload: boolean },
  current: string,
): boolean {
  if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey)
    return false;
  if (anchor.hasDownload || (anchor.target && anchor.target !== '_self')) return false;
  let to: URL;
  let from: URL;
  try {
    from = new URL(current);
    to = new URL(anchor.href, from);
  } catch {
    return false;
  }
  if (to.origin !== from.origin || !/^https?:$/.test(to.protocol)) return false;
  return to.pathname !== from.pathname || to.search !== from.search;
}
