import type { CompanyDocument } from '@/domain/catalogue/documents';
import Link from 'next/link';
import type { Result } from '@/lib/errors';
import type { CompanyProfile } from '@/registry/company';
import type { EstablishmentView } from '@/registry/establishment-view';
import type { EstablishmentFilter, EstablishmentPage } from '@/registry/establishments';
import { formatDate, formatNumber, formatSiret } from './format';
import { Empty, Section, SourceLine, WhenLoaded } from './Section';
import { interpolate, messages } from '@/i18n';
import s from './company.module.css';
import { ScrollRegion } from '@/ui/scroll/ScrollRegion';
import { ColumnHeads } from '@/ui/table/ColumnHeads';

const m = messages.company.establishments;
const FILTERS: EstablishmentFilter[] = ['all', 'open', 'closed'];

export function Address({ e }: { e: EstablishmentView }) {
  return (
    <>
      {e.address.lines.map((l) => (
        <span key={l} style={{ display: 'block' }}>
          {l}
        </span>
      ))}
      {e.address.masked ? <span className={s.note}>{m.maskedAddress}</span> : null}
    </>
  );
}

export function EstablishmentsTable({ items }: { items: EstablishmentView[] }) {
  return (
    <ScrollRegion label={m.title}>
      <table className={`${s.table} ${s.stack}`}>
        <ColumnHeads labels={[m.siret, m.address, m.activity, m.state]} />
        <tbody>
          {items.map((e) => (
            <tr key={e.siret}>
              <td data-label={m.siret}>
                <div>
                  {formatSiret(e.siret)}
                  {e.isHeadOffice ? (
                    <strong style={{ display: 'block' }}>{m.headOffice}</strong>
                  ) : null}
                  {e.signs.length ? (
                    <span className={s.note} style={{ display: 'block' }}>
                      {e.signs.join(', ')}
                    </span>
                  ) : null}
                </div>
              </td>
              <td data-label={m.address}>
                <div>
                  <Address e={e} />
                </div>
              </td>
              <td data-label={m.activity}>
                {e.naf.code ? `${e.naf.code}${e.naf.label ? ` — ${e.naf.label}` : ''}` : '—'}
              </td>
              <td data-label={m.state}>
                <div>
                  {e.open
                    ? m.open
                    : e.closedDate
                      ? interpolate(m.closedOn, { date: formatDate(e.closedDate) })
                      : m.closed}
                  {e.creationDate ? (
                    <span className={s.note} style={{ display: 'block' }}>
                      {interpolate(m.createdOn, { date: formatDate(e.creationDate) })}
                    </span>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
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
          {interpolate(page.stated.total != null ? m.shownOf : m.shown, {
            count: formatNumber(listed),
            n: listed,
            total: formatNumber(page.stated.total ?? 0),
          })}
          {page.stated.open != null
            ? interpolate(m.statedOpen, {
                count: formatNumber(page.stated.open),
                n: page.stated.open,
              })
            : ''}
          {m.partial}
          {page.stated.source
            ? page.stated.source.date
              ? interpolate(m.totalsDated, {
                  source: page.stated.source.label,
                  date: formatDate(page.stated.source.date),
                })
              : interpolate(m.totals, { source: page.stated.source.label })
            : ''}
        </p>
      ) : null}
      <ul className={s.tabs} aria-label={m.filterLabel}>
        {FILTERS.map((f) => (
          <li key={f}>
            <Link
              href={href(f, 1)}
              prefetch={false}
              scroll={false}
              className={`${s.tab} ${page.filter === f ? s.tabCurrent : ''}`}
              aria-current={page.filter === f ? 'page' : undefined}
            >
              {interpolate(m.filterTab, { label: m.filters[f], count: formatNumber(counts[f]) })}
            </Link>
          </li>
        ))}
      </ul>
      {page.items.length ? (
        <EstablishmentsTable items={page.items} />
      ) : (
        <Empty>{m.noneInFilter}</Empty>
      )}
      {page.pageCount > 1 ? (
        <nav className={s.pager} aria-label={m.pagesLabel}>
          {page.page > 1 ? (
            <Link href={href(page.filter, page.page - 1)} prefetch={false}>
              {messages.company.pager.previous}
            </Link>
          ) : null}
          <span>
            {interpolate(m.pageOf, { page: page.page, count: formatNumber(page.pageCount) })}
          </span>
          {page.page < page.pageCount ? (
            <Link href={href(page.filter, page.page + 1)} prefetch={false}>
              {messages.company.pager.next}
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
  orders,
}: {
  siren: string;
  headOffice: CompanyProfile['headOfficeAddress'];
  establishments: Result<EstablishmentPage>;
  basePath: string;
  orders?: CompanyDocument[];
}) {
  return (
    <Section
      id="etablissements"
      title={m.title}
      link={{ href: `/liste-etablissements/${siren}`, label: m.allLink }}
      orders={orders}
    >
      {headOffice ? (
        <p>
          <strong>{m.headOfficeLabel}</strong>{' '}
          {headOffice.address.lines.join(', ') || m.headOfficeUnknownAddress}
          {headOffice.address.masked ? m.headOfficeMasked : ''}
          {!headOffice.establishmentKnown && headOffice.source
            ? m.headOfficeFrom(headOffice.source.label, headOffice.source.date)
            : ''}
        </p>
      ) : (
        <p className={s.muted}>{m.noHeadOffice}</p>
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
