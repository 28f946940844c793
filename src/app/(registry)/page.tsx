import type { Metadata } from 'next';
import { messages } from '@/i18n';
import { getHeaderStats } from '@/registry/stats';
import { visibleStats, type HeaderStatKey } from '@/ui/frame/rules';
import { soldHeaderStats } from '@/loaders/header-stats';
import { formatCount } from '@/ui/format';
import { Icon } from '@/ui/icons/Icon';
import { LazySearchCombobox } from '@/ui/search/LazySearchCombobox';
import { ServicesGrid } from '@/ui/services-grid/ServicesGrid';
import s from './home.module.css';
import { frameMetadata } from '@/ui/frame/metadata';

export const dynamic = 'force-dynamic';

const m = messages.home;

export const metadata: Metadata = frameMetadata('/', {
  title: { absolute: m.title },
  description: m.description,
});

const statKeys: HeaderStatKey[] = [
  'docAvailable',
  'searchableSiret',
  'kbisAvailable',
  'verifiedCompanyProfile',
];

export default async function HomePage() {
  const stats = soldHeaderStats(await getHeaderStats());
  return (
    <>
      <section className={s.hero} aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title" className={s.heading}>
            {m.heading}
          </h1>
          <p className={s.lead}>{m.lead}</p>
          {/* The header's combobox (suggestions, keyboard, screen readers), its code loaded when a
              visitor reaches it; a plain GET form to /resultats before any JavaScript. */}
          <label htmlFor="home-search" className={s.searchLabel}>
            {m.searchLabel}
          </label>
          <LazySearchCombobox
            action="/resultats"
            label={m.searchLabel}
            placeholder={m.searchPlaceholder}
            buttonLabel={m.searchButton}
            suggest
            inputId="home-search"
            externalLabel
            describedBy="home-search-hint"
            icon={<Icon name="search" />}
            classes={{ form: s.search, field: s.searchField, input: '', button: s.searchButton }}
          />
          <p id="home-search-hint" className={s.hint}>
            {m.searchHint}
          </p>
        </div>
      </section>

      <section className="container" aria-labelledby="home-stats-title">
        <h2 id="home-stats-title" className="visually-hidden">
          {m.statsTitle}
        </h2>
        <ul className={s.stats} data-testid="home-stats">
          {stats ? (
            visibleStats(stats, statKeys).map(({ key, value }) => (
              <li key={key} className={s.stat} data-stat={key}>
                <strong className={s.statValue}>{formatCount(value)}</strong>
                <span className={s.statLabel}>{messages.frame.stats[key]}</span>
              </li>
            ))
          ) : (
            <li className={s.unavailable}>{messages.frame.statsUnavailable}</li>
          )}
        </ul>
      </section>

      <section className={s.section} aria-labelledby="home-services-title">
        <div className="container">
          <h2 id="home-services-title" className={s.sectionTitle}>
            {m.servicesTitle}
          </h2>
          <p className={s.sectionLead}>{m.servicesLead}</p>
          <ServicesGrid variant="full" headingLevel={3} />
        </div>
      </section>

      <section className={s.section} aria-labelledby="home-sources-title">
        <div className="container">
          <div className={s.sources}>
            <h2 id="home-sources-title">{m.sourcesTitle}</h2>
            <p>{m.sourcesText}</p>
          </div>
        </div>
      </section>
    </>
  );
}
