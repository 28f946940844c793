'use client';

import { lazy, Suspense, useCallback, useState } from 'react';
import {
  expandUrl,
  initialState,
  merge,
  nodeDetail,
  type MapState,
  type Network,
  type NetworkNode,
} from './model';
import s from './network.module.css';

/**
 * « Afficher la carte du réseau » (issue 28). The page's HTML is the same for everyone (a button):
 * the data comes from the API on click, and the graph library (cytoscape) is a chunk of its own,
 * loaded then, never in the page's first-load JavaScript. The list under the map holds the same
 * data and is the accessible alternative: every node, its links and an « Afficher ses liens »
 * button, usable with the keyboard.
 */
const NetworkGraph = lazy(() => import('./NetworkGraph'));

type Status = 'idle' | 'loading' | 'ready' | 'error';

async function fetchNetwork(url: string): Promise<Network> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = (await res.json()) as { data?: { data?: Network }; error?: { message?: string } };
  if (!res.ok || !body.data?.data) {
    throw new Error(body.error?.message ?? 'Le réseau n’a pas pu être chargé.');
  }
  return body.data.data;
}

export function NetworkMap({ apiPath, subject }: { apiPath: string; subject: string }) {
  const [status, setStatus] = useState<Status>('idle');
  const [state, setState] = useState<MapState | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const open = useCallback(async () => {
    setStatus('loading');
    setMessage('Chargement du réseau…');
    try {
      const n = await fetchNetwork(`${apiPath}?depth=2`);
      setState(initialState(n));
      setStatus('ready');
      setMessage(`Réseau chargé : ${n.nodes.length} entités, ${n.edges.length} liens.`);
    } catch (e) {
      setStatus('error');
      setMessage((e as Error).message);
    }
  }, [apiPath]);

  const expand = useCallback(
    async (id: string) => {
      const node = state?.byId.get(id);
      if (!state || !node || node.expanded || busy) return;
      setBusy(id);
      try {
        const n = await fetchNetwork(expandUrl(node));
        setState((prev) => (prev ? merge(prev, n, node.hop) : prev));
        setMessage(`Liens de ${node.name} affichés : ${n.edges.length} liens.`);
      } catch (e) {
        setMessage((e as Error).message);
      } finally {
        setBusy(null);
      }
    },
    [state, busy],
  );

  if (status === 'idle' || status === 'error') {
    return (
      <div className={s.map}>
        <button type="button" className={s.open} onClick={open}>
          Afficher la carte du réseau
        </button>
        <p className={s.note}>
          Les entreprises dirigées et leurs autres dirigeants, sur deux niveaux, autour de {subject}{' '}
          ; chaque entité se développe d’un clic. La carte est aussi donnée en liste.
        </p>
        <p role="status" className={s.note}>
          {status === 'error' ? message : ''}
        </p>
      </div>
    );
  }
  if (!state) {
    return (
      <p role="status" className={s.note}>
        {message}
      </p>
    );
  }
  const { nodes, edges } = state;
  const name = (id: string) => state.byId.get(id)?.name ?? id;
  return (
    <div className={s.map} data-network-map="">
      <p role="status" className={s.note}>
        {message}
      </p>
      {state.truncated ? (
        <p className={s.note}>
          Le réseau est très étendu : la carte montre au plus 30 liens par entité et 150 entités par
          chargement ; les entités marquées « liens non tous affichés » en ont davantage.
        </p>
      ) : null}
      <Suspense fallback={<p className={s.note}>Chargement de la carte…</p>}>
        <NetworkGraph
          nodes={nodes}
          edges={edges}
          center={state.center}
          onExpand={expand}
          label={`Carte du réseau de ${subject} : ${nodes.length} entités et ${edges.length} liens. La liste qui suit en donne le même contenu.`}
        />
      </Suspense>
      <h3 className={s.listTitle}>Le réseau en liste</h3>
      <ul className={s.list} aria-label={`Réseau de ${subject}, en liste`}>
        {nodes.map((n: NetworkNode) => {
          const out = edges.filter((e) => e.source === n.id || e.target === n.id);
          return (
            <li key={n.id} data-node={n.id}>
              <span className={s.name}>
                {n.href ? <a href={n.href}>{n.name}</a> : n.name}
                {n.id === state.center ? ' (point de départ)' : ''}
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
                  onClick={() => void expand(n.id)}
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
