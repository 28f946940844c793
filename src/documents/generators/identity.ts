/** Certificates and extracts built from the company's identity (Sirene, RNE). */
import { vatKey } from '@/domain/vat';
import { nafDivisionLabel, nafSectionLabel, nafSectionOf } from '@/domain/reference/naf';
import { listRepresentatives, pickMainDirector } from '@/registry/directors';
import { listFinancials, headlineYears } from '@/registry/finances';
import { listInsolvency, listNotices } from '@/registry/notices';
import { attempt } from '@/registry/result';
import { success } from '@/lib/errors';
import {
  formatEuros,
  formatLongDate,
  formatSirenText,
  formatSiretText,
  formatPercent,
} from '../format';
import type { Block, Field } from '../model';
import {
  modelOf,
  fieldSource,
  identityFields,
  identitySource,
  sireneSource,
  type Check,
  type Generator,
} from './common';
import { representativesTable } from './lists';

export const vatNumbers: Generator = async (ctx) => {
  const p = ctx.profile;
  const key = vatKey(p.siren);
  const check = ctx.services.vies
    ? await ctx.services.vies.check(p.vatNumber)
    : ({ status: 'unverified', reason: 'la vérification VIES n’est pas activée' } as const);
  const viesText =
    check.status === 'valid'
      ? `Numéro valide selon VIES, vérifié le ${formatLongDate(check.checkedAt)}${check.name ? ` (nom déclaré : ${check.name})` : ''}`
      : check.status === 'invalid'
        ? `Numéro non valide selon VIES le ${formatLongDate(check.checkedAt)} : l’entreprise n’est pas identifiée à la TVA intracommunautaire, ou plus`
        : `Non vérifié : ${check.reason}`;
  const viesSource =
    check.status === 'unverified'
      ? null
      : { source: 'sirene' as const, label: 'VIES (Commission européenne)', date: check.checkedAt };
  const fields: Field[] = [
    ...identityFields(p),
    { label: 'Numéro de TVA intracommunautaire', value: p.vatNumber, source: identitySource(p) },
    { label: 'Vérification VIES', value: viesText, source: viesSource },
  ];
  return success(
    modelOf(
      ctx,
      'vat-numbers',
      [
        { type: 'heading', text: 'Numéro de TVA intracommunautaire' },
        { type: 'fields', fields },
        { type: 'heading', text: 'Comment le numéro est calculé' },
        {
          type: 'paragraph',
          text: `Un numéro de TVA intracommunautaire français s’écrit FR, suivi d’une clé de deux chiffres, suivie du SIREN. La clé vaut (12 + 3 × (SIREN modulo 97)) modulo 97. Ici : SIREN ${formatSirenText(p.siren)}, ${p.siren} modulo 97 = ${Number(p.siren) % 97}, clé = (12 + 3 × ${Number(p.siren) % 97}) modulo 97 = ${key}, d’où ${p.vatNumber}.`,
        },
        {
          type: 'paragraph',
          style: 'note',
          text: 'Le numéro calculé est celui que l’administration fiscale attribue à l’entreprise si elle est assujettie à la TVA. Seule la vérification VIES, quand elle aboutit, confirme qu’il est actif pour les échanges intracommunautaires.',
        },
      ],
      viesSource ? [identitySource(p), viesSource] : [identitySource(p)],
    ),
  );
};

export const eoriCheck: Check = async ({ profile }) =>
  profile.headOfficeSiret
    ? null
    : 'Le siège de cette entreprise n’est pas connu : son numéro EORI usuel ne peut pas être établi.';

export const eoriNumbers: Generator = async (ctx) => {
  const p = ctx.profile;
  return success(
    modelOf(ctx, 'eori-numbers', [
      { type: 'heading', text: 'Numéro EORI' },
      {
        type: 'fields',
        fields: [
          ...identityFields(p),
          { label: 'Numéro EORI usuel', value: p.eoriNumber ?? '—', source: sireneSource(p) },
        ],
      },
      {
        type: 'paragraph',
        text: `Pour une entreprise française, la douane attribue en général un numéro EORI formé de FR suivi du SIRET du siège : ici FR et ${p.headOfficeSiret ? formatSiretText(p.headOfficeSiret) : '—'}. L’attribution se fait à la demande de l’entreprise ; la validité du numéro se vérifie sur le service EORI de la Commission européenne.`,
      },
    ]),
  );
};

