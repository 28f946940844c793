import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import type { SourceName } from '@/db/schema';
import { sourceRef, type SourceRef } from './result';

/**
 * Labels and certifications as the Annuaire des Entreprises shows them (its badges), in this
 * order: what the code means, in French, and a note on what it does and does not say.
 */
export const LABELS: Record<string, { label: string; description: string }> = {
  'service-public': {
    label: 'Service public',
    description: 'Structure chargée d’une mission de service public.',
  },
  administration: { label: 'Administration', description: 'Administration publique.' },
  'collectivite-territoriale': {
    label: 'Collectivité territoriale',
    description: 'Commune, département, région ou autre collectivité.',
  },
  'l100-3': {
    label: 'Administration au sens du CRPA',
    description:
      'Administration au sens de l’article L.100-3 du code des relations entre le public et l’administration.',
  },
  ess: {
    label: 'Entreprise de l’économie sociale et solidaire (ESS)',
    description: 'Inscrite à la liste des entreprises de l’ESS tenue par ESS France.',
  },
  rge: {
    label: 'RGE – Reconnu garant de l’environnement',
    description: 'Qualification RGE pour les travaux de rénovation énergétique (ADEME).',
  },
  qualiopi: {
    label: 'Qualiopi',
    description: 'Certification qualité des organismes de formation.',
  },
  'organisme-formation': {
    label: 'Organisme de formation',
    description: 'Déclaration d’activité d’organisme de formation enregistrée.',
  },
  siae: {
    label: 'Structure d’insertion par l’activité économique (SIAE)',
    description: 'Structure conventionnée de l’insertion par l’activité économique.',
  },
  finess: {
    label: 'Établissement sanitaire ou social (FINESS)',
    description: 'Inscrite au fichier national des établissements sanitaires et sociaux.',
  },
  bio: {
    label: 'Professionnel du bio',
    description: 'Opérateur certifié en agriculture biologique (Agence Bio).',
  },
  'entrepreneur-spectacle': {
    label: 'Entrepreneur de spectacles vivants',
    description: 'Titulaire d’un récépissé de déclaration d’entrepreneur de spectacles.',
  },
  egapro: {
    label: 'Index Egapro renseigné',
    description: 'A publié son index de l’égalité professionnelle femmes-hommes.',
  },
  'bilan-ges': {
    label: 'Bilan GES renseigné',
    description: 'A publié un bilan de ses émissions de gaz à effet de serre (ADEME).',
  },
  uai: {
    label: 'Établissement d’enseignement (UAI)',
    description: 'Établissement scolaire ou d’enseignement référencé (UAI).',
  },
  association: { label: 'Association', description: 'Association enregistrée (RNA).' },
  'achats-responsables': {
    label: 'Label Relations fournisseurs et achats responsables',
    description: 'Labellisée pour ses relations fournisseurs et achats responsables.',
  },
  'alim-confiance': {
    label: 'Contrôles sanitaires publiés (Alim’confiance)',
    description: 'Résultats de contrôles sanitaires publiés pour au moins un établissement.',
  },
  'patrimoine-vivant': {
    label: 'Entreprise du patrimoine vivant',
    description: 'Label d’État distinguant des savoir-faire artisanaux et industriels.',
  },
  avocat: { label: 'Avocat', description: 'Inscrit à un barreau.' },
  'aide-minimis': {
    label: 'Aides de minimis reçues',
    description: 'A reçu des aides publiques de minimis.',
  },
  'aide-ademe': {
    label: 'Aides de l’ADEME reçues',
    description: 'A reçu des aides de l’ADEME.',
  },
};

/** The label codes, in display order (also the search filter's values). */
export const LABEL_CODES = Object.keys(LABELS);

export type CompanyLabelView = {
  code: string;
  label: string;
  description: string;
  /** Identifiers or status the sources give with it (FINESS numbers, SIAE type…). */
  details: string[];
  /** The most recent of `sources`. */
  source: SourceRef;
  /** Every source that gives it (the producer's own list, the Annuaire des Entreprises…), newest first. */
  sources: SourceRef[];
};

const DETAIL_LABELS: Record<string, string> = {
  liste_id_organisme_formation: 'N° de déclaration',
  liste_finess_juridique: 'N° FINESS juridique',
  liste_finess: 'N° FINESS',
  liste_rge: 'N° RGE',
  liste_id_bio: 'N° Agence Bio',
  liste_uai: 'N° UAI',
  'finess-geo': 'N° FINESS',
  'finess-ej': 'N° FINESS juridique',
  uai: 'N° UAI',
  rge: 'Qualification RGE',
  bio: 'N° Agence Bio',
  nda: 'N° de déclaration',
  perimetre: 'Périmètre',
  niveau: 'Niveau',
  type_siae: 'Type',
  statut_entrepreneur_spectacle: 'Statut du récépissé',
  identifiant_association: 'N° RNA',
  code: 'Code',
  code_insee: 'Code INSEE',
};

export async function listCompanyLabels(db: Db, siren: string): Promise<CompanyLabelView[]> {
  const rows = await queryRows<{
    label: string;
    source: string;
    source_date: string | null;
    detail: Record<string, unknown> | null;
  }>(
    db,
    // The identifiers the producers' lists give (label_identifiers) join the label's detail.
    sql`SELECT l.label, l.source, l.source_date::text AS source_date,
          l.detail || coalesce((SELECT jsonb_object_agg(kind, ids) FROM (
            SELECT i.kind, jsonb_agg(DISTINCT i.identifier ORDER BY i.identifier) AS ids
            FROM label_identifiers i
            WHERE i.siren = l.siren AND i.source = l.source AND i.label = l.label
            GROUP BY i.kind) k), '{}'::jsonb) AS detail
        FROM company_labels l WHERE l.siren = ${siren}`,
    { prepared: true },
  );
  const order = (c: string) => {
    const i = LABEL_CODES.indexOf(c);
    return i < 0 ? LABEL_CODES.length : i;
  };
  // One card per label, whatever the number of sources giving it.
  const byCode = new Map<string, CompanyLabelView>();
  const newestFirst = [...rows].sort((a, b) =>
    (b.source_date ?? '').localeCompare(a.source_date ?? ''),
  );
  for (const r of newestFirst) {
    const meta = LABELS[r.label] ?? { label: r.label, description: '' };
    const details = Object.entries(r.detail ?? {}).flatMap(([k, v]) => {
      const values = (Array.isArray(v) ? v : [v]).filter((x) => x !== null && x !== '');
      return values.length ? [`${DETAIL_LABELS[k] ?? k} : ${values.join(', ')}`] : [];
    });
    const ref = sourceRef(r.source as SourceName, r.source_date);
    const seen = byCode.get(r.label);
    if (!seen) {
      byCode.set(r.label, {
        code: r.label,
        label: meta.label,
        description: meta.description,
        details,
        source: ref,
        sources: [ref],
      });
      continue;
    }
    seen.sources.push(ref);
    for (const d of details) if (!seen.details.includes(d)) seen.details.push(d);
  }
  return [...byCode.values()].sort((a, b) => order(a.code) - order(b.code));
}
