/**
 * Kill a worker in the middle of fulfilling a paid order, start again: the order is completed
 * exactly once. Also: a payment whose webhook never arrived, and an event stored but not
 * processed when the server died, are finished by the recovery sweep.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type DbHandle } from '@/db/client';
import { openWireTestDb, type WireTestDb } from '@/db/testing';
import { runMigrations } from '@/db/migrate';
import { invoices, orders, storedFiles, webhookEvents } from '@/db/schema';
import { runJobsUntilIdle } from '@/jobs/testing';
import { smtpForFile } from '@/testing/smtp';
import { payTestCheckout, signedEvent, testProvider } from '@/payments/test-provider';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { fulfilOrder } from './fulfilment';
import { recoverOrders } from './recovery';
import { createOrder, startCheckout } from './service';
import { directoryStorage, setFileStorage } from './storage';
import { createTestUser, type TestUser } from './testing';

const DANONE = '552032534';
const billing = { company_name: 'Acheteur SAS', postcode: '69001', firstname: 'A', lastname: 'B' };
const globalForDb = globalThis as unknown as { __dbHandle?: DbHandle };

const smtp = smtpForFile({
  STRIPE_SECRET_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
});
let url: string;
let wire: WireTestDb | undefined;
let handle: DbHandle;
let filesDir: string;
let erin: TestUser;

function connect() {
  handle = connectPostgres(url, 1);
  globalForDb.__dbHandle = handle;
  return handle.db;
}

beforeAll(async () => {
  // A database served over the wire as `npm start` serves it (embedded: one connection, rolled
  // back when its client dies).
  wire = await openWireTestDb('test_crash');
  url = wire.url;
  const db = connect();
  await runMigrations(handle);
  await insertRegistryFixtures(db);
  erin = await createTestUser(db, 'erin@example.fr');
  filesDir = await mkdtemp(path.join(tmpdir(), 'orders-crash-'));
  setFileStorage(directoryStorage(filesDir));
});

afterAll(async () => {
  await handle?.close();
  globalForDb.__dbHandle = undefined;
  setFileStorage(undefined);
  await wire?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** Places and pays an order; the webhook is left to the caller. */
async function paidSession(kind: string) {
  const db = handle.db;
  const o = await createOrder(db, erin.user, { kind, siren: DANONE });
  if (!o.ok) throw new Error(o.message);
  const c = await startCheckout(db, erin.user, o.value.id, billing);
  if (!c.ok) throw new Error(c.message);
  const session = new URL(c.value.url, 'http://x').searchParams.get('session')!;
  const paid = await payTestCheckout(db, session, erin.user.id, '4242424242424242');
  if (!paid.ok || paid.value.outcome !== 'paid') throw new Error('paiement refusé');
  return { orderId: o.value.id, event: paid.value.event };
}

async function stateOf(id: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('crash safety', () => {
  it('finishes an order exactly once after its worker is killed mid-job', async () => {
    const { orderId, event } = await paidSession('establishments-list');
    // The server died after storing the event, before processing it.
    const parsed = JSON.parse(event.payload) as { id: string; type: string };
    await handle.db
      .insert(webhookEvents)
      .values({ id: parsed.id, provider: 'test', type: parsed.type, payload: parsed });
    expect((await stateOf(orderId)).state).toBe('pending_payment');
    await handle.close();

    const child = spawn(
      process.execPath,
      [
        '--conditions=react-server',
        '--import',
        'tsx',
        path.resolve('src/orders/crash-worker.fixture.ts'),
      ],
      {
        env: {
          ...process.env,
          CRASH_DATABASE_URL: url,
          CRASH_FILES_DIR: filesDir,
          DATABASE_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        if (c.toString().includes('generating')) resolve();
      });
      void exited.then((code) =>
        reject(new Error(`worker exited (${code}) before generating: ${stderr}`)),
      );
    });
    child.kill('SIGKILL');
    await exited;

    const db = connect();
    const during = await stateOf(orderId);
    expect(during.state).toBe('processing');
    expect(during.attempts).toBe(1);

    // The next worker starts: the sweep, then the jobs; and a second sweep changes nothing.
    await recoverOrders(db);
    await runJobsUntilIdle(db);
    await recoverOrders(db);
    await runJobsUntilIdle(db);
    expect(await fulfilOrder(db, orderId)).toBe('skipped');

    const after = await stateOf(orderId);
    expect(after.state).toBe('completed');
    expect(after.attempts).toBe(2);
    expect(
      await db.select().from(storedFiles).where(eq(storedFiles.orderId, orderId)),
    ).toHaveLength(3);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
    await smtp.waitFor((m) => m.to.includes('erin@example.fr') && m.subject.includes('prêt'));
    expect(smtp.received.filter((m) => m.subject.includes('prêt'))).toHaveLength(1);
  });

  it('marks paid an order whose webhook never arrived, once, however often the sweep runs', async () => {
    const { orderId } = await paidSession('establishments-list');
    const db = handle.db;
    await Promise.all([recoverOrders(db), recoverOrders(db)]);
    await runJobsUntilIdle(db);
    expect((await stateOf(orderId)).state).toBe('completed');
    expect(await db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  });

  it('processes a late webhook of that order without a second invoice', async () => {
    const unrelated = signedEvent('customer.subscription.updated', { id: 'sub_test_unknown' });
    const { receiveWebhook } = await import('@/payments/webhooks');
    const res = await receiveWebhook(
      handle.db,
      unrelated.payload,
      unrelated.signature,
      testProvider(handle.db),
    );
    expect(res.ok).toBe(true);
    const numbers = (await handle.db.select({ n: invoices.number }).from(invoices)).map((r) => r.n);
    expect(numbers.sort()).toEqual([1, 2]);
  });
});
