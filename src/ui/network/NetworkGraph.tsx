'use client';

import { useEffect, useRef } from 'react';
import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import type { NetworkEdge, NetworkNode } from './model';
import s from './network.module.css';

/**
 * The graph itself, drawn by cytoscape. This module is loaded only when a visitor asks for the map
 * (`lazy(() => import('./NetworkGraph'))` in NetworkMap.tsx): cytoscape never weighs on a page's
 * first load. A click on a node not yet developed asks NetworkMap for its links.
 */

const COMPANY = '#000091';
const PERSON = '#c9191e';

function elements(nodes: NetworkNode[], edges: NetworkEdge[], center: string): ElementDefinition[] {
  return [
    ...nodes.map((n) => ({
      group: 'nodes' as const,
      data: {
        id: n.id,
        label: n.name.length > 32 ? `${n.name.slice(0, 31)}…` : n.name,
        kind: n.kind,
        center: n.id === center ? 1 : 0,
        open: n.expanded ? 0 : 1,
      },
    })),
    ...edges.map((e) => ({
      group: 'edges' as const,
      data: {
        id: `${e.source}>${e.target}>${e.role}`,
        source: e.source,
        target: e.target,
        label: e.role,
        ended: e.current ? 0 : 1,
      },
    })),
  ];
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

/** The map as SVG, from the positions cytoscape computed: lines, discs and labels. */
function toSvg(cy: Core): string {
  const box = cy.elements().boundingBox({});
  const pad = 40;
  const w = Math.ceil(box.w + 2 * pad);
  const h = Math.ceil(box.h + 2 * pad);
  const x = (v: number) => (v - box.x1 + pad).toFixed(1);
  const y = (v: number) => (v - box.y1 + pad).toFixed(1);
  const parts: string[] = [];
  cy.edges().forEach((e) => {
    const a = e.source().position();
    const b = e.target().position();
    parts.push(
      `<line x1="${x(a.x)}" y1="${y(a.y)}" x2="${x(b.x)}" y2="${y(b.y)}" stroke="#929292" stroke-width="1.5"${e.data('ended') ? ' stroke-dasharray="4 3"' : ''}><title>${esc(String(e.data('label')))}</title></line>`,
    );
  });
  cy.nodes().forEach((n) => {
    const p = n.position();
    const color = n.data('kind') === 'company' ? COMPANY : PERSON;
    const r = n.data('center') ? 14 : 10;
    parts.push(
      `<circle cx="${x(p.x)}" cy="${y(p.y)}" r="${r}" fill="${color}"/>`,
      `<text x="${x(p.x)}" y="${y(p.y + r + 12)}" font-family="Marianne, Arial, sans-serif" font-size="11" text-anchor="middle" fill="#161616">${esc(String(n.data('label')))}</text>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>\n`;
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
  const box = useRef<HTMLDivElement>(null);
  const cyRef = useRef<Core | null>(null);
  const expandRef = useRef(onExpand);
  useEffect(() => {
    expandRef.current = onExpand;
  }, [onExpand]);

  useEffect(() => {
    if (!box.current) return;
    const cy = cytoscape({
      container: box.current,
      minZoom: 0.2,
      maxZoom: 3,
      style: [
        {
          selector: 'node',
          style: {
            label: 'data(label)',
            'font-size': 10,
            'text-valign': 'bottom',
            'text-margin-y': 4,
            'text-wrap': 'ellipsis',
            'text-max-width': '140px',
            width: 18,
            height: 18,
            'background-color': COMPANY,
          },
        },
        {
          selector: 'node[kind = "person"]',
          style: { 'background-color': PERSON, shape: 'ellipse' },
        },
        { selector: 'node[kind = "company"]', style: { shape: 'round-rectangle' } },
        { selector: 'node[center = 1]', style: { width: 28, height: 28, 'font-weight': 'bold' } },
        { selector: 'node[open = 1]', style: { 'border-width': 2, 'border-color': '#fc5d00' } },
        {
          selector: 'edge',
          style: { width: 1.5, 'line-color': '#929292', 'curve-style': 'straight' },
        },
        { selector: 'edge[ended = 1]', style: { 'line-style': 'dashed' } },
      ],
    });
    cy.on('tap', 'node', (evt) => expandRef.current(evt.target.id() as string));
    cyRef.current = cy;
    return () => {
      cy.destroy();
      cyRef.current = null;
    };
  }, []);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const next = elements(nodes, edges, center);
    cy.batch(() => {
      for (const el of next) {
        const id = el.data.id!;
        const known = cy.getElementById(id);
        if (known.nonempty()) known.data(el.data);
        else cy.add(el);
      }
    });
    cy.layout({ name: 'cose', animate: false, nodeDimensionsIncludeLabels: true }).run();
    cy.fit(undefined, 20);
  }, [nodes, edges, center]);

  return (
    <div>
      <div ref={box} className={s.graph} role="img" aria-label={label} data-network-graph="" />
      <p className={s.legend}>
        Carré bleu : entreprise ; rond rouge : personne ; contour orange : liens à développer
        (cliquez dessus) ; pointillés : mandat terminé.
      </p>
      <p className={s.exports}>
        <button
          type="button"
          onClick={() => {
            const cy = cyRef.current;
            if (cy)
              download(
                'reseau.png',
                cy.png({ output: 'blob', full: true, scale: 2, bg: '#ffffff' }),
              );
          }}
        >
          Télécharger la carte (PNG)
        </button>{' '}
        <button
          type="button"
          onClick={() => {
            const cy = cyRef.current;
            if (cy) download('reseau.svg', new Blob([toSvg(cy)], { type: 'image/svg+xml' }));
          }}
        >
          Télécharger la carte (SVG)
        </button>
      </p>
    </div>
  );
}
