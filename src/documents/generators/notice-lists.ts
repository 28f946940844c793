/**
 * Lists of the BODACC notices of a company, each as a table (PDF, XLSX, CSV): all its commercial
 * notices, one notice, its acts and filings, its history of modifications, its insolvency
 * proceedings. The other registry lists are in lists.ts.
 */
import {
  listInsolvency,
  listNoticeFamilies,
  listNotices,
  type NoticeView,
} from '@/registry/notices';
import { sourceRef } from '@/registry/result';
import { failure, success } from '@/lib/errors';
import { formatLongDate } from '../format';
import type { TableBlock } from '../model';
import { modelOf, type Check, type Generator } from './common';
import { MAX_LIST_ROWS, readString } from './lists';

function noticesTable(
  items: NoticeView[],
  sheet: string,
  empty: string,
  withText: boolean,
): TableBlock {
  return {
    type: 'table',
    sheet,
    primary: true,
    columns: [
      { label: 'Publication', kind: 'date', width: 0.8 },
      { label: 'Nature', width: 1.2 },
      { label: 'Tribunal', width: 1.2 },
      { label: 'BODACC', width: 0.7 },
      { label: 'Annonce n°', width: 0.7 },
      ...(withText ? [{ label: 'Contenu', width: 3 }] : []),
    ],
    rows: items.map((n) => [
      n.publishedAt,
      n.typeLabel ?? n.familyLabel,
      n.court,
      [n.bodaccKind ? `BODACC ${n.bodaccKind}` : null, n.issueNumber ? `n° ${n.issueNumber}` : null]
        .filter(Boolean)
        .join(' ') || null,
      n.noticeNumber,
      ...(withText ? [n.text ? n.text.replace(/\s*\n\s*/g, ' · ').slice(0, 600) : null] : []),
    ]),
    empty,
    source: items[0] ? sourceRef('bodacc', items[0].publishedAt) : null,
  };
}

async function allNotices(ctx: Parameters<Generator>[0]) {
  return listNotices(ctx.db, ctx.profile, { limit: MAX_LIST_ROWS });
}

export const commercialAdvertisementsList: Generator = async (ctx) => {
  const { items, total } = await allNotices(ctx);
  return success(
    modelOf(ctx, 'commercial-advertisements-list', [
      {
        type: 'paragraph',
        text: `${total} annonce${total > 1 ? 's' : ''} publiée${total > 1 ? 's' : ''} au Bulletin officiel des annonces civiles et commerciales.`,
      },
      noticesTable(
        items,
        'Annonces BODACC',
        'Aucune annonce n’a été publiée au BODACC pour cette entreprise.',
        true,
      ),
    ]),
  );
};

/** One notice is ordered by its id: there must be one to choose. */
export const noticeCheck: Check = async ({ db, profile }) =>
  (await listNoticeFamilies(db, profile.siren)).size
    ? null
    : 'Aucune annonce n’a été publiée au BODACC pour cette entreprise.';

export const commercialAdvertisement: Generator = async (ctx) => {
  const id = readString(ctx.payload, 'commercial_advertisement_id');
  if (!id)
    return failure(
      'INVALID_INPUT',
      'L’identifiant de l’annonce (commercial_advertisement_id) manque.',
    );
  const { items } = await allNotices(ctx);
  const n = items.find((i) => i.id === id);
  if (!n)
    return failure(
      'DOCUMENT_UNAVAILABLE',
      'Cette annonce n’est pas publiée pour cette entreprise.',
    );
  return success(
    modelOf(ctx, 'commercial-advertisements', [
      {
        type: 'fields',
        fields: [
          { label: 'Nature', value: n.typeLabel ?? n.familyLabel, source: n.source },
          { label: 'Date de publication', value: formatLongDate(n.publishedAt), source: n.source },
          {
            label: 'Bulletin',
            value: [`BODACC ${n.bodaccKind}`, n.issueNumber ? `n° ${n.issueNumber}` : null]
              .filter(Boolean)
              .join(' '),
            source: n.source,
          },
          { label: 'Numéro d’annonce', value: n.noticeNumber ?? '—', source: n.source },
          { label: 'Tribunal', value: n.court ?? '—', source: n.source },
        ],
      },
      { type: 'heading', text: 'Texte de l’annonce' },
      {
        type: 'paragraph',
        text: n.text ?? 'Le texte de cette annonce n’est pas diffusé pour cette entreprise.',
      },
    ]),
  );
};

