/**
 * `npm run bench:orders`: the order engine on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; a throw-away database is created and dropped).
 *
 * 1 and 2 go over HTTP through the production server's path before Next.js (bench/lib/http.ts:
 * the front door, then the Next route modules called directly), autocannon
 * on a worker thread, 20 connections, each request as the next of 20 users; a database pool of 20
 * with named prepared statements (as the production server's on PostgreSQL). 3 and 4 call the route handlers in
 * this process (the figures are the engine's: webhooks, jobs, storage).
 *   1. order creation (POST /api/letters/{siren}/order, a distinct body each), after 3 s of the
 *      same load not measured: p50/p95;
 *   2. polling (GET /api/orders/{id}, each user their own orders): p50/p95; then the references
 *      through the same server and load: the ceiling (a constant JSON answer) and the floors (1
 *      and 2 SQL round trips, with and without a write, and the order's INSERT alone);
 *   3. 500 orders paid at once: 500 signed webhook events delivered concurrently, then the
 *      fulfilment jobs; checks every order completed once (files, invoices without gaps);
 *   4. order to download with the test provider: create, checkout, pay, webhook, fulfil,
 *      download, one order at a time; median.
 *
 *   npm run bench:orders [-- --duration 10] [-- --only http]      (under `flock /tmp/heavy.lock`)
 *
 * `--only http` runs 1 and 2 with the references only (for a CPU profile of those routes).
 *
 * Figures: see src/orders/README.md ("Measured").
 */
import os from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.LOG_LEVEL = 'silent';
process.env.APP_ENV = 'test';
// The registry's data cache as in production (on: an order reads the company's profile for its
// availability, from the cache after the first); `REGISTRY_CACHE=off` for every read from SQL.
process.env.REGISTRY_CACHE ??= 'on';
const dataDir = await (
  await import('node:fs/promises')
).mkdtemp(
  (await import('node:path')).join((await import('node:os')).tmpdir(), 'bench-orders-data-'),
);
process.env.DATA_DIR = dataDir;

const { createTestDb } = await import('../src/db/testing');
const { load, machine, startBenchServer } = await import('./lib/http');
const { dispatch } = await import('../src/testing/route-client');
const { connectPostgres, queryRows } = await import('../src/db/client');
const schema = await import('../src/db/schema');
const { insertRegistryFixtures } = await import('../src/registry/testing/fixtures');
const { createTestUser, params, request } = await import('../src/orders/testing');
const { directoryStorage, setFileStorage } = await import('../src/orders/storage');
const { payTestCheckout } = await import('../src/payments/test-provider');
const { runJobsUntilIdle } = await import('../src/jobs/testing');
const { fulfilmentDeps } = await import('../src/orders/fulfilment');
const { success } = await import('../src/lib/errors');
// Each order here is a letter of a made-up type (`w1`, `m2`…), so that every body is a distinct
// order: the check that its type is a real template (a lookup in the template list, no query,
// src/documents/engine.ts `deliverableOf`) is replaced by one that takes them all.
const { orderDeps } = await import('../src/orders/service');
orderDeps.deliverable = async () => success(undefined);
const orderRoute = await import('../src/app/api/[kind]/[siren]/order/route');
const checkoutRoute = await import('../src/app/api/orders/[id]/checkout/route');
const webhookRoute = await import('../src/app/api/payments/webhook/route');
const downloadRoute = await import('../src/app/(commerce)/orders/[id]/download/route');

const DANONE = '552032534';
const CALLERS = 20;
const billing = { company_name: 'Banc SAS', postcode: '75002', firstname: 'A', lastname: 'B' };

const base = await createTestDb();
// The route handlers reach the database through getDb(): a pool of 20 on the same database, with
// named prepared statements as the production server's on PostgreSQL.
const url = (base.pool as unknown as { options: { connectionString: string } }).options
  .connectionString;
const handle = connectPostgres(url, CALLERS, { preparedStatements: true });
(globalThis as unknown as { __dbHandle?: typeof handle }).__dbHandle = handle;
const db = handle.db;
const filesDir = await mkdtemp(path.join(os.tmpdir(), 'bench-orders-'));
setFileStorage(directoryStorage(filesDir));
await insertRegistryFixtures(db);

