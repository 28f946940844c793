'use client';

import { useEffect, useRef, useState } from 'react';
import { placeAround, radialLayout, type Point } from './layout';
import type { NetworkEdge, NetworkNode } from './model';
import { attachPanZoom, IDENTITY, zoomAround, type View } from './view';
import s from './network.module.css';

/**
 * The graph itself, drawn as SVG by React. This module is loaded only when a visitor asks for the
 * map (NetworkMap.tsx loads NetworkPanel.tsx, which imports it).
 *
 * Opening (issue 38, under a second on a phone-class CPU): the first answer is laid out as a
 * radial tree in one pass (layout.ts), not by a physics simulation. An expansion places the new
 * entities next to the one expanded at once, then relaxes the whole map with d3-force, a chunk
 * loaded at the first expansion (relax.ts). Pan and zoom are a few lines of our own (view.ts), not
 * d3-zoom: the chunk the click loads is a few KB.
 *
 * Zoom moves the points apart, never scales what is drawn: discs and labels keep their size on
 * screen (labels 12 px at every zoom, issue 38), so a map zoomed out after an expansion stays
 * readable. When the map holds many entities and is zoomed out, only the labels of the nearest
 * ones (the starting point, its direct links, the entities developed) are written; the others
 * show on hover and focus, and all are in the list under the map.
 *
 * The mouse wheel scrolls the page: the map zooms with Ctrl + wheel, a two-finger pinch or the
 * « + » / « − » buttons, and pans by dragging.
 */

const COMPANY = '#000091';
const PERSON = '#c9191e';
const OPEN = '#fc5d00';
export const LABEL_PX = 12;
const HEIGHT = 460;
/** Above this many entities, far labels are written only once zoomed in (level of detail). */
const ALL_LABELS_UP_TO = 40;
const ALL_LABELS_FROM_ZOOM = 1.6;

const short = (name: string) => (name.length > 28 ? `${name.slice(0, 27)}…` : name);

/**
 * Positions of every node, on a plane centred on the starting point. Without places known: the
 * radial tree. With the places of the map before an expansion: those kept, and each new node next
 * to the first of its neighbours already placed (to be relaxed by relax.ts).
 */
function layout(
  nodes: NetworkNode[],
  edges: NetworkEdge[],
  center: string,
  known: Map<string, Point> | null,
): Map<string, Point> {
  const start = performance.now();
  let pos: Map<string, Point>;
  if (!known) pos = radialLayout(nodes, edges, center);
  else {
    pos = new Map(known);
    const groups = new Map<string, NetworkNode[]>();
    for (const n of nodes) {
      if (known.has(n.id)) continue;
      const link = edges.find(
        (e) =>
          (e.source === n.id && known.has(e.target)) || (e.target === n.id && known.has(e.source)),
      );
      const anchor = link ? (link.source === n.id ? link.target : link.source) : center;
      groups.set(anchor, [...(groups.get(anchor) ?? []), n]);
    }
    for (const [anchor, added] of groups) pos = placeAround(added, anchor, pos);
  }
  // The bench (bench/network-map-open.ts) reads this measure: where the opening's time goes.
  performance.measure('carte:disposition', { start });
  return pos;
}

/** The view that shows every point of `pos` in a frame `width` wide, at zoom 1 at most. */
function fit(pos: Map<string, Point>, width: number): View {
  if (!pos.size) return IDENTITY;
  const xs = [...pos.values()].map((p) => p.x);
  const ys = [...pos.values()].map((p) => p.y);
  const w = Math.max(1, Math.max(...xs) - Math.min(...xs) + 160);
  const h = Math.max(1, Math.max(...ys) - Math.min(...ys) + 60);
  const k = Math.min(1, width / w, HEIGHT / h);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  return { k, x: width / 2 - k * cx, y: HEIGHT / 2 - k * cy };
}

