'use client';

import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import {
  expandUrl,
  initialState,
  fetchNetwork,
  merge,
  nodeDetail,
  type MapState,
  type Network,
  type NetworkEdge,
  type NetworkNode,
} from './model';
import NetworkGraph from './NetworkGraph';
import s from './network.module.css';

/**
 * The network map once asked for (NetworkMap.tsx loads this chunk on intent or on the click): the data from
 * the API, the graph, and the list under it that holds the same data and is the accessible
 * alternative: every node, its links and an « Afficher ses liens » button, usable with the
 * keyboard. The list is rendered just after the graph (a deferred value): the map is drawn without
 * waiting for its few hundred list items (issue 38, opening under a second on a slow phone).
 * Focus: on the map's title once it opens, on an entity's entry in the list once its
 * links are shown (its button goes away), back on the opener when the map closes.
 */

type Status = 'loading' | 'ready' | 'error';

export default function NetworkPanel({
  first,
  subject,
  onClose,
}: {
  /** The depth-2 answer, asked for on the click while this chunk loads. */
  first: Promise<Network>;
  subject: string;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<Status>('loading');
  const [state, setState] = useState<MapState | null>(null);
  const [message, setMessage] = useState('Chargement du réseau…');
  const [busy, setBusy] = useState<string | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const [focusNode, setFocusNode] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const listed = useDeferredValue(state);

  useEffect(() => {
    let live = true;
    first.then(
      (n) => {
        if (!live) return;
        setState(initialState(n));
        setStatus('ready');
        setMessage(`Réseau chargé : ${n.nodes.length} entités, ${n.edges.length} liens.`);
      },
      (e: Error) => {
        if (!live) return;
        setStatus('error');
        setMessage(e.message);
      },
    );
    return () => {
      live = false;
    };
  }, [first]);

  // The focus follows what opened: the map's title, then the entry of an entity developed.
  useEffect(() => {
    if (status !== 'loading') title.current?.focus();
  }, [status]);
  useEffect(() => {
    if (!focusNode) return;
    list.current?.querySelector<HTMLElement>(`[data-node="${CSS.escape(focusNode)}"]`)?.focus();
  }, [focusNode, state]);

  const expand = useCallback(
    async (id: string, fromKeyboardList: boolean) => {
      const node = state?.byId.get(id);
      if (!state || !node || node.expanded || busy) return;
      setBusy(id);
      try {
        const n = await fetchNetwork(expandUrl(node));
        setState((prev) => (prev ? merge(prev, n, node.hop) : prev));
        setMessage(`Liens de ${node.name} affichés : ${n.edges.length} liens.`);
        if (fromKeyboardList) setFocusNode(id);
      } catch (e) {
        setMessage((e as Error).message);
      } finally {
        setBusy(null);
      }
    },
    [state, busy],
  );

  const head = (
    <div className={s.head}>
      <h3 ref={title} tabIndex={-1}>
        Carte du réseau de {subject}
      </h3>
      <button type="button" className={s.close} onClick={onClose}>
        Fermer la carte
      </button>
    </div>
  );
  if (!state) {
    return (
      <div className={s.map}>
        {status === 'error' ? head : null}
        <p role="status" className={s.note}>
          {message}
        </p>
      </div>
    );
  }
  const { nodes, edges } = state;
  const name = (id: string) => listed?.byId.get(id)?.name ?? id;
  // Each entity's links, in one pass over the edges.
  const linksOf = new Map<string, NetworkEdge[]>();
  for (const e of listed?.edges ?? []) {
    for (const id of e.source === e.target ? [e.source] : [e.source, e.target]) {
      const known = linksOf.get(id);
      if (known) known.push(e);
      else linksOf.set(id, [e]);
    }
  }
  return (
    <div className={s.map} data-network-map="">
      {head}
      <p role="status" className={s.note}>
        {message}
      </p>
      {state.truncated ? (
        <p className={s.note}>
          Le réseau est très étendu : la carte montre au plus 30 liens par entité et 150 entités par
          chargement ; les entités marquées « liens non tous affichés » en ont davantage.
        </p>
      ) : null}
      <NetworkGraph
        nodes={nodes}
        edges={edges}
        center={state.center}
        onExpand={(id) => void expand(id, false)}
        label={`Carte du réseau de ${subject} : ${nodes.length} entités et ${edges.length} liens. La liste qui suit en donne le même contenu.`}
      />
      <h3 className={s.listTitle}>Le réseau en liste</h3>
      <ul ref={list} className={s.list} aria-label={`Réseau de ${subject}, en liste`}>
        {(listed?.nodes ?? []).map((n: NetworkNode) => {
          const out = linksOf.get(n.id) ?? [];
          return (
            <li key={n.id} data-node={n.id} tabIndex={-1}>
              <span className={s.name}>
                {n.href ? <a href={n.href}>{n.name}</a> : n.name}
                {n.id === listed!.center ? ' (point de départ)' : ''}
              </span>{' '}
              <span className={s.detail}>
                {nodeDetail(n)}
                {n.truncated ? ' · liens non tous affichés' : ''}
              </span>
              {out.length ? (
                <ul>
                  {out.map((e) => (
                    <li key={`${e.id}-${e.source}-${e.target}`}>
                      {e.source === n.id
                        ? `${e.role} de ${name(e.target)}`
                        : `${name(e.source)} : ${e.role}`}
                      {e.current ? '' : ' (mandat terminé)'}
                    </li>
                  ))}
                </ul>
              ) : null}
              {!n.expanded ? (
                <button
                  type="button"
                  className={s.expand}
                  onClick={() => void expand(n.id, true)}
                  disabled={busy === n.id}
                >
                  Afficher les liens de {n.name}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
