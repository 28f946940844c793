import Link from 'next/link';
import s from './search.module.css';

/**
 * The one frame of every results page (companies, a service group's companies, directors): the
 * title and its search box, the filter panel beside the results (in a sheet on a phone), then a
 * toolbar (total, sort, the phone's filters button, the actions area), the chosen filters and
 * the list. Each page kind fills the slots; none lays itself out.
 */
export function ResultsShell({
  title,
  lead,
  searchBox,
  links,
  panel,
  summary,
  tools,
  chips,
  actions,
  children,
}: {
  title: string;
  lead?: string;
  searchBox: React.ReactNode;
  links: Array<{ href: string; label: string }>;
  /** The filter panel (desktop: beside the results). */
  panel?: React.ReactNode;
  /** The total and the range shown (a status line). */
  summary?: React.ReactNode;
  /** Sort select, the phone's filters button. */
  tools?: React.ReactNode;
  chips?: React.ReactNode;
  /** ResultsActions (export, saved search). */
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className={`container ${s.page}`}>
      <header className={s.head}>
        <h1 className={s.title}>{title}</h1>
        {lead && <p className={s.lead}>{lead}</p>}
        {searchBox}
        <p className={s.tabs}>
          {links.map((l) => (
            <Link key={l.href} href={l.href}>
              {l.label}
            </Link>
          ))}
        </p>
      </header>
      <div className={`${s.layout} ${panel ? s.withFilters : ''}`}>
        {panel && <div className={s.filtersAside}>{panel}</div>}
        <section aria-label="Résultats" className={s.resultsColumn}>
          {(summary || tools || actions) && (
            <div className={s.toolbar}>
              <div className={s.toolbarSummary}>{summary}</div>
              {tools}
              {actions}
            </div>
          )}
          {chips}
          {children}
        </section>
      </div>
    </div>
  );
}
