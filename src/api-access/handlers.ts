import 'server-only';
/**
 * The HTTP handlers of the API access: the keys of /mon-compte (`/api/me/api-keys`, session and
 * XSRF token checked, another user's key 404), the batch lookup (`POST /api/companies/batch`) and
 * the enrichment of an uploaded file (`POST /api/companies/enrichment`). Route files only export
 * these. The quotas of the last two are spent by the gate (gate.ts) before they run; without a
 * key, their SIRENs also spend the address's batch allowance once the list is read.
 */
import { Readable } from 'node:stream';
import { checkCsrf, requireUser } from '@/accounts/session';
import { errorResponse, NO_STORE, respond } from '@/lib/http/answer';
import { guarded } from '@/accounts/http';
import { getDb } from '@/db/site';
import type { Db } from '@/db/client';
import { getEnv } from '@/config/env';
import { failure, type Failure, success } from '@/lib/errors';
import { clientAddress } from '@/lib/http/client';
import { spend } from '@/lib/rate-limit';
import { readBody, readBodyText, readJson } from '@/lib/http/body';
import { inBatches, tabularStream, TABULAR_TYPES, type TabularFormat } from '@/lib/tabular/write';
import { activeSubscription } from '@/payments/subscriptions';
import { entriesFromJson, entriesFromText, lookupAll } from './batch';
import { ENRICHMENT_TABLE, enrichedRows, entriesFromFile } from './enrichment';
import { createKey, credentialOf, listKeys, revokeKey } from './keys';
import { ANONYMOUS_BATCH_SIRENS, planOf } from './plans';

/** GET /api/me/api-keys: the user's keys with their usage per day, and their plan. */
export const listMyKeys = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    const subscribed = (await activeSubscription(db, user.value.id)) !== null;
    const plan = planOf(subscribed ? 'abonne' : 'compte');
    return respond(success({ plan, keys: await listKeys(db, user.value.id) }), {
      headers: NO_STORE,
    });
  });

/** POST /api/me/api-keys `{ name }`: a new key; its token is in this answer only. */
export const createMyKey = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return errorResponse(csrf);
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    const body = await readJson(req);
    if (!body.ok) return errorResponse(body);
    const name = (body.value as { name?: unknown } | undefined)?.name ?? '';
    if (typeof name !== 'string')
      return errorResponse(
        failure('VALIDATION_FAILED', undefined, { fields: { name: ['Le nom est un texte.'] } }),
      );
    const created = await createKey(db, user.value.id, name);
    return respond(created, { status: 201, headers: NO_STORE });
  });

/** DELETE /api/me/api-keys/{id}: revokes one of the user's keys. */
export const revokeMyKey = (req: Request, id: string, db: Db = getDb()) =>
  guarded(async () => {
    const csrf = checkCsrf(req);
    if (!csrf.ok) return errorResponse(csrf);
    const user = await requireUser(req);
    if (!user.ok) return errorResponse(user);
    const done = await revokeKey(db, user.value.id, id);
    return respond(done, { status: 204, headers: NO_STORE });
  });

/**
 * Spends a keyless call's SIRENs on its address's batch allowance (ANONYMOUS_BATCH_SIRENS), once
 * the list is read: RATE_LIMITED past it. A call with a key was checked and counted by the gate.
 */
async function spendAnonymousSirens(req: Request, sirens: number): Promise<Failure | null> {
  if (getEnv().API_ANONYMOUS_RATE === 0) return null;
  const key = credentialOf(
    req.headers.get('authorization') ?? undefined,
    req.headers.get('x-api-key') ?? undefined,
  );
  if (key !== null) return null;
  const { points, windowSeconds } = ANONYMOUS_BATCH_SIRENS;
  const spent = await spend(
    'api-anonyme-sirens',
    { points, durationSeconds: windowSeconds },
    `addr:${clientAddress(req)}`,
    sirens,
  );
  if (spent.allowed) return null;
  return failure(
    'RATE_LIMITED',
    `Sans clé d’API, les appels par lot d’une même adresse lisent au plus ${points.toLocaleString('fr-FR')} SIREN toutes les ${windowSeconds / 60} minutes : réessayez dans ${Math.ceil(spent.resetSeconds / 60)} min, ou créez une clé d’API dans « Mon compte ».`,
    { retryAfterSeconds: spent.resetSeconds },
  );
}

