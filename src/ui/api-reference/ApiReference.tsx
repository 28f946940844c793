'use client';

import { useEffect, useRef } from 'react';

/**
 * The API reference rendered by Scalar from /api/openapi.json: grouped by task, each operation
 * with its parameters, answers and their schemas, errors, examples in curl and JavaScript, and a
 * search (« Rechercher », also with Ctrl + K). Its code (about 1 MB) is loaded here only, from the
 * installed package (app/(registry)/documentation-api/scalar), never bundled with the site.
 */
const ENTRY = '/documentation-api/scalar/standalone.esm.js';

type Scalar = {
  createApiReference: (el: HTMLElement, config: object) => { destroy: () => void };
};

export function ApiReference() {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let app: { destroy: () => void } | null = null;
    let live = true;
    void (
      import(/* webpackIgnore: true */ /* turbopackIgnore: true */ ENTRY) as Promise<Scalar>
    ).then(({ createApiReference }) => {
      if (!live || !box.current) return;
      app = createApiReference(box.current, {
        url: '/api/openapi.json',
        localization: { locale: 'fr' },
        layout: 'modern',
        // Nothing from outside this site: no web fonts, no telemetry, no AI chat, no proxy.
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
        hideClientButton: true,
        hideDarkModeToggle: true,
        forceDarkModeState: 'light',
        documentDownloadType: 'json',
        defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
        hiddenClients: {
          c: true,
          clojure: true,
          csharp: true,
          dart: true,
          fsharp: true,
          go: true,
          http: true,
          java: true,
          kotlin: true,
          objc: true,
          ocaml: true,
          powershell: true,
          r: true,
          ruby: true,
          rust: true,
          swift: true,
          js: ['jquery', 'xhr', 'axios', 'ofetch'],
          node: ['undici', 'axios', 'ofetch'],
        },
      });
    });
    return () => {
      live = false;
      app?.destroy();
    };
  }, []);
  return <div ref={box} data-api-reference="" />;
}