export const apeCodes: Generator = async (ctx) => {
  const p = ctx.profile;
  const section = nafSectionOf(p.naf.code);
  const fields: Field[] = [
    { label: 'Dénomination', value: p.displayName, source: identitySource(p) },
    { label: 'SIREN', value: formatSirenText(p.siren), source: identitySource(p) },
    {
      label: 'Code APE de l’entreprise',
      value: p.naf.code ?? 'Non renseigné',
      source: fieldSource(p, 'naf_code'),
    },
    { label: 'Libellé', value: p.naf.label ?? 'Non renseigné', source: fieldSource(p, 'naf_code') },
    {
      label: 'Division',
      value: p.naf.code
        ? `${p.naf.code.slice(0, 2)} — ${nafDivisionLabel(p.naf.code.slice(0, 2)) ?? ''}`
        : '—',
      source: fieldSource(p, 'naf_code'),
    },
    {
      label: 'Section',
      value: section ? `${section} — ${nafSectionLabel(section) ?? ''}` : '—',
      source: fieldSource(p, 'naf_code'),
    },
    {
      label: 'Nomenclature',
      value: p.naf.version ? `NAF ${p.naf.version}` : 'NAF rév. 2',
      source: fieldSource(p, 'naf_code'),
    },
  ];
  if (p.headOffice) {
    fields.push({
      label: 'Code APE du siège',
      value: p.headOffice.naf.code
        ? `${p.headOffice.naf.code} — ${p.headOffice.naf.label ?? ''}`
        : 'Non renseigné',
      source: p.headOffice.source,
    });
  }
  return success(
    modelOf(ctx, 'ape-codes', [
      { type: 'heading', text: 'Activité principale exercée' },
      { type: 'fields', fields },
      {
        type: 'paragraph',
        style: 'note',
        text: 'Le code APE est attribué par l’Insee à l’immatriculation, d’après l’activité principale déclarée. Il sert à la statistique ; il ne détermine pas à lui seul la convention collective applicable.',
      },
    ]),
  );
};

export const rcsCheck: Check = async ({ profile }) =>
  profile.rcs
    ? null
    : profile.isNaturalPerson
      ? 'Cette entreprise individuelle n’a pas de numéro RCS connu dans nos données.'
      : 'Le greffe d’immatriculation de cette entreprise n’est pas connu dans nos données : son numéro RCS ne peut pas être attesté.';

export const rcsNumbers: Generator = async (ctx) => {
  const p = ctx.profile;
  return success(
    modelOf(ctx, 'rcs-numbers', [
      { type: 'heading', text: 'Immatriculation au registre du commerce et des sociétés' },
      {
        type: 'fields',
        fields: [
          ...identityFields(p, { capital: true }),
          { label: 'Numéro RCS', value: p.rcs?.number ?? '—', source: fieldSource(p, 'rcs_court') },
          {
            label: 'Greffe',
            value: p.rcs ? `Tribunal de commerce de ${p.rcs.court}` : '—',
            source: fieldSource(p, 'rcs_court'),
          },
        ],
      },
      {
        type: 'paragraph',
        style: 'note',
        text: 'Le numéro RCS est le SIREN suivi de la mention R.C.S. et de la ville du greffe. Pour un justificatif opposable (extrait Kbis), adressez-vous au greffe du tribunal de commerce.',
      },
    ]),
  );
};

export const sireneSituations: Generator = async (ctx) => {
  const p = ctx.profile;
  const ho = p.headOffice;
  const fields: Field[] = [
    ...identityFields(p),
    {
      label: 'Catégorie d’entreprise',
      value: p.category.label
        ? `${p.category.label}${p.category.year ? ` (${p.category.year})` : ''}`
        : 'Non renseignée',
      source: identitySource(p),
    },
    {
      label: 'Tranche d’effectif',
      value: p.headcount.label
        ? `${p.headcount.label}${p.headcount.year ? ` (${p.headcount.year})` : ''}`
        : 'Non renseignée',
      source: identitySource(p),
    },
    {
      label: 'Caractère employeur',
      value: p.employer == null ? 'Non renseigné' : p.employer ? 'Oui' : 'Non',
      source: identitySource(p),
    },
    {
      label: 'Économie sociale et solidaire',
      value: p.ess == null ? 'Non renseigné' : p.ess ? 'Oui' : 'Non',
      source: identitySource(p),
    },
    {
      label: 'Établissements ouverts',
      value: String(p.openEstablishments),
      source: sireneSource(p),
    },
  ];
  const hoFields: Field[] = ho
    ? [
        { label: 'SIRET', value: formatSiretText(ho.siret), source: ho.source },
        {
          label: 'État',
          value: ho.open
            ? 'Ouvert'
            : ho.closedDate
              ? `Fermé le ${formatLongDate(ho.closedDate)}`
              : 'Fermé',
          source: ho.source,
        },
        {
          label: 'Adresse',
          value:
            ho.address.lines.join(', ') + (ho.address.masked ? ' (adresse non diffusible)' : ''),
          source: ho.source,
        },
        {
          label: 'Activité (APE)',
          value: ho.naf.code ? `${ho.naf.code} — ${ho.naf.label ?? ''}` : 'Non renseignée',
          source: ho.source,
        },
        {
          label: 'Date de création',
          value: ho.creationDate ? formatLongDate(ho.creationDate) : 'Non renseignée',
          source: ho.source,
        },
      ]
    : [];
  return success(
    modelOf(ctx, 'sirene-situations', [
      { type: 'heading', text: 'Unité légale' },
      { type: 'fields', fields },
      ...(ho
        ? ([
            { type: 'heading', text: 'Établissement siège' },
            { type: 'fields', fields: hoFields },
          ] as Block[])
        : []),
    ]),
  );
};

