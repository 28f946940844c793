import Link from 'next/link';
import type { Result } from '@/lib/errors';
import type { EstablishmentView } from '@/registry/company';
import type { EstablishmentFilter, EstablishmentPage } from '@/registry/establishments';
import { formatDate, formatNumber, formatSiret } from './format';
import { Empty, Section, SourceLine, WhenLoaded } from './Section';
import s from './company.module.css';

const FILTERS: Array<[EstablishmentFilter, string]> = [
  ['all', 'Tous'],
  ['open', 'Ouverts'],
  ['closed', 'Fermés'],
];

export function Address({ e }: { e: EstablishmentView }) {
  return (
    <>
      {e.address.lines.map((l) => (
        <span key={l} style={{ display: 'block' }}>
          {l}
        </span>
      ))}
      {e.address.masked ? (
        <span className={s.note}>Adresse non diffusible au-delà de la commune</span>
      ) : null}
    </>
  );
}

export function EstablishmentsTable({ items }: { items: EstablishmentView[] }) {
  return (
    <div className={s.tableWrap}>
      <table className={`${s.table} ${s.stack}`}>
        <thead>
          <tr>
            <th scope="col">SIRET</th>
            <th scope="col">Adresse</th>
            <th scope="col">Activité</th>
            <th scope="col">État</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.siret}>
              <td data-label="SIRET">
                <div>
                  {formatSiret(e.siret)}
                  {e.isHeadOffice ? <strong style={{ display: 'block' }}>Siège</strong> : null}
                  {e.signs.length ? (
                    <span className={s.note} style={{ display: 'block' }}>
                      {e.signs.join(', ')}
                    </span>
                  ) : null}
                </div>
              </td>
              <td data-label="Adresse">
                <div>
                  <Address e={e} />
                </div>
              </td>
              <td data-label="Activité">
                {e.naf.code ? `${e.naf.code}${e.naf.label ? ` — ${e.naf.label}` : ''}` : '—'}
              </td>
              <td data-label="État">
                <div>
                  {e.open
                    ? 'Ouvert'
                    : `Fermé${e.closedDate ? ` le ${formatDate(e.closedDate)}` : ''}`}
                  {e.creationDate ? (
                    <span className={s.note} style={{ display: 'block' }}>
                      créé le {formatDate(e.creationDate)}
                    </span>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Filter tabs and pager as plain links: works without JavaScript, crawlable. */
export function EstablishmentsList({
  page,
  basePath,
  anchor = '',
  params = { filter: 'statut', page: 'page' },
}: {
  page: EstablishmentPage;
  basePath: string;
  anchor?: string;
  params?: { filter: string; page: string };
}) {
  const href = (filter: EstablishmentFilter, n: number) => {
    const q = new URLSearchParams();
    if (filter !== 'all') q.set(params.filter, filter);
    if (n > 1) q.set(params.page, String(n));
    const qs = q.toString();
    return `${basePath}${qs ? `?${qs}` : ''}${anchor}`;
  };
  const counts = {
    all: page.openCount + page.closedCount,
    open: page.openCount,
    closed: page.closedCount,
  };
  const listed = page.openCount + page.closedCount;
  return (
    <>
      {page.stated ? (
        <p className={s.muted}>
          {page.stated.total != null
            ? `${formatNumber(listed)} établissement${listed > 1 ? 's' : ''} affiché${listed > 1 ? 's' : ''} sur ${formatNumber(page.stated.total)}`
            : `${formatNumber(listed)} établissement${listed > 1 ? 's' : ''} affiché${listed > 1 ? 's' : ''}`}
          {page.stated.open != null
            ? ` (${formatNumber(page.stated.open)} ouvert${page.stated.open > 1 ? 's' : ''})`
            : ''}{' '}
          : nos données ne contiennent qu&apos;une partie des établissements de l&apos;entreprise.
          {page.stated.source
            ? ` Totaux : ${page.stated.source.label}${page.stated.source.date ? `, mise à jour du ${formatDate(page.stated.source.date)}` : ''}.`
            : ''}
        </p>
      ) : null}
      <ul className={s.tabs} aria-label="Filtrer les établissements">
        {FILTERS.map(([f, label]) => (
          <li key={f}>
            <Link
              href={href(f, 1)}
              prefetch={false}
              scroll={false}
              className={`${s.tab} ${page.filter === f ? s.tabCurrent : ''}`}
              aria-current={page.filter === f ? 'page' : undefined}
            >
              {label} ({formatNumber(counts[f])})
            </Link>
          </li>
        ))}
      </ul>
      {page.items.length ? (
        <EstablishmentsTable items={page.items} />
      ) : (
        <Empty>Aucun établissement dans cette catégorie.</Empty>
      )}
      {page.pageCount > 1 ? (
        <nav className={s.pager} aria-label="Pages d'établissements">
          {page.page > 1 ? (
            <Link href={href(page.filter, page.page - 1)} prefetch={false}>
              ← Page précédente
            </Link>
          ) : null}
          <span>
            Page {page.page} sur {formatNumber(page.pageCount)}
          </span>
          {page.page < page.pageCount ? (
            <Link href={href(page.filter, page.page + 1)} prefetch={false}>
              Page suivante →
            </Link>
          ) : null}
        </nav>
      ) : null}
      <SourceLine sources={page.items.slice(0, 1).map((e) => e.source)} />
    </>
  );
}

export function EstablishmentsSection({
  siren,
  headOffice,
  establishments,
  basePath,
}: {
  siren: string;
  headOffice: EstablishmentView | null;
  establishments: Result<EstablishmentPage>;
  basePath: string;
}) {
  return (
    <Section
      id="etablissements"
      title="Siège et établissements"
      link={{ href: `/liste-etablissements/${siren}`, label: 'Tous les établissements' }}
    >
      {headOffice ? (
        <p>
          <strong>Siège social :</strong>{' '}
          {headOffice.address.lines.join(', ') || 'adresse non renseignée'}
          {headOffice.address.masked ? ' (adresse non diffusible au-delà de la commune)' : ''}
        </p>
      ) : (
        <p className={s.muted}>Le siège social n&apos;est pas renseigné.</p>
      )}
      <WhenLoaded value={establishments}>
        {(page) => (
          <EstablishmentsList
            page={page}
            basePath={basePath}
            anchor="#etablissements"
            params={{ filter: 'etablissements', page: 'page_etablissements' }}
          />
        )}
      </WhenLoaded>
    </Section>
  );
}