type Who = Awaited<ReturnType<typeof createTestUser>>;
const users: Who[] = [];
for (let i = 0; i < CALLERS; i++) users.push(await createTestUser(db, `bench${i}@example.fr`));

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function concurrently<T>(
  n: number,
  total: number,
  fn: (i: number, caller: number) => Promise<T>,
) {
  let next = 0;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: n }, async (_, caller) => {
      for (let i = next++; i < total; i = next++) {
        const t = performance.now();
        await fn(i, caller);
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}

async function createOrder(who: Who, kind: string, body?: unknown) {
  const res = await orderRoute.POST(
    request(`/api/${kind}/${DANONE}/order`, { method: 'POST', who, body }),
    params({ kind, siren: DANONE }),
  );
  if (res.status !== 201) throw new Error(`création : ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { data: { id: string } } }).data.data.id;
}

async function checkoutAndPay(who: Who, id: string) {
  const res = await checkoutRoute.POST(
    request(`/api/orders/${id}/checkout`, { method: 'POST', who, body: billing }),
    params({ id }),
  );
  const link = ((await res.json()) as { data: { data: { url: string } } }).data.data.url;
  const session = new URL(link, 'http://x').searchParams.get('session')!;
  const paid = await payTestCheckout(db, session, who.user.id, '4242424242424242');
  if (!paid.ok || paid.value.outcome !== 'paid') throw new Error('paiement');
  return paid.value.event;
}

async function deliver(event: { payload: string; signature: string }) {
  const res = await webhookRoute.POST(
    request('/api/payments/webhook', {
      method: 'POST',
      body: event.payload,
      headers: { 'stripe-signature': event.signature },
    }),
  );
  if (res.status !== 200) throw new Error(`webhook ${res.status}`);
}

const rows: [string, string][] = [];
const durationAt = process.argv.indexOf('--duration');
const DURATION = durationAt > 0 ? Number(process.argv[durationAt + 1]) : 10;

// 1. creation, over HTTP through the production server's path (bench/lib/http.ts): 20
// connections, each request as the next of the 20 users, each body a distinct letter.
await concurrently(CALLERS, 40, (i, c) => createOrder(users[c]!, 'letters', { type: `w${i}` }));
const server = await startBenchServer(dispatch);
const asJson = (who: Who) => ({ ...who.headers, 'content-type': 'application/json' });
const creating = (bodies: string) => ({
  connections: CALLERS,
  requests: users.map((who) => ({
    method: 'POST',
    path: `/api/letters/${DANONE}/order`,
    headers: asJson(who),
    numberedBody: bodies,
  })),
});
// Not measured: 3 s of the same load first, so that creation, measured first, is measured warm
// as the routes after it are (compiled code, the statement prepared on each of the 20
// connections, a server that has been answering): a server runs all day.
await load(server.base, 'warm-up', { ...creating('{"type":"u%i"}'), duration: 3 });
const created = await load(server.base, 'order creation', {
  ...creating('{"type":"n%i"}'),
  duration: DURATION,
});
rows.push([
  `order creation POST /api/letters/{siren}/order, ${CALLERS} connections, ${DURATION} s`,
  `p50 ${created.p50} ms · p95 ${created.p95} ms · ${created.perSecond}/s · non-2xx ${created.non2xx}`,
]);

// 2. polling: each user reads their own orders in turn.
const owned = await db
  .select({ id: schema.orders.id, userId: schema.orders.userId })
  .from(schema.orders);
const polled = await load(server.base, 'polling', {
  connections: CALLERS,
  duration: DURATION,
  requests: users.map((who) => ({
    method: 'GET',
    path: '/api/orders/x',
    headers: who.headers,
    paths: owned.filter((o) => o.userId === who.user.id).map((o) => `/api/orders/${o.id}`),
  })),
});
server.close();
rows.push([
  `polling GET /api/orders/{id}, ${CALLERS} connections, ${DURATION} s`,
  `p50 ${polled.p50} ms · p95 ${polled.p95} ms · ${polled.perSecond}/s · non-2xx ${polled.non2xx}`,
]);
// The references, through the same server and front door with the first user's headers: a
// constant answer (the ceiling), then the same after SQL round trips, the floors of a route that
// makes that many: polling makes 1 (the session with the order), creation 1 that writes (the
// session's statement inserts the order; 2 or more for a subscriber or the same order pending).
const REFERENCES: [string, string][] = [
  ['/bench/constant', 'ceiling: constant JSON'],
  ['/bench/queries/1', 'floor of 1 SQL round trip (SELECT 1)'],
  ['/bench/queries/1w', 'floor of 1 SQL round trip that writes (an INSERT that commits)'],
  ['/bench/floor/order-insert', "floor of 1 round trip: the order's INSERT alone"],
  ['/bench/queries/2', 'floor of 2 SQL round trips (SELECT 1)'],
  ['/bench/queries/2w', 'floor of 2 SQL round trips (SELECT 1, then an INSERT that commits)'],
];
// The order's own INSERT alone (its columns, its four indexes, RETURNING *), without the session,
// the checks or the answer: the floor of creation's one round trip on this table.
let floorOrders = 0;
const orderInsert = () =>
  queryRows(
    db,
    sql`INSERT INTO orders (id, user_id, kind, siren, payload, same_order_key, formats,
                            price_excl_vat_cents, vat_cents, total_cents)
        VALUES (${randomUUID()}, ${users[0]!.user.id}, 'letters', ${DANONE},
                ${JSON.stringify({ type: `f${floorOrders}` })}::jsonb, ${`floor-${floorOrders++}`},
                ${'{pdf,docx}'}::text[], 1000, 200, 1200)
        RETURNING *`,
    { prepared: true },
  );
const s2 = await startBenchServer(dispatch, db, {
  'order-insert': orderInsert,
});
for (const [path, label] of REFERENCES) {
  const r = await load(s2.base, path, {
    connections: CALLERS,
    duration: DURATION,
    headers: users[0]!.headers,
    requests: [{ method: 'GET', path }],
  });
  rows.push([
    `${label}, same server, headers and load`,
    `p50 ${r.p50} ms · p95 ${r.p95} ms · ${r.perSecond}/s`,
  ]);
}
s2.close();

const onlyHttp = process.argv.includes('--only') && process.argv.includes('http');

if (!onlyHttp) {
  // 3. 500 orders paid at once
  // The letters' payloads here are not real templates: a small stand-in file measures the engine
  // (queue, storage, states), not a generator.
  const MANY = 500;
  const realGenerate = fulfilmentDeps.generate;
  fulfilmentDeps.generate = async (_db, kind, siren, payload, options) =>
    success({
      fileName: `${kind}-${siren}.${options?.format ?? 'pdf'}`,
      contentType: 'application/octet-stream',
      format: options?.format ?? 'pdf',
      body: Buffer.from(JSON.stringify(payload).repeat(20)),
    });
  const events: { payload: string; signature: string }[] = [];
  const manyIds: string[] = [];
  await concurrently(CALLERS, MANY, async (i, c) => {
    const id = await createOrder(users[c]!, 'letters', { type: `m${i}` });
    manyIds.push(id);
    events[i] = await checkoutAndPay(users[c]!, id);
  });
  const t0 = performance.now();
  await Promise.all(events.map((e) => deliver(e)));
  const tPaid = performance.now();
  await runJobsUntilIdle(db);
  const tDone = performance.now();
  const [{ completed }] = (await db
    .select({ completed: count() })
    .from(schema.orders)
    .where(sql`${schema.orders.id} in ${manyIds} and ${schema.orders.state} = 'completed'`)) as [
    { completed: number },
  ];
  const [{ files }] = (await db
    .select({ files: count() })
    .from(schema.storedFiles)
    .where(sql`${schema.storedFiles.orderId} in ${manyIds}`)) as [{ files: number }];
  fulfilmentDeps.generate = realGenerate;
  const invoiceNumbers = (await db.select({ n: schema.invoices.number }).from(schema.invoices))
    .map((r) => r.n)
    .sort((a, b) => a - b);
  const gapless = invoiceNumbers.every((n, i) => n === i + 1);
  const [{ attempts }] = (await db
    .select({ attempts: sql<number>`max(${schema.orders.attempts})::int` })
    .from(schema.orders)
    .where(sql`${schema.orders.id} in ${manyIds}`)) as [{ attempts: number }];
  rows.push([
    `${MANY} orders paid at once: webhooks processed`,
    `${((tPaid - t0) / 1000).toFixed(2)} s`,
  ]);
  rows.push([
    `${MANY} orders paid at once: all fulfilled (3 formats each)`,
    `${((tDone - t0) / 1000).toFixed(2)} s`,
  ]);
  rows.push([
    `  completed / files / invoices without gaps / max attempts`,
    `${completed}/${MANY} · ${files}/${MANY * 2} · ${gapless ? 'yes' : 'NO'} (${invoiceNumbers.length}) · ${attempts}`,
  ]);

  // 4. order to download
  const SERIAL = 20;
  const o2d: number[] = [];
  for (let i = 0; i < SERIAL; i++) {
    const who = users[i % users.length]!;
    const t = performance.now();
    const id = await createOrder(who, 'establishments-list');
    await deliver(await checkoutAndPay(who, id));
    await runJobsUntilIdle(db);
    const res = await downloadRoute.GET(
      request(`/orders/${id}/download?format=csv`, { who }),
      params({ id }),
    );
    if (res.status !== 200) throw new Error(`téléchargement ${res.status}`);
    await res.arrayBuffer();
    o2d.push(performance.now() - t);
  }
  rows.push([
    `order to download (test provider, csv+xlsx+pdf), ${SERIAL} orders`,
    `median ${ms(pct(o2d, 50))}`,
  ]);
}

const [check] = await db
  .select({ n: count() })
  .from(schema.orders)
  .where(eq(schema.orders.state, 'completed'));
console.log(
  `\nbench:orders — REGISTRY_CACHE=${process.env.REGISTRY_CACHE}, PostgreSQL, jobs: pg-boss, runJobsUntilIdle in this process; ${machine()}`,
);
for (const [k, v] of rows) console.log(`${k.padEnd(72)} ${v}`);
console.log(`(completed orders in the database: ${check!.n})`);

await handle.close();
await base.close();
await rm(filesDir, { recursive: true, force: true });
await rm(dataDir, { recursive: true, force: true });
process.exit(0);
