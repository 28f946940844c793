/**
 * Every filter value printed with its label, never a bare code: « Forme juridique : SAS, société
 * par actions simplifiée », « Département : 75 – Paris ». Same label sources as the company page
 * (src/domain: legal forms, NAF, departments, headcount bands, categories).
 */
import { headcountBandLabel, legalFormLabel } from '@/domain/legal-forms';
import { categoryLabel } from '@/domain/reference/categories';
import { departmentLabel } from '@/domain/reference/departments';
import { nafLabel, nafSectionLabel } from '@/domain/reference/naf';
import m from '@/i18n/fr/filters';
import { interpolate } from '@/i18n/interpolate';
import { FILTER_PARAMS, SEARCH_LABELS } from '@/search/filter-params';
import { GEO_PARAMS } from './resultsUrl';

const eur = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

/** 2024-03-05 → 05/03/2024 */
function dateFr(iso: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return d ? `${d[3]}/${d[2]}/${d[1]}` : iso;
}

/** A code's label alone (the filter panel's options and the chips). */
export function codeLabel(param: string, code: string): string {
  const withCode = (label: string | null) =>
    label ? interpolate(m.codeLabel, { code, label }) : code;
  switch (param) {
    case FILTER_PARAMS.departments:
      return withCode(departmentLabel(code));
    case FILTER_PARAMS.activities:
      return /^[A-U]$/.test(code)
        ? interpolate(m.section, { code, label: nafSectionLabel(code) ?? '' })
        : withCode(nafLabel(code));
    case FILTER_PARAMS.legalForms:
      return code.length === 4
        ? (legalFormLabel(code) ?? code)
        : interpolate(m.legalFormPrefix, { code });
    case FILTER_PARAMS.headcountBands:
      if (code === 'NN') return 'Non employeuse';
      if (code === '00') return '0 salarié';
      return headcountBandLabel(code) ?? code;
    case FILTER_PARAMS.categories:
      return categoryLabel(code) ?? code;
    case FILTER_PARAMS.labels:
    case FILTER_PARAMS.excludedLabels:
      return SEARCH_LABELS[code] ?? code;
    case FILTER_PARAMS.status:
      return code === 'A' || code === 'actif'
        ? m.statuses.actif
        : code === 'C' || code === 'cesse'
          ? m.statuses.cesse
          : code;
    default:
      return code;
  }
}

function amount(raw: string): string {
  const n = Number(raw);
  return Number.isFinite(n) ? eur.format(n) : raw;
}

/** A chip's text: the field's name and the value's label. */
export function describeFilter(param: string, value: string, params: URLSearchParams): string {
  const field = (m.chipFields as Record<string, string>)[param];
  const radius = params.get(GEO_PARAMS.radius);
  switch (param) {
    case FILTER_PARAMS.createdFrom:
      return interpolate(m.createdFromChip, { date: dateFr(value) });
    case FILTER_PARAMS.createdTo:
      return interpolate(m.createdToChip, { date: dateFr(value) });
    case FILTER_PARAMS.capitalMin:
      return interpolate(m.atLeast, { field: m.capitalShort, amount: amount(value) });
    case FILTER_PARAMS.capitalMax:
      return interpolate(m.atMost, { field: m.capitalShort, amount: amount(value) });
    case FILTER_PARAMS.revenueMin:
      return interpolate(m.atLeast, { field: m.revenueShort, amount: amount(value) });
    case FILTER_PARAMS.revenueMax:
      return interpolate(m.atMost, { field: m.revenueShort, amount: amount(value) });
    case FILTER_PARAMS.netResultMin:
      return interpolate(m.atLeast, { field: m.netResultShort, amount: amount(value) });
    case FILTER_PARAMS.netResultMax:
      return interpolate(m.atMost, { field: m.netResultShort, amount: amount(value) });
    case FILTER_PARAMS.contradictions:
      return m.contradictions;
    case GEO_PARAMS.around:
    case GEO_PARAMS.lat: {
      const place = param === GEO_PARAMS.lat ? m.myPosition : value;
      return interpolate(m.chip, {
        field: field ?? param,
        value: radius ? interpolate(m.withinKm, { place, km: radius }) : place,
      });
    }
    default:
      return interpolate(m.chip, { field: field ?? param, value: codeLabel(param, value) });
  }
}