const ACT_FAMILIES = new Set([
  'depot-comptes',
  'dpc',
  'modification',
  'creation',
  'immatriculation',
  'vente',
  'radiation',
]);

export const actsCheck: Check = async ({ db, profile }) => {
  const families = await listNoticeFamilies(db, profile.siren);
  return [...families].some((f) => ACT_FAMILIES.has(f))
    ? null
    : 'Aucun dépôt d’acte ou de comptes n’a été annoncé au BODACC pour cette entreprise.';
};

export const actsList: Generator = async (ctx) => {
  const { items } = await allNotices(ctx);
  const acts = items.filter((n) => ACT_FAMILIES.has(n.family));
  if (!acts.length) return failure('DOCUMENT_UNAVAILABLE', (await actsCheck(ctx))!);
  return success(
    modelOf(ctx, 'acts-list', [
      {
        type: 'paragraph',
        text: 'Les dépôts d’actes et de comptes annuels sont annoncés au BODACC. Cette liste les reprend ; les actes eux-mêmes se commandent à l’unité, ou se consultent gratuitement sur data.inpi.fr.',
      },
      noticesTable(acts, 'Actes et dépôts', '', true),
    ]),
  );
};

const HISTORY_FAMILIES = new Set([
  'creation',
  'immatriculation',
  'modification',
  'vente',
  'radiation',
]);

export const historyCheck: Check = async ({ db, profile }) => {
  const families = await listNoticeFamilies(db, profile.siren);
  return [...families].some((f) => HISTORY_FAMILIES.has(f)) || profile.creationDate
    ? null
    : 'Aucune modification n’a été publiée pour cette entreprise.';
};

export const modificationHistory: Generator = async (ctx) => {
  const p = ctx.profile;
  const { items } = await allNotices(ctx);
  const events = items.filter((n) => HISTORY_FAMILIES.has(n.family));
  const rows: TableBlock['rows'] = events.map((n) => [
    n.publishedAt,
    n.typeLabel ?? n.familyLabel,
    n.text ? n.text.replace(/\s*\n\s*/g, ' · ').slice(0, 600) : null,
    'BODACC',
  ]);
  if (p.ceasedDate)
    rows.push([
      p.ceasedDate,
      'Cessation (Sirene)',
      'Unité légale cessée au répertoire Sirene',
      'Sirene',
    ]);
  if (p.creationDate)
    rows.push([
      p.creationDate,
      'Création (Sirene)',
      'Date de création au répertoire Sirene',
      'Sirene',
    ]);
  rows.sort((a, b) => String(b[0]).localeCompare(String(a[0])));
  return success(
    modelOf(ctx, 'modification-history', [
      {
        type: 'table',
        sheet: 'Historique',
        primary: true,
        columns: [
          { label: 'Date', kind: 'date', width: 0.8 },
          { label: 'Événement', width: 1.3 },
          { label: 'Détail', width: 3.5 },
          { label: 'Source', width: 0.6 },
        ],
        rows,
        empty: 'Aucune modification publiée.',
        source: events[0]?.source ?? null,
      },
    ]),
  );
};

export const insolvencyList: Generator = async (ctx) => {
  const ins = await listInsolvency(ctx.db, ctx.profile.siren);
  const c = ins.current;
  return success(
    modelOf(
      ctx,
      'insolvency-proceeding-list',
      [
        {
          type: 'paragraph',
          style: 'strong',
          text: c
            ? `Dernier jugement publié : ${c.stateLabel ?? c.nature ?? 'jugement'}${c.judgmentDate ? `, le ${formatLongDate(c.judgmentDate)}` : ''}${c.court ? ` (${c.court})` : ''}.`
            : 'Aucune procédure collective (sauvegarde, redressement ou liquidation judiciaire) n’a été publiée au BODACC pour cette entreprise.',
        },
        {
          type: 'table',
          sheet: 'Procédures',
          primary: true,
          columns: [
            { label: 'Jugement', kind: 'date', width: 0.8 },
            { label: 'Procédure', width: 1.4 },
            { label: 'Nature du jugement', width: 1.8 },
            { label: 'Tribunal', width: 1.3 },
            { label: 'Complément', width: 2 },
          ],
          rows: ins.items.map((i) => [
            i.judgmentDate,
            i.stateLabel,
            i.nature,
            i.court,
            i.complement,
          ]),
          empty: 'Aucun jugement publié.',
          source: ins.items.length ? ins.source : null,
        },
      ],
      [ins.source],
    ),
  );
};