function download(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const esc = (t: string) =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The whole map as a standalone SVG file (every label written), at zoom 1. */
function toSvg(
  nodes: NetworkNode[],
  edges: NetworkEdge[],
  center: string,
  pos: Map<string, { x: number; y: number }>,
): { svg: string; w: number; h: number } {
  const xs = [...pos.values()].map((p) => p.x);
  const ys = [...pos.values()].map((p) => p.y);
  const pad = 100;
  const x0 = Math.min(0, ...xs) - pad;
  const y0 = Math.min(0, ...ys) - pad / 2;
  const w = Math.ceil(Math.max(0, ...xs) + pad - x0);
  const h = Math.ceil(Math.max(0, ...ys) + pad / 2 - y0);
  const x = (v: number) => (v - x0).toFixed(1);
  const y = (v: number) => (v - y0).toFixed(1);
  const parts: string[] = [];
  for (const e of edges) {
    const a = pos.get(e.source);
    const b = pos.get(e.target);
    if (!a || !b) continue;
    parts.push(
      `<line x1="${x(a.x)}" y1="${y(a.y)}" x2="${x(b.x)}" y2="${y(b.y)}" stroke="#929292" stroke-width="1.5"${e.current ? '' : ' stroke-dasharray="4 3"'}><title>${esc(e.role)}</title></line>`,
    );
  }
  for (const n of nodes) {
    const p = pos.get(n.id);
    if (!p) continue;
    const r = n.id === center ? 14 : 10;
    parts.push(
      `<circle cx="${x(p.x)}" cy="${y(p.y)}" r="${r}" fill="${n.kind === 'company' ? COMPANY : PERSON}"/>`,
      `<text x="${x(p.x)}" y="${y(p.y + r + 13)}" font-family="Marianne, Arial, sans-serif" font-size="${LABEL_PX}" text-anchor="middle" fill="#161616">${esc(short(n.name))}</text>`,
    );
  }
  return {
    svg: `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>\n`,
    w,
    h,
  };
}

/** The SVG file drawn on a canvas, twice its size, as PNG. */
function toPng(svg: string, w: number, h: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = w * 2;
      canvas.height = h * 2;
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new Error('canvas'));
      ctx.scale(2, 2);
      ctx.drawImage(img, 0, 0);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('png'))), 'image/png');
    };
    img.onerror = () => reject(new Error('svg'));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

