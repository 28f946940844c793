/**
 * Lists of the registry's records, each as a table (PDF, XLSX, CSV): representatives,
 * establishments, brands, collective agreements, social information. The BODACC notices' lists
 * are in notice-lists.ts.
 */
import { listRepresentatives, type Representative } from '@/registry/directors';
import { establishmentsCoverage, listEstablishments } from '@/registry/establishments';
import { listAgreements, listBrands } from '@/registry/brands';
import { failure, success } from '@/lib/errors';
import { formatLongDate } from '../format';
import type { Block, TableBlock } from '../model';
import { identitySource, modelOf, sireneSource, type Check, type Generator } from './common';

/** Lists stop here: beyond, the buyer wants a data export, not a document. */
export const MAX_LIST_ROWS = 10_000;

/** The establishments list's columns (the bench and the PDF tests lay out the same table). */
export const ESTABLISHMENT_COLUMNS: TableBlock['columns'] = [
  { label: 'SIRET', kind: 'siret', width: 1.4 },
  { label: 'Siège', width: 0.45 },
  { label: 'État', width: 0.55 },
  { label: 'Adresse', width: 2 },
  { label: 'Activité (APE)', width: 1.5 },
  { label: 'Effectif', width: 0.85 },
  { label: 'Création', kind: 'date', width: 0.85 },
  { label: 'Fermeture', kind: 'date', width: 0.9 },
];

export function representativesTable(reps: Representative[], empty: string): TableBlock {
  return {
    type: 'table',
    sheet: 'Dirigeants',
    primary: true,
    columns: [
      { label: 'Nom', width: 1.8 },
      { label: 'Qualité', width: 1.5 },
      { label: 'Naissance (mois et année)', width: 1 },
      { label: 'SIREN (personne morale)', kind: 'siren', width: 1 },
      { label: 'Début', kind: 'date', width: 0.8 },
      { label: 'Fin', kind: 'date', width: 0.8 },
    ],
    rows: reps.map((r) => [
      r.name,
      r.role,
      r.birth?.label ?? null,
      r.companySiren,
      r.startDate,
      r.endDate,
    ]),
    empty,
    source: reps[0]?.source ?? null,
  };
}

export const representativesCheck: Check = async ({ db, profile }) =>
  (await listRepresentatives(db, profile)).length
    ? null
    : 'Aucun dirigeant n’est publié pour cette entreprise.';

export const representativeSynthesis: Generator = async (ctx) => {
  const reps = await listRepresentatives(ctx.db, ctx.profile);
  const current = reps.filter((r) => r.current);
  const past = reps.filter((r) => !r.current);
  const blocks: Block[] = [
    {
      type: 'paragraph',
      text: `${current.length} dirigeant${current.length > 1 ? 's' : ''} ou représentant${current.length > 1 ? 's' : ''} en fonction, ${past.length} ancien${past.length > 1 ? 's' : ''}. Les dates de naissance sont limitées au mois et à l’année, comme le prévoit la diffusion du RNE.`,
    },
    { type: 'heading', text: 'En fonction' },
    representativesTable(current, 'Aucun dirigeant en fonction n’est publié.'),
  ];
  if (past.length) {
    blocks.push({ type: 'heading', text: 'Anciens dirigeants' });
    blocks.push({ ...representativesTable(past, ''), sheet: 'Anciens dirigeants', primary: false });
  }
  // One CSV for everyone: the primary table holds current and past.
  const all = { ...representativesTable(reps, ''), sheet: 'Tous' };
  const model = modelOf(ctx, 'representative-synthesis', blocks);
  model.blocks.forEach((b) => {
    if (b.type === 'table') b.primary = false;
  });
  model.blocks.push({ ...all, primary: true, title: undefined, hiddenInPrint: true });
  return success(model);
};