/** Our extract from the RNE and Sirene: explicitly not a Kbis. */
export const rneExtracts: Generator = async (ctx) => {
  const p = ctx.profile;
  const reps = await listRepresentatives(ctx.db, p);
  const current = reps.filter((r) => r.current);
  const fields: Field[] = [...identityFields(p, { capital: true })];
  if (p.rcs)
    fields.push({
      label: 'Immatriculation',
      value: p.rcs.number ?? 'Immatriculée au RCS (numéro non précisé par nos sources)',
      source: p.rcs.source ?? fieldSource(p, 'rcs_court'),
    });
  if (p.activityDescription)
    fields.push({
      label: 'Activité déclarée',
      value: p.activityDescription,
      source: fieldSource(p, 'activity_description'),
    });
  return success(
    modelOf(ctx, 'rne-extracts', [
      { type: 'heading', text: 'Identité et immatriculation' },
      { type: 'fields', fields },
      { type: 'heading', text: 'Dirigeants en fonction' },
      representativesTable(
        current,
        'Aucun dirigeant en fonction n’est publié pour cette entreprise.',
      ),
    ]),
  );
};

export const companySummary: Generator = async (ctx) => {
  const p = ctx.profile;
  const [reps, fin, notices, insolvency] = await Promise.all([
    attempt(() => listRepresentatives(ctx.db, p)),
    attempt(() => listFinancials(ctx.db, p.siren)),
    attempt(() => listNotices(ctx.db, p, { limit: 5 })),
    attempt(() => listInsolvency(ctx.db, p.siren)),
  ]);
  const blocks: Block[] = [
    { type: 'heading', text: 'Identité' },
    { type: 'fields', fields: identityFields(p, { capital: true }) },
  ];
  const main = reps.ok ? pickMainDirector(reps.value) : null;
  blocks.push({ type: 'heading', text: 'Dirigeants' });
  if (!reps.ok) blocks.push({ type: 'paragraph', text: reps.message, style: 'note' });
  else {
    if (main)
      blocks.push({
        type: 'paragraph',
        text: `Dirigeant principal : ${main.name}, ${main.role}.`,
        style: 'strong',
      });
    blocks.push(
      representativesTable(
        reps.value.filter((r) => r.current),
        'Aucun dirigeant en fonction n’est publié.',
      ),
    );
  }
  blocks.push({ type: 'heading', text: 'Chiffres clés' });
  if (!fin.ok) blocks.push({ type: 'paragraph', text: fin.message, style: 'note' });
  else {
    const years = headlineYears(fin.value).slice(0, 3);
    blocks.push({
      type: 'table',
      sheet: 'Chiffres clés',
      columns: [
        { label: 'Exercice', width: 0.8 },
        { label: 'Clôture', kind: 'date' },
        { label: 'Chiffre d’affaires', kind: 'euros', width: 1.3 },
        { label: 'Résultat net', kind: 'euros', width: 1.3 },
        { label: 'Marge nette', kind: 'percent' },
      ],
      rows: years.map((y) => [
        String(y.fiscalYear),
        y.closingDate,
        y.revenue,
        y.netResult,
        y.netMargin,
      ]),
      empty: 'Aucun compte annuel publié n’est disponible pour cette entreprise.',
      source: years[0]?.source ?? null,
    });
  }
  blocks.push({ type: 'heading', text: 'Dernières annonces et procédures' });
  if (insolvency.ok && insolvency.value.current) {
    const c = insolvency.value.current;
    blocks.push({
      type: 'paragraph',
      style: 'strong',
      text: `Procédure collective : ${c.stateLabel ?? c.nature ?? 'jugement publié'}${c.judgmentDate ? ` (jugement du ${formatLongDate(c.judgmentDate)})` : ''}.`,
    });
  } else if (insolvency.ok) {
    blocks.push({ type: 'paragraph', text: 'Aucune procédure collective publiée au BODACC.' });
  }
  if (notices.ok) {
    blocks.push({
      type: 'table',
      sheet: 'Annonces',
      columns: [
        { label: 'Date', kind: 'date', width: 0.8 },
        { label: 'Nature', width: 1.4 },
        { label: 'Tribunal', width: 1.4 },
      ],
      rows: notices.value.items.map((n) => [n.publishedAt, n.typeLabel ?? n.familyLabel, n.court]),
      empty: 'Aucune annonce BODACC publiée pour cette entreprise.',
      source: notices.value.items[0]?.source ?? null,
    });
  }
  const fy = fin.ok ? headlineYears(fin.value)[0] : undefined;
  if (fy?.netMargin != null) {
    blocks.push({
      type: 'paragraph',
      style: 'note',
      text: `Marge nette du dernier exercice publié : ${formatPercent(fy.netMargin)} (résultat net ${fy.netResult != null ? formatEuros(fy.netResult) : '—'}).`,
    });
  }
  return success(modelOf(ctx, 'company-summary', blocks));
};
