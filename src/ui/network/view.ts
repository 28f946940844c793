/**
 * The network map's pan and zoom (issue 38), in place of d3-zoom and d3-selection, which were
 * 18 KB gzip of the map's 26 KB chunk for what follows. A view maps a point of the layout (p) to
 * the screen: p × k + (x, y).
 *
 * - The wheel alone scrolls the page; Ctrl + wheel (and a trackpad pinch, which browsers send as
 *   Ctrl + wheel) zooms around the pointer, at d3-zoom's pace.
 * - One finger scrolls the page (the element's touch-action); two fingers pinch and pan.
 * - The mouse (or a pen) pans by dragging; the click that ends a drag is not a click on a node.
 */

export type View = { k: number; x: number; y: number };

export const MIN_ZOOM = 0.2;
export const MAX_ZOOM = 4;
export const IDENTITY: View = { k: 1, x: 0, y: 0 };

const clamp = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** The view scaled by `factor` (within the zoom limits) around the screen point (px, py). */
export function zoomAround(v: View, factor: number, px: number, py: number): View {
  const k = clamp(v.k * factor);
  const f = k / v.k;
  return { k, x: px - (px - v.x) * f, y: py - (py - v.y) * f };
}

/** The zoom factor of a wheel event with Ctrl (d3-zoom's default wheel delta). */
export function wheelFactor(ev: Pick<WheelEvent, 'deltaY' | 'deltaMode'>): number {
  return 2 ** (-ev.deltaY * (ev.deltaMode === 1 ? 0.05 : ev.deltaMode ? 1 : 0.002) * 10);
}

/**
 * Listens on `el` and hands each new view to `update` (given the current one). Returns the
 * function that stops listening.
 */
export function attachPanZoom(el: SVGSVGElement, update: (next: (v: View) => View) => void) {
  const local = (x: number, y: number) => {
    const r = el.getBoundingClientRect();
    return [x - r.left, y - r.top] as const;
  };
  const onWheel = (ev: WheelEvent) => {
    if (!ev.ctrlKey) return;
    ev.preventDefault();
    const [px, py] = local(ev.clientX, ev.clientY);
    const factor = wheelFactor(ev);
    update((v) => zoomAround(v, factor, px, py));
  };

  let drag: { id: number; x: number; y: number; moved: boolean } | null = null;
  let suppressClick = false;
  const onPointerDown = (ev: PointerEvent) => {
    if (ev.pointerType === 'touch' || ev.button !== 0) return;
    drag = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, moved: false };
  };
  const onPointerMove = (ev: PointerEvent) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 3) return;
    drag.moved = true;
    drag.x = ev.clientX;
    drag.y = ev.clientY;
    update((v) => ({ k: v.k, x: v.x + dx, y: v.y + dy }));
  };
  const onPointerUp = (ev: PointerEvent) => {
    if (!drag || ev.pointerId !== drag.id) return;
    suppressClick = drag.moved;
    drag = null;
  };
  const onClick = (ev: MouseEvent) => {
    if (!suppressClick) return;
    suppressClick = false;
    ev.stopPropagation();
  };

  let pinch: { d: number; mx: number; my: number; at: View | null } | null = null;
  const two = (ev: TouchEvent) => {
    const a = ev.touches[0]!;
    const b = ev.touches[1]!;
    return {
      d: Math.max(1, Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)),
      mx: (a.clientX + b.clientX) / 2,
      my: (a.clientY + b.clientY) / 2,
    };
  };
  const onTouchStart = (ev: TouchEvent) => {
    if (ev.touches.length !== 2) return;
    ev.preventDefault();
    pinch = { ...two(ev), at: null };
  };
  const onTouchMove = (ev: TouchEvent) => {
    if (!pinch || ev.touches.length !== 2) return;
    ev.preventDefault();
    const now = two(ev);
    const start = pinch;
    const [px, py] = local(start.mx, start.my);
    update((v) => {
      // The view when the pinch began, kept from its first move.
      const from = (start.at ??= v);
      const scaled = zoomAround(from, now.d / start.d, px, py);
      return { k: scaled.k, x: scaled.x + now.mx - start.mx, y: scaled.y + now.my - start.my };
    });
  };
  const onTouchEnd = (ev: TouchEvent) => {
    if (ev.touches.length < 2) pinch = null;
  };

  const active = { passive: false } as const;
  el.addEventListener('wheel', onWheel, active);
  el.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('pointercancel', onPointerUp);
  el.addEventListener('click', onClick, true);
  el.addEventListener('touchstart', onTouchStart, active);
  el.addEventListener('touchmove', onTouchMove, active);
  el.addEventListener('touchend', onTouchEnd);
  el.addEventListener('touchcancel', onTouchEnd);
  return () => {
    el.removeEventListener('wheel', onWheel);
    el.removeEventListener('pointerdown', onPointerDown);
    window.removeEventListener('pointermove', onPointerMove);
    window.removeEventListener('pointerup', onPointerUp);
    window.removeEventListener('pointercancel', onPointerUp);
    el.removeEventListener('click', onClick, true);
    el.removeEventListener('touchstart', onTouchStart);
    el.removeEventListener('touchmove', onTouchMove);
    el.removeEventListener('touchend', onTouchEnd);
    el.removeEventListener('touchcancel', onTouchEnd);
  };
}
