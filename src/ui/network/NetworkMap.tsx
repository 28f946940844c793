'use client';

import { lazy, Suspense, useRef, useState } from 'react';
import { fetchNetwork, type Network } from './model';
import s from './network.module.css';

/**
 * « Afficher la carte du réseau » (issues 28 and 38). The page's HTML is the same for everyone (a
 * button), and its first-load JavaScript holds only this button: the panel (data, list, graph)
 * is one chunk loaded when the visitor shows the intent to open it (the pointer over the button,
 * the focus on it, a finger pressed on it) or on the click, in parallel with the data, which the
 * press already asks for (a finger's press comes about 100 ms before its click). Closing the map
 * gives the focus back to the button that opened it.
 */
const loadPanel = () => import('./NetworkPanel');
const NetworkPanel = lazy(loadPanel);

export function NetworkMap({ apiPath, subject }: { apiPath: string; subject: string }) {
  const [first, setFirst] = useState<Promise<Network> | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  /** The data asked for on the press, taken by the click that follows. */
  const pressed = useRef<Promise<Network> | null>(null);
  const ask = () => {
    const data = fetchNetwork(`${apiPath}?depth=2`);
    data.catch(() => undefined); // shown by the panel
    return data;
  };
  if (first) {
    return (
      <Suspense
        fallback={
          <p role="status" className={s.note}>
            Chargement du réseau…
          </p>
        }
      >
        <NetworkPanel
          first={first}
          subject={subject}
          onClose={() => {
            setFirst(null);
            // The button is back in the page after this render.
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      </Suspense>
    );
  }
  return (
    <div className={s.map}>
      <button
        ref={opener}
        type="button"
        className={s.open}
        onClick={() => {
          void loadPanel();
          const data = pressed.current ?? ask();
          pressed.current = null;
          setFirst(data);
        }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onPointerDown={() => {
          void loadPanel();
          pressed.current ??= ask();
        }}
      >
        Afficher la carte du réseau
      </button>
      <p className={s.note}>
        Les entreprises dirigées et leurs autres dirigeants, sur deux niveaux, autour de {subject} ;
        chaque entité se développe d’un clic. La carte est aussi donnée en liste.
      </p>
    </div>
  );
}
