'use client';

import { useEffect, useState } from 'react';
import f from '@/i18n/fr/follow';
import s from './claims.module.css';

type Info = {
  description?: string;
  website?: string;
  phone?: string;
  logo_url?: string;
  hours?: string;
};

/**
 * What the verified owner says about the company, loaded in the browser after the page (the
 * cached HTML holds registry data only) and kept apart from it under its own heading.
 */
export function OwnerInfo({ siren }: { siren: string }) {
  const [info, setInfo] = useState<Info | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetch(`/api/company/${siren}/owner-info`, {
      signal: abort.signal,
      headers: { Accept: 'application/json' },
    })
      .then((r) => (r.ok ? r.json() : null))
      .then((j: { data?: { data?: Info | null } } | null) => setInfo(j?.data?.data ?? null))
      .catch(() => {});
    return () => abort.abort();
  }, [siren]);
  if (!info) return null;
  const safeUrl = (u?: string) => (u && /^https:\/\//.test(u) ? u : undefined);
  return (
    <aside className={s.box} data-testid="owner-info">
      <h2 className={s.title}>{f.ownerInfo.title}</h2>
      <p className={s.note}>{f.ownerInfo.note}</p>
      {safeUrl(info.logo_url) ? (
        // eslint-disable-next-line @next/next/no-img-element -- an owner's URL, not optimised by us
        <img
          className={s.logo}
          src={safeUrl(info.logo_url)}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : null}
      <dl className={s.list}>
        {info.description ? (
          <>
            <dt>{f.ownerInfo.description}</dt>
            <dd>{info.description}</dd>
          </>
        ) : null}
        {safeUrl(info.website) ? (
          <>
            <dt>{f.ownerInfo.website}</dt>
            <dd>
              <a href={safeUrl(info.website)} rel="nofollow noopener ugc" target="_blank">
                {info.website}
              </a>
            </dd>
          </>
        ) : null}
        {info.phone ? (
          <>
            <dt>{f.ownerInfo.phone}</dt>
            <dd>{info.phone}</dd>
          </>
        ) : null}
        {info.hours ? (
          <>
            <dt>{f.ownerInfo.hours}</dt>
            <dd>{info.hours}</dd>
          </>
        ) : null}
      </dl>
    </aside>
  );
}