export default function NetworkGraph({
  nodes,
  edges,
  center,
  onExpand,
  label,
}: {
  nodes: NetworkNode[];
  edges: NetworkEdge[];
  center: string;
  onExpand: (id: string) => void;
  label: string;
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(640);
  const [hover, setHover] = useState<string | null>(null);

  // New data (an expansion) lays the map out again from the places already given, then relaxes
  // it (`settled` false until relax.ts has run on these nodes).
  const [laid, setLaid] = useState(() => ({
    nodes,
    edges,
    pos: layout(nodes, edges, center, null),
    settled: true,
  }));
  if (laid.nodes !== nodes || laid.edges !== edges) {
    setLaid({ nodes, edges, pos: layout(nodes, edges, center, laid.pos), settled: false });
  }
  const pos = laid.pos;

  // After each layout and each change of width, the whole map fits the frame (never zoomed in
  // past 1), in the same render: the map is never painted before it fits.
  const [view, setView] = useState(() => ({ pos, width, t: fit(pos, width) }));
  if (view.pos !== pos || view.width !== width) setView({ pos, width, t: fit(pos, width) });
  const t = view.t;

  useEffect(() => {
    if (laid.settled) return;
    let live = true;
    void import('./relax').then(({ relax }) => {
      if (!live) return;
      const relaxed = relax(laid.nodes, laid.edges, center, laid.pos);
      setLaid((cur) => (cur === laid ? { ...laid, pos: relaxed, settled: true } : cur));
    });
    return () => {
      live = false;
    };
  }, [laid, center]);

  useEffect(() => {
    const el = svgRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width || 640);
    });
    observer.observe(el);
    const detach = attachPanZoom(el, (next) => setView((cur) => ({ ...cur, t: next(cur.t) })));
    // One finger scrolls the page; two fingers pinch (view.ts).
    el.style.touchAction = 'pan-x pan-y';
    return () => {
      observer.disconnect();
      detach();
    };
  }, []);

  const zoomBy = (factor: number) =>
    setView((cur) => ({ ...cur, t: zoomAround(cur.t, factor, width / 2, HEIGHT / 2) }));

  const manyLabels = nodes.length <= ALL_LABELS_UP_TO || t.k >= ALL_LABELS_FROM_ZOOM;
  const at = (id: string) => {
    const p = pos.get(id) ?? { x: 0, y: 0 };
    return { x: p.x * t.k + t.x, y: p.y * t.k + t.y };
  };

  return (
    <div>
      <div className={s.zoomBar}>
        <button type="button" onClick={() => zoomBy(1.4)} aria-label="Agrandir la carte">
          +
        </button>
        <button type="button" onClick={() => zoomBy(1 / 1.4)} aria-label="Réduire la carte">
          −
        </button>
        <span className={s.zoomHint}>Ctrl + molette ou deux doigts pour zoomer</span>
      </div>
      <svg
        ref={svgRef}
        className={s.graph}
        height={HEIGHT}
        role="img"
        aria-label={label}
        data-network-graph=""
        data-zoom={t.k.toFixed(3)}
      >
        {edges.map((e) => {
          const a = at(e.source);
          const b = at(e.target);
          return (
            <line
              key={`${e.source}>${e.target}>${e.role}`}
              x1={a.x}
              y1={a.y}
              x2={b.x}
              y2={b.y}
              stroke="#929292"
              strokeWidth={1.5}
              strokeDasharray={e.current ? undefined : '4 3'}
            />
          );
        })}
        {nodes.map((n) => {
          const p = at(n.id);
          const r = n.id === center ? 14 : 9;
          const showLabel =
            manyLabels || n.hop <= 1 || n.expanded || n.id === center || hover === n.id;
          return (
            <g
              key={n.id}
              className={n.expanded ? undefined : s.openNode}
              onClick={() => onExpand(n.id)}
              onPointerEnter={() => setHover(n.id)}
              onPointerLeave={() => setHover(null)}
              data-node={n.id}
            >
              <title>{n.name}</title>
              {n.kind === 'company' ? (
                <rect
                  x={p.x - r}
                  y={p.y - r}
                  width={2 * r}
                  height={2 * r}
                  rx={4}
                  fill={COMPANY}
                  stroke={n.expanded ? 'none' : OPEN}
                  strokeWidth={2}
                />
              ) : (
                <circle
                  cx={p.x}
                  cy={p.y}
                  r={r}
                  fill={PERSON}
                  stroke={n.expanded ? 'none' : OPEN}
                  strokeWidth={2}
                />
              )}
              {showLabel ? (
                <text
                  x={p.x}
                  y={p.y + r + LABEL_PX + 2}
                  textAnchor="middle"
                  fontSize={LABEL_PX}
                  fontWeight={n.id === center ? 700 : 400}
                  className={s.label}
                >
                  {short(n.name)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <p className={s.legend}>
        Carré bleu : entreprise ; rond rouge : personne ; contour orange : liens à développer
        (cliquez dessus) ; pointillés : mandat terminé.
      </p>
      <p className={s.exports}>
        <button
          type="button"
          onClick={() => {
            const { svg, w, h } = toSvg(nodes, edges, center, pos);
            void toPng(svg, w, h).then((b) => download('reseau.png', b));
          }}
        >
          Télécharger la carte (PNG)
        </button>{' '}
        <button
          type="button"
          onClick={() =>
            download(
              'reseau.svg',
              new Blob([toSvg(nodes, edges, center, pos).svg], { type: 'image/svg+xml' }),
            )
          }
        >
          Télécharger la carte (SVG)
        </button>
      </p>
    </div>
  );
}
