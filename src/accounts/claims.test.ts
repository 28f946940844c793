import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '@/ops/claims';
import { countVerifiedClaims } from '@/registry/stats';
import { takeLettersToSend } from './claims';
import { exportLetters } from './letters';
import { solvedCaptcha, TestClient } from '@/testing/route-client';
import { siteDbForFile } from '@/testing/site-db';

let dir: string;

const site = siteDbForFile({ fixtures: true, memoryRateLimits: true });

beforeAll(async () => {
  // The claims' limits count in this process alone: runs do not add up in a shared store.
  dir = mkdtempSync(path.join(os.tmpdir(), 'letters-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

async function user(email: string) {
  const c = new TestClient();
  expect(
    (
      await c.post('/register', {
        email,
        password: 'phrase de passe longue',
        captcha: await solvedCaptcha(),
      })
    ).status,
  ).toBe(201);
  return c;
}

const run = async (name: string, args: string[]) => {
  const lines: string[] = [];
  const code = await commands
    .find((c) => c.name === name)!
    .run(args, { db: site.db(), out: (l) => lines.push(l) });
  return { code, lines };
};

describe('company profile claims', () => {
  it('claims by letter, verifies the code, keeps one owner, moderates the owner’s information', async () => {
    const owner = await user('dirigeante@exemple.fr');
    const rival = await user('rival@exemple.fr');
    const claim = await owner.post('/api/claims', {
      siren: '552032534',
      role: 'Directrice générale',
    });
    expect(claim.status).toBe(201);
    const id = claim.body.data.data.id;
    expect((await rival.post(`/api/claims/${id}/verify`, { code: 'X' })).status).toBe(404);
    expect((await owner.post(`/api/claims/${id}/verify`, { code: 'X' })).status).toBe(409); // no letter yet
    const rivalClaim = (await rival.post('/api/claims', { siren: '552032534', role: 'Gérant' }))
      .body.data.data.id;

    // The letter batch: one PDF per pending claim; the code is read from what we drew.
    const drafts = await takeLettersToSend(site.db());
    expect(drafts.map((d) => d.claimId).sort()).toEqual([id, rivalClaim].sort());
    const files = await exportLetters(site.db(), dir);
    expect(files).toHaveLength(2);
    expect(readFileSync(files[0]!.file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await exportLetters(site.db(), dir)).toEqual([]); // nothing left to send
    const codeOf = (claimId: number) => files.find((f) => f.claimId === claimId)!.code;

    const wrong = await owner.post(`/api/claims/${id}/verify`, { code: 'AAAA AAAA' });
    expect(wrong.status).toBe(422);
    const right = await owner.post(`/api/claims/${id}/verify`, { code: codeOf(id).toLowerCase() });
    expect(right.body.data.data.status).toBe('verified');
    expect(await countVerifiedClaims(site.db())).toBe(1);
    // One verified owner at a time: the rival's right code is refused.
    expect(
      (await rival.post(`/api/claims/${rivalClaim}/verify`, { code: codeOf(rivalClaim) })).status,
    ).toBe(409);

    // The owner's information shows only once approved.
    const info = {
      description: 'Alimentation.',
      website: 'https://www.danone.com',
      hours: 'Lun-ven 9h-18h',
    };
    expect((await rival.post(`/api/claims/${rivalClaim}/info`, info)).status).toBe(403);
    expect(
      (await owner.post(`/api/claims/${id}/info`, { website: 'javascript:alert(1)' })).status,
    ).toBe(422);
    expect((await owner.post(`/api/claims/${id}/info`, info)).status).toBe(200);
    const publicInfo = () => new TestClient().get('/api/company/552032534/owner-info');
    expect((await publicInfo()).body.data.data).toBeNull();
    expect((await run('claims-info-pending', [])).lines[0]).toContain('552032534');
    expect((await run('claims-info-approve', ['552032534'])).code).toBe(0);
    expect((await publicInfo()).body.data.data).toMatchObject(info);

    // Withdrawn: the information goes, and the company may be claimed again.
    expect((await owner.request('DELETE', `/api/claims/${id}`)).status).toBe(200);
    expect((await publicInfo()).body.data.data).toBeNull();
    expect(await countVerifiedClaims(site.db())).toBe(0);
  });

  it('refuses bad input and other users’ claims without a 500', async () => {
    const c = await user('autre@exemple.fr');
    expect((await c.post('/api/claims', { siren: '123', role: 'x' })).body.error.code).toBe(
      'INVALID_SIREN',
    );
    expect((await c.post('/api/claims', { siren: '552032534', role: '' })).status).toBe(422);
    expect((await c.post('/api/claims/abc/verify', { code: 1 })).status).toBe(404);
    expect((await c.request('DELETE', '/api/claims/1')).status).toBe(404);
    expect((await new TestClient().get('/api/claims')).status).toBe(401);
    expect(
      (await new TestClient().get('/api/company/552032534/owner-info')).body.data.data,
    ).toBeNull();
    expect((await run('claim-revoke', ['999'])).code).toBe(1);
  });
});