export const establishmentsList: Generator = async (ctx) => {
  const page = await listEstablishments(ctx.db, ctx.profile, { pageSize: MAX_LIST_ROWS });
  const blocks: Block[] = [
    {
      type: 'paragraph',
      text: `${establishmentsCoverage(page.total, ctx.profile.establishmentCounts)} Dans nos données : ${page.openCount} ouvert${page.openCount > 1 ? 's' : ''}, ${page.closedCount} fermé${page.closedCount > 1 ? 's' : ''}.${page.total > page.items.length ? ` Les ${page.items.length} premiers sont listés.` : ''}`,
    },
    {
      type: 'table',
      sheet: 'Établissements',
      primary: true,
      columns: ESTABLISHMENT_COLUMNS,
      rows: page.items.map((e) => [
        e.siret,
        e.isHeadOffice ? 'Oui' : 'Non',
        e.open ? 'Ouvert' : 'Fermé',
        e.address.lines.join(', ') + (e.address.masked ? ' (non diffusible)' : ''),
        e.naf.code ? `${e.naf.code} ${e.naf.label ?? ''}`.trim() : null,
        e.headcount.label,
        e.creationDate,
        e.closedDate,
      ]),
      empty: 'Aucun établissement n’est enregistré.',
      source: page.items[0]?.source ?? sireneSource(ctx.profile),
    },
  ];
  return success(modelOf(ctx, 'establishments-list', blocks));
};

export const brandsCheck: Check = async ({ db, profile }) =>
  (await listBrands(db, profile.siren)).length
    ? null
    : 'Aucune marque n’est enregistrée au nom de cette entreprise dans la base de l’INPI.';

export const brandsList: Generator = async (ctx) => {
  const brands = await listBrands(ctx.db, ctx.profile.siren);
  if (!brands.length) return failure('DOCUMENT_UNAVAILABLE', (await brandsCheck(ctx))!);
  return success(
    modelOf(ctx, 'brands-list', [
      {
        type: 'paragraph',
        text: `${brands.length} marque${brands.length > 1 ? 's' : ''} déposée${brands.length > 1 ? 's' : ''} au nom de l’entreprise.`,
      },
      {
        type: 'table',
        sheet: 'Marques',
        primary: true,
        columns: [
          { label: 'Numéro', width: 0.9 },
          { label: 'Marque', width: 1.6 },
          { label: 'Statut', width: 1.1 },
          { label: 'Classes', width: 0.9 },
          { label: 'Dépôt', kind: 'date', width: 0.8 },
          { label: 'Enregistrement', kind: 'date', width: 0.9 },
          { label: 'Expiration', kind: 'date', width: 0.8 },
        ],
        rows: brands.map((b) => [
          b.applicationNumber,
          b.name,
          b.status,
          b.classes,
          b.filingDate,
          b.registrationDate,
          b.expiryDate,
        ]),
        empty: '',
        source: brands[0]!.source,
      },
    ]),
  );
};

export const brandCard: Generator = async (ctx) => {
  const number = readString(ctx.payload, 'brand_number');
  if (!number) return failure('INVALID_INPUT', 'Le numéro de la marque (brand_number) manque.');
  const brand = (await listBrands(ctx.db, ctx.profile.siren)).find(
    (b) => b.applicationNumber === number,
  );
  if (!brand)
    return failure(
      'DOCUMENT_UNAVAILABLE',
      'Cette marque n’est pas enregistrée au nom de cette entreprise.',
    );
  return success(
    modelOf(ctx, 'brands', [
      {
        type: 'fields',
        fields: [
          { label: 'Marque', value: brand.name ?? 'Marque figurative', source: brand.source },
          { label: 'Numéro national', value: brand.applicationNumber, source: brand.source },
          { label: 'Statut', value: brand.status ?? 'Non renseigné', source: brand.source },
          { label: 'Classes', value: brand.classes ?? 'Non renseignées', source: brand.source },
          {
            label: 'Date de dépôt',
            value: formatLongDate(brand.filingDate) || '—',
            source: brand.source,
          },
          {
            label: 'Date d’enregistrement',
            value: formatLongDate(brand.registrationDate) || '—',
            source: brand.source,
          },
          {
            label: 'Date d’expiration',
            value: formatLongDate(brand.expiryDate) || '—',
            source: brand.source,
          },
          {
            label: 'Titulaire',
            value: `${ctx.profile.displayName} (SIREN ${ctx.profile.siren})`,
            source: identitySource(ctx.profile),
          },
        ],
      },
    ]),
  );
};

