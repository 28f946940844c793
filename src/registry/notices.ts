import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/db/client';
import { notices } from '@/db/schema';
import { selectList, type ColumnName, type RawRow } from '@/db/raw-rows';
import { NOTICE_PUBLICATION_COLUMNS } from '@/db/shared-columns';
import { parseCourt } from './courts';
import { clean, sourceRef, type SourceRef } from './result';

/** A court as the site prints it ("Greffe du tribunal de commerce de Paris"), or the raw value. */
const courtLabel = (raw: string | null) => parseCourt(raw)?.label ?? clean(raw);

export type NoticeView = {
  id: string;
  bodaccKind: string;
  family: string;
  familyLabel: string;
  typeLabel: string | null;
  publishedAt: string;
  issueNumber: string | null;
  noticeNumber: string | null;
  court: string | null;
  text: string | null;
  /** 'annonce', 'rectificatif', 'annulation'. */
  noticeType: string | null;
  /** A correction or cancellation: the notice it applies to, and whether we hold it. */
  corrects: { id: string; held: boolean; publishedAt: string | null } | null;
  /** Later notices correcting this one. */
  correctedBy: string[];
  /** Every field of the notice as the source gives it, labelled in French (nothing dropped). */
  fields: Array<{ label: string; value: string }>;
  source: SourceRef;
};

/** French labels of the BODACC fields (XML tags and API keys); others are spelled out. */
const FIELD_LABELS: Record<string, string> = {
  typeAnnonce: "Type d'annonce",
  typeavis: "Type d'annonce",
  typeavis_lib: "Type d'annonce",
  nojo: 'Numéro de l’annonce au Journal officiel (nojo)',
  numeroAnnonce: "Numéro d'annonce",
  numeroannonce: "Numéro d'annonce",
  numeroDepartement: 'Département',
  numerodepartement: 'Département',
  tribunal: 'Tribunal',
  personnes: 'Personnes',
  personne: 'Personne',
  listepersonnes: 'Personnes',
  personneMorale: 'Personne morale',
  personnePhysique: 'Personne physique',
  numeroImmatriculation: 'Immatriculation',
  numeroIdentification: "Numéro d'identification",
  codeRCS: 'Registre',
  nomGreffeImmat: "Greffe d'immatriculation",
  denomination: 'Dénomination',
  formeJuridique: 'Forme juridique',
  administration: 'Administration',
  capital: 'Capital',
  montantCapital: 'Montant du capital',
  capitalVariable: 'Capital variable',
  devise: 'Devise',
  adresse: 'Adresse',
  adresseSiegeSocial: 'Adresse du siège',
  france: 'France',
  etranger: 'Étranger',
  numeroVoie: 'Numéro',
  typeVoie: 'Type de voie',
  nomVoie: 'Voie',
  complGeographique: 'Complément',
  localite: 'Localité',
  codePostal: 'Code postal',
  ville: 'Ville',
  pays: 'Pays',
  BP: 'Boîte postale',
  etablissement: 'Établissement',
  origineFonds: 'Origine du fonds',
  qualiteEtablissement: "Qualité de l'établissement",
  activite: 'Activité',
  enseigne: 'Enseigne',
  nomCommercial: 'Nom commercial',
  sigle: 'Sigle',
  nom: 'Nom',
  prenom: 'Prénoms',
  nomUsage: "Nom d'usage",
  pseudonyme: 'Pseudonyme',
  nonInscrit: 'Non inscrit',
  parutionAvisPrecedent: 'Annonce rectifiée',
  parutionavisprecedent: 'Annonce rectifiée',
  nomPublication: 'Publication',
  numeroParution: 'Numéro de parution',
  dateParution: 'Date de parution',
  dateparution: 'Date de parution',
  acte: 'Acte',
  creation: 'Création',
  immatriculation: 'Immatriculation',
  vente: 'Vente',
  categorieCreation: 'Catégorie',
  categorieVente: 'Catégorie',
  categorieImmatriculation: 'Catégorie',
  dateImmatriculation: "Date d'immatriculation",
  dateCommencementActivite: "Date de commencement d'activité",
  dateEffet: "Date d'effet",
  descriptif: 'Descriptif',
  journal: 'Journal d’annonces légales',
  titre: 'Titre',
  date: 'Date',
  opposition: 'Oppositions',
  declarationCreance: 'Déclaration des créances',
  precedentProprietairePM: 'Précédent propriétaire (personne morale)',
  precedentProprietairePP: 'Précédent propriétaire (personne physique)',
  precedentExploitantPM: 'Précédent exploitant (personne morale)',
  precedentExploitantPP: 'Précédent exploitant (personne physique)',
  jugement: 'Jugement',
  nature: 'Nature',
  complementJugement: 'Complément',
  depot: 'Dépôt',
  dateCloture: 'Date de clôture',
  typeDepot: 'Type de dépôt',
  familleavis: "Famille d'annonce",
  familleavis_lib: "Famille d'annonce",
  publicationavis: 'Publication',
  publicationavis_facette: 'Publication',
  parution: 'Numéro de parution',
  commercant: 'Commerçant ou société',
  registre: 'Registre',
  cp: 'Code postal',
  region_code: 'Code région',
  region_nom_officiel: 'Région',
  departement_nom_officiel: 'Département',
  url_complete: 'Adresse de l’annonce sur bodacc.fr',
  ispdf_unitaire: 'PDF unitaire',
  pdf_parution_subfolder: 'Dossier PDF de la parution',
  id: 'Identifiant',
  typePersonne: 'Type de personne',
  modificationsgenerales: 'Modifications générales',
  radiationaurcs: 'Radiation au RCS',
  radiationPM: 'Radiation (personne morale)',
  commentaire: 'Commentaire',
};

