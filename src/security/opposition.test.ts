/**
 * Replays « Anyone can still hide a person or a sole trader »: a request confirmed from any
 * mailbox hid Danone's main director, a sole trader and whatever person key the form carried.
 * Now a request carries an identity document (checked, encrypted at rest, deleted with the
 * decision), the person key is read from our data, and nothing is hidden before an operator
 * accepts. Also the limits per address and per e-mail domain, and the company claims' limits
 * (each claim is a postal letter).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createClaim } from '@/accounts/claims';
import { TestClient } from '@/testing/route-client';
import * as captchaRoute from '@/app/api/captcha/route';
import * as oppositionRoute from '@/app/api/opposition/route';
import * as confirmationRoute from '@/app/api/opposition/confirmation/route';
import { queryRows } from '@/db/client';
import { runJobsUntilIdle } from '@/jobs/testing';
import { resetCaptchaState } from '@/lib/captcha/server';
import { solveForTest } from '@/lib/captcha/testing';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { smtpForFile } from '@/testing/smtp';
import { runOpsCommand } from '@/ops/testing';
import { IDENTITY_DOCUMENT_MAX_BYTES, OPPOSITION_BODY_MAX } from '@/opposition/identity-document';
import { submitOpposition } from '@/opposition/submit';
import {
  DOCUMENT_MARKER,
  sampleDocumentBytes,
  tokenOfMail,
  withDocument,
} from '@/opposition/testing';
import { getDirectorProfile } from '@/registry/directors';
import { searchCompanies } from '@/search/companies';
import { refreshSearchIndex } from '@/search/indexer';
import { bodyCapOf } from '@/lib/http/body';
import { frontDoorAddressHeaders } from '@/lib/http/client';
import { siteDbForFile } from '@/testing/site-db';

const site = siteDbForFile({ searchIndex: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'security-opposition-'));
const smtp = smtpForFile({ DATA_DIR: dataDir });

afterAll(() => {
  resetAllRateLimits();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  resetAllRateLimits({ kind: 'memory' });
  resetCaptchaState();
});

const db = () => site.db();

const solved = async (address: string) => {
  const res = await captchaRoute.GET(
    new Request('http://x/api/captcha', { headers: frontDoorAddressHeaders(address) }),
  );
  return solveForTest(((await res.json()) as { data: { data: never } }).data.data);
};

type Upload = { bytes: Uint8Array; name: string; type?: string };

/** The form as an attacker's script sends it: fields, files, an address, a JSON answer. */
async function post(
  fields: Record<string, string>,
  files: Upload[] = [{ bytes: sampleDocumentBytes('pdf'), name: 'identite.pdf' }],
  address = '192.0.2.10',
) {
  const form = new FormData();
  form.set('captcha', await solved(address));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files)
    form.append('document', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? '' }), f.name);
  const res = await oppositionRoute.POST(
    new Request('http://0.0.0.0:3301/api/opposition', {
      method: 'POST',
      headers: { ...frontDoorAddressHeaders(address), accept: 'application/json' },
      body: form,
    }),
  );
  const body = (await res.json()) as {
    data?: { data: { id: number } };
    error?: { code: string; message: string; fields?: Record<string, string[]> };
  };
  return { status: res.status, headers: res.headers, body };
}

async function confirmFromMailbox(email: string) {
  await runJobsUntilIdle(db());
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  const res = await confirmationRoute.POST(
    new Request('http://0.0.0.0:3301/api/opposition/confirmation', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: tokenOfMail(mail.text) }),
    }),
  );
  return (await res.json()) as { data: { data: { status: string } } };
}

const ops = (name: string, ...args: string[]) => runOpsCommand(db(), name, ...args);

const caseCount = async () =>
  (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM opposition_cases`))[0]!
    .n;
const documentCount = async (id: number) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM opposition_documents WHERE case_id = ${id}`,
    )
  )[0]!.n;
const findsInSearch = async (q: string, siren: string) => {
  const r = await searchCompanies(db(), { q });
  if (!r.ok) throw new Error(r.message);
  return r.value.results.some((c) => c.siren === siren);
};