export function readString(payload: unknown, key: string): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const v = (payload as Record<string, unknown>)[key];
  return typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;
}

export const agreementsCheck: Check = async ({ db, profile }) =>
  (await listAgreements(db, profile.siren)).length
    ? null
    : 'Aucun établissement de cette entreprise ne déclare de convention collective.';

export const collectiveAgreements: Generator = async (ctx) => {
  const list = await listAgreements(ctx.db, ctx.profile.siren);
  if (!list.length) return failure('DOCUMENT_UNAVAILABLE', (await agreementsCheck(ctx))!);
  return success(
    modelOf(ctx, 'collective-agreements', [
      {
        type: 'paragraph',
        text: 'Conventions collectives que les établissements de l’entreprise déclarent appliquer dans leurs déclarations sociales nominatives (DSN), avec le nombre d’établissements concernés.',
      },
      {
        type: 'table',
        sheet: 'Conventions',
        primary: true,
        columns: [
          { label: 'IDCC', width: 0.5 },
          { label: 'Convention collective', width: 3 },
          { label: 'Établissements', kind: 'integer', width: 0.8 },
          { label: 'Déclarée en', width: 0.8 },
          { label: 'Texte sur Légifrance', width: 1.6 },
        ],
        rows: list.map((a) => [
          a.idcc,
          a.title,
          a.establishments,
          a.month ? a.month.slice(0, 7) : null,
          a.url,
        ]),
        empty: '',
        source: list[0]!.source,
      },
    ]),
  );
};

export const socialInformation: Generator = async (ctx) => {
  const p = ctx.profile;
  const [page, agreements] = await Promise.all([
    listEstablishments(ctx.db, p, { pageSize: MAX_LIST_ROWS }),
    listAgreements(ctx.db, p.siren),
  ]);
  const src = identitySource(p);
  return success(
    modelOf(ctx, 'social-information-list', [
      { type: 'heading', text: 'Entreprise' },
      {
        type: 'fields',
        fields: [
          {
            label: 'Tranche d’effectif salarié',
            value: p.headcount.label
              ? `${p.headcount.label}${p.headcount.year ? ` (année ${p.headcount.year})` : ''}`
              : 'Non renseignée',
            source: src,
          },
          {
            label: 'Employeur',
            value: p.employer == null ? 'Non renseigné' : p.employer ? 'Oui' : 'Non',
            source: src,
          },
          { label: 'Catégorie', value: p.category.label ?? 'Non renseignée', source: src },
          {
            label: 'Établissements ouverts',
            value: String(page.openCount),
            source: sireneSource(p),
          },
          {
            label: 'Conventions collectives',
            value: agreements.length
              ? agreements.map((a) => `IDCC ${a.idcc} — ${a.shortTitle ?? a.title}`).join(' ; ')
              : 'Aucune déclarée',
            source: agreements[0]?.source ?? null,
          },
        ],
      },
      { type: 'heading', text: 'Effectifs par établissement' },
      {
        type: 'table',
        sheet: 'Établissements',
        primary: true,
        columns: [
          { label: 'SIRET', kind: 'siret', width: 1.3 },
          { label: 'État', width: 0.6 },
          { label: 'Commune', width: 1.4 },
          { label: 'Tranche d’effectif', width: 1.3 },
          { label: 'Année', width: 0.5 },
        ],
        rows: page.items.map((e) => [
          e.siret,
          e.open ? 'Ouvert' : 'Fermé',
          e.address.communeName,
          e.headcount.label,
          e.headcount.year ? String(e.headcount.year) : null,
        ]),
        empty: 'Aucun établissement.',
        source: page.items[0]?.source ?? null,
      },
    ]),
  );
};