/** "dateCommencementActivite" → "Date commencement activite" for a key with no label. */
const spell = (key: string) =>
  FIELD_LABELS[key] ??
  key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/**
 * Every leaf of the notice as "Label › Label : value" (in the stored order: jsonb sorts keys); an empty element
 * (`<rectificatif/>`) is its own value. Nothing is left out.
 */
export function noticeFields(extra: unknown): Array<{ label: string; value: string }> {
  const out: Array<{ label: string; value: string }> = [];
  const walk = (v: unknown, path: string[], key: string) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) {
      v.forEach((x, i) =>
        walk(x, v.length > 1 ? [...path.slice(0, -1), `${path.at(-1) ?? ''} ${i + 1}`] : path, key),
      );
      return;
    }
    const empty =
      (typeof v === 'object' && Object.keys(v as object).length === 0) ||
      (typeof v === 'string' && !v.trim());
    if (empty) {
      // An empty element (<annonce/>, <rectificatif/>) says something by its name alone.
      if (key) out.push({ label: path.slice(0, -1).join(' › ') || spell(key), value: key });
      return;
    }
    if (typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>))
        walk(x, [...path, spell(k)], k);
      return;
    }
    out.push({ label: path.join(' › '), value: String(v).trim() });
  };
  walk(extra, [], '');
  return out;
}

const FAMILIES: Record<string, string> = {
  creation: 'Création',
  immatriculation: 'Immatriculation',
  vente: 'Vente et cession',
  modification: 'Modification',
  radiation: 'Radiation',
  'depot-comptes': 'Dépôt des comptes',
  dpc: 'Dépôt des comptes',
  collective: 'Procédure collective',
  'retablissement-professionnel': 'Rétablissement professionnel',
  retablissement_professionnel: 'Rétablissement professionnel',
  procedure: 'Procédure collective',
  'procedure-collective': 'Procédure collective',
  conciliation: 'Procédure de conciliation',
  retablissement: 'Rétablissement professionnel',
};

export function familyLabel(family: string): string {
  return FAMILIES[family] ?? family.charAt(0).toUpperCase() + family.slice(1).replace(/-/g, ' ');
}

const NOTICE_FIELDS = [
  'id',
  ...NOTICE_PUBLICATION_COLUMNS,
  'text',
  'notice_type',
  'corrects_id',
  'extra',
] as const satisfies readonly ColumnName<typeof notices>[];
const NOTICE_COLUMNS = selectList(notices, 'n', NOTICE_FIELDS, ['published_at']);

/** A `notices` row as NOTICE_COLUMNS reads it, with what the corrected notice tells. */
type Row = Pick<RawRow<typeof notices>, (typeof NOTICE_FIELDS)[number]> & {
  corrects_held: boolean | null;
  corrects_date: string | null;
  corrected_by: string[] | null;
};

/**
 * BODACC notices of a company, newest first. A protected natural person's notices are kept (the
 * BODACC publishes them) but their free text, which names the person, is not.
 */
