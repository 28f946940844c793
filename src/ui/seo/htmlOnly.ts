/**
 * Text that goes into the HTML of a page and not into its RSC payload (the JSON-LD blocks): a
 * Server Component deposits it and passes the slot's name to a Client Component, which takes it
 * back while the same process renders the HTML (./HtmlOnlyJsonLd.tsx). Both halves of one
 * render run in the same Node process but in two module graphs (react-server and SSR), so the
 * slots live on `globalThis`, not in a module variable.
 *
 * A slot is not removed when read: React may render a client component twice for one document.
 * Slots older than a minute go at the next deposit; the RSC-only requests of client navigations
 * and prefetches, which render no HTML, leave theirs that long (one JSON-LD block each).
 */
const SLOTS = Symbol.for('registre.htmlOnlySlots');
const TTL_MS = 60_000;

type Slot = { text: string; at: number };
type Store = { slots: Map<string, Slot>; next: number };

function store(): Store {
  const g = globalThis as { [SLOTS]?: Store };
  return (g[SLOTS] ??= { slots: new Map(), next: 0 });
}

/** Keeps `text` for the HTML render of this request; returns the slot's name. */
export function depositHtmlOnly(text: string, now = Date.now()): string {
  const s = store();
  // Map keeps insertion order: the oldest slots come first.
  for (const [name, slot] of s.slots) {
    if (now - slot.at < TTL_MS) break;
    s.slots.delete(name);
  }
  const name = `h${(s.next++).toString(36)}`;
  s.slots.set(name, { text, at: now });
  return name;
}

/** The text deposited under `name`, if it is still kept (on the server only). */
export function htmlOnlyText(name: string): string | undefined {
  return store().slots.get(name)?.text;
}

/** Slots kept now (tests). */
export function htmlOnlySlotCount(): number {
  return store().slots.size;
}
