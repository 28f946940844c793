import m from '@/i18n/fr/filters';
import s from './search.module.css';

/**
 * The results' actions area, beside the total and the sort. Export (« Exporter ») and « Enregistrer
 * cette recherche » buttons go here, as children: they receive the page's URL parameters (the
 * search they act on) from the view that renders this slot (CompanySearchView).
 */
export function ResultsActions({ children }: { children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <div className={s.actions} role="group" aria-label={m.actions}>
      {children}
    </div>
  );
}