const ndjsonWanted = (req: Request) =>
  new URL(req.url).searchParams.get('format') === 'ndjson' ||
  (req.headers.get('accept') ?? '').includes('application/x-ndjson');

/**
 * POST /api/companies/batch: up to 1,000 SIRENs (JSON `{ "sirens": [...] }` or an array, or text
 * one per line). Answer streamed: `{ "data": { "data": [ … ] } }`, or NDJSON (one line per SIREN)
 * with `?format=ndjson` or `Accept: application/x-ndjson`.
 */
export const batchLookup = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const type = (req.headers.get('content-type') ?? '').toLowerCase();
    let entries;
    if (type.includes('json')) {
      const json = await readJson(req);
      if (!json.ok) return errorResponse(json);
      entries = entriesFromJson(json.value);
    } else if (type === '' || type.startsWith('text/')) {
      const text = await readBodyText(req);
      if (!text.ok) return errorResponse(text);
      const trimmed = text.value.trim();
      entries =
        trimmed.startsWith('[') || trimmed.startsWith('{')
          ? entriesFromJson(safeJson(trimmed))
          : entriesFromText(text.value);
    } else {
      return errorResponse(
        failure(
          'UNSUPPORTED_MEDIA_TYPE',
          'Envoyez la liste en JSON (application/json) ou en texte, un SIREN par ligne (text/plain).',
        ),
      );
    }
    if (!entries.ok) return errorResponse(entries);
    const list = entries.value;
    const limited = await spendAnonymousSirens(req, list.length);
    if (limited) return errorResponse(limited);
    const ndjson = ndjsonWanted(req);
    const encoder = new TextEncoder();
    async function* body() {
      if (!ndjson) yield encoder.encode('{"data":{"data":[');
      let first = true;
      for await (const l of lookupAll(db, list)) {
        const line = JSON.stringify(l);
        yield encoder.encode(ndjson ? `${line}\n` : `${first ? '' : ','}${line}`);
        first = false;
      }
      if (!ndjson) yield encoder.encode(']}}');
    }
    return new Response(Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: {
        'Content-Type': ndjson ? 'application/x-ndjson' : 'application/json',
        'Cache-Control': 'no-store',
        'X-Total-Count': String(list.length),
      },
    });
  });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POST /api/companies/enrichment?format=csv|xlsx: the uploaded CSV or XLSX file itself as the
 * body (2 MB at most, 1,000 SIRENs); answers the enriched file, streamed.
 */
export const enrichFile = (req: Request, db: Db = getDb()) =>
  guarded(async () => {
    const format = new URL(req.url).searchParams.get('format') ?? 'csv';
    if (format !== 'csv' && format !== 'xlsx')
      return errorResponse(
        failure('INVALID_INPUT', 'Le format demandé est « csv » ou « xlsx ».', {
          fields: { format: ['« csv » ou « xlsx ».'] },
        }),
      );
    if ((req.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/'))
      return errorResponse(
        failure(
          'UNSUPPORTED_MEDIA_TYPE',
          'Envoyez le fichier lui-même comme corps de la requête (pas un formulaire multipart).',
        ),
      );
    const bytes = await readBody(req);
    if (!bytes.ok) return errorResponse(bytes);
    const entries = await entriesFromFile(bytes.value);
    if (!entries.ok) return errorResponse(entries);
    const limited = await spendAnonymousSirens(req, entries.value.length);
    if (limited) return errorResponse(limited);
    const rows = enrichedRows(db, entries.value);
    const f = format as TabularFormat;
    const stream = tabularStream(f, 'Entreprises', ENRICHMENT_TABLE, inBatches(rows, 100));
    return new Response(stream, {
      status: 200,
      headers: {
        'Content-Type': TABULAR_TYPES[f],
        'Content-Disposition': `attachment; filename="siren-enrichis.${f}"`,
        'Cache-Control': 'no-store',
        'X-Total-Count': String(entries.value.length),
      },
    });
  });