describe('an e-mail proves a mailbox, not an identity', () => {
  it("keeps Danone's director on his page after a confirmation from any mailbox, until an operator accepts", async () => {
    const sent = await post({
      kind: 'person',
      directorId: 't-552032534-1',
      email: 'attaquant@boite.example',
    });
    expect(sent.status).toBe(202);
    const id = sent.body.data!.data.id;
    expect((await confirmFromMailbox('attaquant@boite.example')).data.data.status).toBe(
      'awaiting_review',
    );
    const profile = await getDirectorProfile(db(), 't-552032534-1');
    expect(profile.ok && profile.value.name).toMatch(/BERNARD DE SAINT AFFRIQUE/);
    expect(await documentCount(id)).toBe(1);

    // The operator reads the proof and refuses: still shown, and the document is gone.
    const rejected = await ops('oppositions:reject', String(id), '--par', 'claire');
    expect(rejected.code).toBe(0);
    expect((await getDirectorProfile(db(), 't-552032534-1')).ok).toBe(true);
    expect(await documentCount(id)).toBe(0);
  });

  it('keeps a sole trader in search after the confirmation; the operator’s acceptance hides him and deletes the document', async () => {
    expect(await findsInSearch('dubigny', '883010316')).toBe(true);
    const sent = await post({ kind: 'company', siren: '883010316', email: 'ei@boite.example' });
    expect(sent.status).toBe(202);
    const id = sent.body.data!.data.id;
    await confirmFromMailbox('ei@boite.example');
    await refreshSearchIndex(db());
    expect(await findsInSearch('dubigny', '883010316')).toBe(true);

    expect((await ops('oppositions:accept', String(id))).code).toBe(0);
    expect(await findsInSearch('dubigny', '883010316')).toBe(false);
    expect(await documentCount(id)).toBe(0);
    expect((await ops('oppositions:reject', String(id), '--note', 'test')).code).toBe(0); // shown again
  });

  it('refuses a raw person key from the form, alone or beside a director it does not match', async () => {
    const before = await caseCount();
    const forged: Record<string, string>[] = [
      { kind: 'person', personKey: 'SCHNEPP|GILLES|1958-10', email: 'cle@boite.example' },
      {
        kind: 'person',
        directorId: 't-552032534-3',
        personKey: 'BERNARD DE SAINT AFFRIQUE|ANTOINE|1964-12',
        email: 'cle@boite.example',
      },
    ];
    for (const fields of forged) {
      const r = await post(fields, undefined, '192.0.2.20');
      expect(r.status).toBe(422);
      expect(r.body.error!.fields).toHaveProperty('personKey');
      expect(r.body.error!.message).toMatch(/clé de personne n’est pas acceptée/);
    }
    // The API without the route: the same refusal.
    expect(
      await submitOpposition(
        db(),
        { kind: 'person', personKey: 'SCHNEPP|GILLES|1958-10', email: 'cle@boite.example' },
        withDocument(),
      ),
    ).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    // A typed identity must be a director of our data.
    const unknown = await post(
      {
        kind: 'person',
        lastName: 'Personne',
        firstNames: 'Inconnue',
        birthMonth: '1990-01',
        email: 'x@boite.example',
      },
      undefined,
      '192.0.2.21',
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.error!.message).toMatch(/^Aucun dirigeant ne porte ces nom/);
    const noBirth = await post(
      { kind: 'person', lastName: 'Schnepp', firstNames: 'Gilles', email: 'x@boite.example' },
      undefined,
      '192.0.2.21',
    );
    expect(noBirth.body.error!.fields).toHaveProperty('birthMonth');
    expect(await caseCount()).toBe(before);
  });
});

