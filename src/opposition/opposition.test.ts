import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DbHandle } from '@/db/client';
import { createTestDb } from '@/db/testing';
import { smtpForFile } from '@/testing/smtp';
import { runOpsCommand } from '@/ops/testing';
import { getCompanyProfile } from '@/registry/company';
import { insertRegistryFixtures } from '@/registry/testing/fixtures';
import { searchDirectors } from '@/search/directors';
import { refreshSearchIndex } from '@/search/indexer';
import { confirmOpposition } from './confirm';
import { submitOpposition } from './submit';
import { caseEvents, readCase } from './store';
import { identityDocumentInfo } from './identity-document';
import { isCompanyOpposed, sampleDocumentBytes, tokenOfMail, withDocument } from './testing';
import { runJobsUntilIdle } from '@/jobs/testing';

let handle: DbHandle;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'opposition-'));
const smtp = smtpForFile({ DATA_DIR: dataDir });

beforeAll(async () => {
  handle = await createTestDb();
  await insertRegistryFixtures(handle.db);
  await refreshSearchIndex(handle.db);
});
afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => handle.db;
const honoured = async () =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM opposition_requests WHERE status <> 'rejected'`,
    )
  )[0]!.n;
const nameOf = async (siren: string) => {
  const r = await getCompanyProfile(db(), siren);
  if (!r.ok) throw new Error(r.message);
  return r.value.name;
};
/** The queued mails are sent by the job queue (src/mail/queue.ts), then arrive at the SMTP server. */
const mailTo = async (to: string) => {
  await runJobsUntilIdle(db());
  return smtp.waitFor((m) => m.to.includes(to));
};
const ops = (name: string, ...args: string[]) => runOpsCommand(db(), name, ...args);

describe('opposition requests', () => {
  it('never hides a legal person on request: Danone (552032534) stays, and no mail goes out', async () => {
    const before = await honoured();
    const r = await submitOpposition(
      db(),
      { kind: 'company', siren: '552 032 534', email: 'concurrent@exemple.fr' },
      withDocument(),
    );
    expect(r).toMatchObject({ ok: false, code: 'OPPOSITION_NOT_ALLOWED' });
    expect(r.ok ? '' : r.message).toMatch(/personne morale/);
    expect(await isCompanyOpposed(db(), '552032534')).toBe(false);
    expect(await nameOf('552032534')).toBe('DANONE');
    expect(await honoured()).toBe(before);
    await runJobsUntilIdle(db());
    expect(smtp.received.some((m) => m.to.includes('concurrent@exemple.fr'))).toBe(false);
  });

  it('hides nothing on the e-mail confirmation: an operator accepts, and the document goes', async () => {
    const r = await submitOpposition(
      db(),
      { kind: 'company', siren: '883010316', email: 'raphael@exemple.fr' },
      withDocument('png'),
    );
    if (!r.ok) throw new Error(r.message);
    expect(r.value.status).toBe('pending_confirmation');
    expect(await identityDocumentInfo(db(), r.value.id)).toMatchObject({
      mediaType: 'image/png',
    });
    const mail = await mailTo('raphael@exemple.fr');
    expect(mail.subject).toBe('Confirmez votre demande d’opposition');
    expect(mail.text).toContain('/opposition/confirmer?jeton=');
    // Received, not applied.
    expect(await isCompanyOpposed(db(), '883010316')).toBe(false);
    expect(await nameOf('883010316')).toBe('RAPHAEL DUBIGNY');

    const token = tokenOfMail(mail.text);
    const confirmed = await confirmOpposition(db(), token);
    expect(confirmed).toMatchObject({ ok: true, value: { status: 'awaiting_review' } });
    // Confirmed, still not applied: an e-mail proves a mailbox, not an identity.
    expect(await isCompanyOpposed(db(), '883010316')).toBe(false);
    expect(await nameOf('883010316')).toBe('RAPHAEL DUBIGNY');

    // Replayed: refused, nothing more happens.
    const before = await honoured();
    expect(await confirmOpposition(db(), token)).toMatchObject({
      ok: false,
      code: 'OPPOSITION_LINK_INVALID',
    });
    expect(await honoured()).toBe(before);

    const accepted = await ops('oppositions:accept', String(r.value.id), '--par', 'claire');
    expect(accepted.code).toBe(0);
    // The requester is told the decision.
    await runJobsUntilIdle(db());
    const decision = await smtp.waitFor(
      (m) => m.to.includes('raphael@exemple.fr') && /acceptée/.test(m.subject),
    );
    expect(decision.text).toContain(`n° ${r.value.id}`);
    expect(decision.text).toContain('supprimée');
    expect(await isCompanyOpposed(db(), '883010316')).toBe(true);
    expect(await nameOf('883010316')).toBeNull();
    expect(await identityDocumentInfo(db(), r.value.id)).toBeNull();
    const events = await caseEvents(db(), r.value.id);
    expect(events.map((e) => e.action)).toEqual([
      'created',
      'confirmed',
      'awaiting_review',
      'accepted',
    ]);
  });

  it('refuses forged and altered links without touching any request', async () => {
    const r = await submitOpposition(
      db(),
      { kind: 'person', directorId: 't-104049424-1', email: 'xavier@exemple.fr' },
      withDocument(),
    );
    if (!r.ok) throw new Error(r.message);
    const token = tokenOfMail((await mailTo('xavier@exemple.fr')).text);
    const [id, expires, nonce, signature] = token.split('.') as [string, string, string, string];
    const flip = (hex: string) => hex.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const forged = [
      `${id}.${expires}.${nonce}.${flip(signature)}`,
      `${id}.${Number(expires) + 3600}.${nonce}.${signature}`,
      `${Number(id) + 1}.${expires}.${nonce}.${signature}`,
      `${id}.${expires}.${flip(nonce)}.${signature}`,
      `${id}.${expires}.${nonce}`,
      'é'.repeat(50),
      '',
      null,
    ];
    for (const f of forged)
      expect(await confirmOpposition(db(), f)).toMatchObject({
        ok: false,
        code: 'OPPOSITION_LINK_INVALID',
      });
    expect((await readCase(db(), r.value.id))?.status).toBe('pending_confirmation');
    expect((await readCase(db(), r.value.id))?.personKey).toBe('JOUPPE|XAVIER|1990-02');
    // The genuine link works; the person stays in search until an operator accepts.
    expect(await confirmOpposition(db(), token)).toMatchObject({
      ok: true,
      value: { status: 'awaiting_review' },
    });
    const still = await searchDirectors(db(), { name: 'xavier jouppe' });
    expect(still.ok && still.value.results.length).toBeGreaterThan(0);
    expect((await ops('oppositions:accept', String(r.value.id))).code).toBe(0);
    const found = await searchDirectors(db(), { name: 'xavier jouppe' });
    expect(found.ok && found.value.results).toEqual([]);
  });

  it('lets a link expire: an expired link changes nothing, and the document is deleted', async () => {
    const long = new Date(Date.now() - 49 * 3600_000);
    const r = await submitOpposition(
      db(),
      { kind: 'company', siren: '883010316', email: 'tard@exemple.fr' },
      withDocument(),
      { now: long },
    );
    if (!r.ok) throw new Error(r.message);
    expect(await identityDocumentInfo(db(), r.value.id)).not.toBeNull();
    const token = tokenOfMail((await mailTo('tard@exemple.fr')).text);
    expect(await confirmOpposition(db(), token)).toMatchObject({
      ok: false,
      code: 'OPPOSITION_LINK_EXPIRED',
    });
    expect((await readCase(db(), r.value.id))?.status).toBe('expired');
    expect(await identityDocumentInfo(db(), r.value.id)).toBeNull();
  });

  it('lets an operator read the identity document, then accept: the person is hidden and the document gone', async () => {
    const before = await honoured();
    const r = await submitOpposition(
      db(),
      {
        kind: 'person',
        lastName: 'Schnepp',
        firstNames: 'Gilles',
        birthMonth: '1958-10',
        email: 'gilles@exemple.fr',
      },
      withDocument('jpg'),
    );
    if (!r.ok) throw new Error(r.message);
    expect((await readCase(db(), r.value.id))?.personKey).toBe('SCHNEPP|GILLES|1958-10');
    const confirmed = await confirmOpposition(
      db(),
      tokenOfMail((await mailTo('gilles@exemple.fr')).text),
    );
    expect(confirmed).toMatchObject({ ok: true, value: { status: 'awaiting_review' } });
    expect(await honoured()).toBe(before);

    const listed = await ops('oppositions:list', '--statut', 'awaiting_review');
    expect(listed.code).toBe(0);
    expect(listed.text).toContain(`n° ${r.value.id} | awaiting_review`);
    expect(listed.text).toContain('identity_proof');
    expect((await ops('oppositions:show', String(r.value.id))).text).toMatch(
      /pièce d’identité : JPEG, 1 Ko/,
    );

    const file = path.join(dataDir, 'piece-gilles');
    const read = await ops('oppositions:document', String(r.value.id), file, '--par', 'claire');
    expect(read.code).toBe(0);
    expect(readFileSync(`${file}.jpg`)).toEqual(sampleDocumentBytes('jpg'));
    expect(statSync(`${file}.jpg`).mode & 0o077).toBe(0);
    // Never over an existing file.
    expect((await ops('oppositions:document', String(r.value.id), `${file}.jpg`)).code).toBe(1);

    const accepted = await ops(
      'oppositions:accept',
      String(r.value.id),
      '--par',
      'claire',
      '--note',
      'identité vérifiée',
    );
    expect(accepted.code).toBe(0);
    expect(accepted.text).toContain('pièce d’identité supprimée');
    expect(await honoured()).toBe(before + 1);
    expect(await identityDocumentInfo(db(), r.value.id)).toBeNull();
    expect((await ops('oppositions:document', String(r.value.id), `${file}-2`)).code).toBe(1);
    // Accepting twice is refused.
    expect((await ops('oppositions:accept', String(r.value.id))).code).toBe(1);

    const shown = await ops('oppositions:show', String(r.value.id));
    expect(shown.text).toMatch(/created {2}par requester/);
    expect(shown.text).toMatch(/confirmed {2}par requester/);
    expect(shown.text).toMatch(/awaiting_review {2}par system/);
    expect(shown.text).toMatch(/document_read {2}par operator:claire/);
    expect(shown.text).toMatch(/accepted {2}par operator:claire {2}\(identité vérifiée\)/);
    expect(shown.text).toMatch(/pièce d’identité : aucune/);
  });

  it('holds a sole trader with employees for review; an operator may reject it, and the document goes', async () => {
    await handle.db.execute(sql`UPDATE companies SET employer = true WHERE siren = '300025764'`);
    const r = await submitOpposition(
      db(),
      { kind: 'company', siren: '300025764', email: 'employeur@exemple.fr' },
      withDocument(),
    );
    if (!r.ok) throw new Error(r.message);
    await confirmOpposition(db(), tokenOfMail((await mailTo('employeur@exemple.fr')).text));
    expect((await readCase(db(), r.value.id))?.reviewReasons).toEqual([
      'identity_proof',
      'employees',
    ]);
    expect((await readCase(db(), r.value.id))?.status).toBe('awaiting_review');
    const rejected = await ops('oppositions:reject', String(r.value.id), '--par', 'paul');
    expect(rejected).toMatchObject({
      code: 0,
      text: `Demande n° ${r.value.id} refusée ; pièce d’identité supprimée.`,
    });
    expect(await isCompanyOpposed(db(), '300025764')).toBe(false);
    expect(await identityDocumentInfo(db(), r.value.id)).toBeNull();
    await runJobsUntilIdle(db());
    const refusal = await smtp.waitFor(
      (m) => m.to.includes('employeur@exemple.fr') && /refusée/.test(m.subject),
    );
    expect(refusal.text).toContain('/opposition');
    const events = await caseEvents(db(), r.value.id);
    expect(events.at(-1)).toMatchObject({ action: 'rejected', actor: 'operator:paul' });
  });

  it('lets an operator withdraw an accepted request: the data show again', async () => {
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM opposition_cases WHERE siren = '883010316' AND status = 'accepted'`,
    );
    const r = await ops('oppositions:reject', String(row!.id), '--note', 'demande abusive');
    expect(r.code).toBe(0);
    expect(r.text).toContain("s'affichent de nouveau");
    expect(await nameOf('883010316')).toBe('RAPHAEL DUBIGNY');
  });

  it('reviews the requests honoured before confirmation existed (migration 0014)', async () => {
    const legacy = readFileSync(path.resolve('drizzle/0014_opposition_legacy.sql'), 'utf8').split(
      '--> statement-breakpoint',
    );
    await handle.db.execute(sql`DELETE FROM opposition_case_events`);
    await handle.db.execute(sql`DELETE FROM opposition_cases`);
    await handle.db.execute(sql`DELETE FROM opposition_requests`);
    await handle.db.execute(sql`INSERT INTO opposition_requests (siren, person_key, email, status)
      VALUES ('552032534', NULL, 'abus@exemple.fr', 'received'),
             ('883010316', NULL, 'raphael@exemple.fr', 'received'),
             (NULL, 'JOUPPE|XAVIER|1990-02', 'xavier@exemple.fr', 'received')`);
    for (const statement of legacy) await handle.db.execute(sql.raw(statement));
    expect(await isCompanyOpposed(db(), '552032534')).toBe(false);
    expect(await isCompanyOpposed(db(), '883010316')).toBe(true);
    const cases = await queryRows<{ siren: string | null; status: string }>(
      db(),
      sql`SELECT siren, status FROM opposition_cases ORDER BY id`,
    );
    expect(cases).toEqual([
      { siren: '552032534', status: 'rejected' },
      { siren: '883010316', status: 'applied' },
      { siren: null, status: 'applied' },
    ]);
  });
});