export async function listNotices(
  db: Db,
  company: { siren: string; protected: boolean; isNaturalPerson: boolean },
  opts: { limit?: number; offset?: number } = {},
): Promise<{ items: NoticeView[]; total: number }> {
  const limit = opts.limit ?? 200;
  const [rows, count] = await Promise.all([
    queryRows<Row>(
      db,
      sql`SELECT ${NOTICE_COLUMNS}, c.id IS NOT NULL AS corrects_held,
                 c.published_at::text AS corrects_date,
                 ARRAY(SELECT r.id FROM notices r WHERE r.corrects_id = n.id ORDER BY r.id) AS corrected_by
          FROM notices n LEFT JOIN notices c ON c.id = n.corrects_id
          WHERE n.siren = ${company.siren}
          ORDER BY n.published_at DESC, n.id DESC LIMIT ${limit} OFFSET ${opts.offset ?? 0}`,
      { prepared: true },
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM notices WHERE siren = ${company.siren}`,
      { prepared: true },
    ),
  ]);
  const hideText = company.protected && company.isNaturalPerson;
  return {
    total: count[0]?.n ?? 0,
    items: rows.map((r) => ({
      id: r.id,
      bodaccKind: r.bodacc_kind,
      family: r.family,
      familyLabel: familyLabel(r.family),
      typeLabel: clean(r.type_label),
      publishedAt: r.published_at,
      issueNumber: r.issue_number,
      noticeNumber: r.notice_number,
      court: courtLabel(r.court),
      text: hideText ? null : clean(r.text),
      noticeType: r.notice_type,
      corrects: r.corrects_id
        ? { id: r.corrects_id, held: !!r.corrects_held, publishedAt: r.corrects_date }
        : null,
      correctedBy: r.corrected_by ?? [],
      fields: hideText ? [] : noticeFields(r.extra ?? {}),
      source: sourceRef('bodacc', r.published_at),
    })),
  };
}

/**
 * The families of a company's BODACC notices (« creation », « depot-comptes »…), each once: what
 * the documents' availability checks ask (is there any notice, any act, any change?), read from
 * the index without the notices themselves. Reading them through `listNotices` with the lists'
 * bound of 10,000 rows made PostgreSQL plan for 10,000 rows and compile the plan (JIT), 150 to
 * 700 ms on every cold company page.
 */
export async function listNoticeFamilies(db: Db, siren: string): Promise<Set<string>> {
  const rows = await queryRows<{ family: string }>(
    db,
    sql`SELECT DISTINCT family FROM notices WHERE siren = ${siren}`,
    { prepared: true },
  );
  return new Set(rows.map((r) => r.family));
}

export type InsolvencyView = {
  id: string;
  judgmentDate: string | null;
  nature: string | null;
  state: string | null;
  stateLabel: string | null;
  court: string | null;
  complement: string | null;
};

export type InsolvencySummary = {
  items: InsolvencyView[];
  /** The latest judgment's state: what the company is under today, per the BODACC. */
  current: InsolvencyView | null;
  source: SourceRef;
};

const STATES: Record<string, string> = {
  sauvegarde: 'Procédure de sauvegarde',
  'sauvegarde-acceleree': 'Sauvegarde accélérée',
  redressement: 'Redressement judiciaire',
  liquidation: 'Liquidation judiciaire',
  'liquidation-simplifiee': 'Liquidation judiciaire simplifiée',
  plan: 'Plan de sauvegarde ou de redressement',
  'plan-sauvegarde': 'Plan de sauvegarde',
  'plan-redressement': 'Plan de redressement',
  cloture: 'Procédure clôturée',
  'cloture-insuffisance-actif': "Clôture pour insuffisance d'actif",
  conciliation: 'Conciliation',
  retablissement: 'Rétablissement professionnel',
};

export function insolvencyStateLabel(state: string | null): string | null {
  if (!state) return null;
  return STATES[state] ?? state.charAt(0).toUpperCase() + state.slice(1).replace(/-/g, ' ');
}

export async function listInsolvency(db: Db, siren: string): Promise<InsolvencySummary> {
  const rows = await queryRows<{
    id: string;
    judgment_date: string | null;
    nature: string | null;
    state: string | null;
    court: string | null;
    complement: string | null;
  }>(
    db,
    sql`SELECT id, judgment_date::text AS judgment_date, nature, state, court, complement
        FROM insolvency_proceedings WHERE siren = ${siren}
        ORDER BY judgment_date DESC NULLS LAST, id DESC`,
    { prepared: true },
  );
  const items = rows.map((r) => ({
    id: r.id,
    judgmentDate: r.judgment_date,
    nature: clean(r.nature),
    state: r.state,
    stateLabel: insolvencyStateLabel(r.state),
    court: courtLabel(r.court),
    complement: clean(r.complement),
  }));
  return { items, current: items[0] ?? null, source: sourceRef('bodacc', items[0]?.judgmentDate) };
}

/**
 * What the BODACC says a company is under today, in the government API's `bodacc` block: the
 * latest judgment when it leaves a collective procedure open (its state: `liquidation_judiciaire`,
 * `redressement_judiciaire`, `sauvegarde`, the rules of data/samples/labels/
 * bodacc-jugement-rules.yml; a closing judgment has none), with its notice; and the latest
 * strike-off notice.
 */
export async function bodaccStanding(
  db: Db,
  siren: string,
): Promise<{
  procedure: { state: string; noticeId: string | null; date: string | null } | null;
  strikeOffNoticeId: string | null;
}> {
  const [row] = await queryRows<{
    state: string | null;
    notice_id: string | null;
    judgment_date: string | null;
    strike_off: string | null;
  }>(
    db,
    sql`SELECT p.state, p.notice_id, p.judgment_date::text AS judgment_date,
          (SELECT n.id FROM notices n WHERE n.siren = ${siren} AND n.family = 'radiation'
           ORDER BY n.published_at DESC, n.id DESC LIMIT 1) AS strike_off
        FROM (SELECT 1) one
        LEFT JOIN LATERAL (SELECT state, notice_id, judgment_date FROM insolvency_proceedings
          WHERE siren = ${siren} ORDER BY judgment_date DESC NULLS LAST, id DESC LIMIT 1) p ON true`,
    { prepared: true },
  );
  return {
    procedure: row?.state
      ? { state: row.state, noticeId: row.notice_id, date: row.judgment_date }
      : null,
    strikeOffNoticeId: row?.strike_off ?? null,
  };
}