describe('the identity document', () => {
  const person = { kind: 'person', directorId: 't-552032534-3', email: 'doc@boite.example' };
  const refusal = async (files: Upload[], address: string) => {
    const r = await post({ ...person, email: `doc-${address}@boite.example` }, files, address);
    return { status: r.status, message: r.body.error?.message, fields: r.body.error?.fields };
  };

  it('refuses a missing, fake, mislabelled, oversized or second file, in French', async () => {
    const before = await caseCount();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const cases: Array<[Upload[], RegExp]> = [
      [[], /^Joignez une pièce d’identité/],
      // Claims to be a PDF (name and type) but is a program: the first bytes decide.
      [[{ bytes: exe, name: 'passeport.pdf', type: 'application/pdf' }], /PDF, JPEG ou PNG/],
      [[{ bytes: html, name: 'carte.png', type: 'image/png' }], /PDF, JPEG ou PNG/],
      // A real PNG named .pdf: the name disagrees with the content.
      [
        [{ bytes: sampleDocumentBytes('png'), name: 'carte.pdf' }],
        /ne correspond pas à son extension/,
      ],
      [[{ bytes: sampleDocumentBytes('pdf'), name: 'carte' }], /ne correspond pas à son extension/],
      [
        [
          {
            bytes: Buffer.concat([
              sampleDocumentBytes('pdf'),
              Buffer.alloc(IDENTITY_DOCUMENT_MAX_BYTES),
            ]),
            name: 'lourd.pdf',
          },
        ],
        /dépasse 5 Mo/,
      ],
      [
        [
          { bytes: sampleDocumentBytes('pdf'), name: 'recto.pdf' },
          { bytes: sampleDocumentBytes('png'), name: 'verso.png' },
        ],
        /un seul fichier/,
      ],
    ];
    let n = 30;
    for (const [files, message] of cases) {
      const r = await refusal(files, `192.0.2.${n++}`);
      expect(r.status, String(message)).toBe(422);
      expect(r.message).toMatch(message);
      expect(r.fields).toHaveProperty('document');
    }
    expect(await caseCount()).toBe(before);
  });

  it('refuses a body over the route’s cap with 413, declared or streamed, before reading it', async () => {
    expect(bodyCapOf('/api/opposition')).toBe(OPPOSITION_BODY_MAX);
    expect(bodyCapOf('/api/opposition/confirmation')).toBe(16 * 1024);
    const big = new Uint8Array(OPPOSITION_BODY_MAX + 1);
    const declared = await oppositionRoute.POST(
      new Request('http://x/api/opposition', {
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(big.byteLength),
          accept: 'application/json',
        },
        body: big,
      }),
    );
    expect(declared.status).toBe(413);
    const streamed = await oppositionRoute.POST(
      new Request('http://x/api/opposition', {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', accept: 'application/json' },
        body: new ReadableStream({
          start(c) {
            for (let i = 0; i < 6; i++) c.enqueue(new Uint8Array(1024 * 1024));
            c.close();
          },
        }),
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
  });

  it('keeps the document encrypted at rest, bound to its case, and shows it to operators only', async () => {
    const r = await post(
      person,
      [{ bytes: sampleDocumentBytes('png'), name: 'carte.PNG' }],
      '192.0.2.50',
    );
    expect(r.status).toBe(202);
    const id = r.body.data!.data.id;
    const [row] = await queryRows<{ hex: string; media: string; size: number }>(
      db(),
      sql`SELECT encode(iv || auth_tag || ciphertext, 'hex') AS hex, media_type AS media,
            size_bytes AS size FROM opposition_documents WHERE case_id = ${id}`,
    );
    expect(row).toMatchObject({ media: 'image/png', size: sampleDocumentBytes('png').byteLength });
    const stored = Buffer.from(row!.hex, 'hex');
    expect(stored.includes(Buffer.from(DOCUMENT_MARKER))).toBe(false);
    // Nothing the site writes on disk holds it in clear either (mails, secrets, files).
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = path.join(dir, f);
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
    for (const file of walk(dataDir))
      expect(readFileSync(file).includes(Buffer.from(DOCUMENT_MARKER)), file).toBe(false);

    // Moved to another case, the ciphertext no longer decrypts (the case number is authenticated).
    const other = await post(person, undefined, '192.0.2.51');
    const otherId = other.body.data!.data.id;
    await db().execute(
      sql`UPDATE opposition_documents SET (iv, auth_tag, ciphertext) =
            (SELECT iv, auth_tag, ciphertext FROM opposition_documents WHERE case_id = ${id})
          WHERE case_id = ${otherId}`,
    );
    await expect(
      ops('oppositions:document', String(otherId), path.join(dataDir, 'x')),
    ).rejects.toThrow();

    // The operator's copy is the file sent.
    const out = path.join(dataDir, 'lu');
    expect((await ops('oppositions:document', String(id), out)).code).toBe(0);
    expect(readFileSync(`${out}.png`)).toEqual(sampleDocumentBytes('png'));
    rmSync(`${out}.png`);
  });
});

describe('limits of the opposition route', () => {
  it('limits requests per e-mail domain: 429, Retry-After and a French message', async () => {
    // Many addresses and many mailboxes of one domain: the domain's limit holds.
    for (let i = 0; i < 30; i++) {
      const r = await post(
        { kind: 'company', siren: '883010316', email: `boite${i}@domaine-jetable.example` },
        undefined,
        `198.51.100.${i + 1}`,
      );
      expect(r.status).toBe(202);
    }
    const limited = await post(
      { kind: 'company', siren: '883010316', email: 'encore@domaine-jetable.example' },
      undefined,
      '198.51.100.200',
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error!.message).toMatch(/depuis ce domaine de messagerie/);
    // Another domain goes on.
    const other = await post(
      { kind: 'company', siren: '883010316', email: 'moi@autre.example' },
      undefined,
      '198.51.100.201',
    );
    expect(other.status).toBe(202);
  });

  it('limits requests per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await post(
            { kind: 'company', siren: '883010316', email: `a${i}@d${i}.example` },
            undefined,
            '203.0.113.77',
          )
        ).status,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('company claims: each one is a postal letter', () => {
  async function user(email: string) {
    const c = new TestClient();
    await c.register(email, 'phrase de passe longue');
    return c;
  }
  const claim = (c: TestClient, siren: string, address: string) =>
    c.request('POST', '/api/claims', { siren, role: 'Gérant' }, frontDoorAddressHeaders(address));

  it('30 claims in a burst make one letter; the rest get 409 or 429 with Retry-After', async () => {
    const a = await user('rafale@exemple.fr');
    await a.get('/sanctum/csrf-cookie');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => claim(a, '552032534', '203.0.113.90')),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 429)).toBe(true);
    const limited = answers.find((r) => r.status === 429)!;
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.error.message).toMatch(/courrier postal/);
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM company_claims WHERE siren = '552032534' AND status = 'pending'`,
    );
    expect(row!.n).toBe(1);
  });

  it('keeps one pending claim per user and company even when inserts race', async () => {
    await user('course@exemple.fr');
    const [{ id: userId }] = (await queryRows<{ id: string }>(
      db(),
      sql`SELECT id FROM users WHERE email = 'course@exemple.fr'`,
    )) as [{ id: string }];
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        createClaim(db(), userId, { siren: '356000000', role: 'DG' }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'CONFLICT')).toBe(true);
  });

  it('caps pending claims per user and per company', async () => {
    const c = await user('collection@exemple.fr');
    for (const siren of ['880878145', '104049424', '883010316'])
      expect((await claim(c, siren, '203.0.113.91')).status).toBe(201);
    const fourth = await claim(c, '300025764', '203.0.113.91');
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toMatch(/déjà 3 demandes en attente/);

    // 104049424 has one pending claim: two more users may claim it, not a fourth.
    for (const [i, email] of ['u1@exemple.fr', 'u2@exemple.fr'].entries())
      expect((await claim(await user(email), '104049424', `203.0.113.${100 + i}`)).status).toBe(
        201,
      );
    const crowded = await claim(await user('u3@exemple.fr'), '104049424', '203.0.113.110');
    expect(crowded.status).toBe(409);
    expect(crowded.body.error.message).toMatch(/Plusieurs demandes sont déjà en cours/);
  });
});
