/**
 * « Signaler une erreur »: a report goes through the real route (XSRF token, captcha, limit per
 * address), is refused in French with a 4xx when a field is missing, unknown or too long; a report
 * on our own processing waits for an operator, who closes it with the ops commands; the reporter
 * gets the reply on a real SMTP server; the operators' list is refused to guests and to users.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '@/jobs/testing';
import { resetAllRateLimits } from '@/lib/rate-limit';
import { smtpForFile } from '@/testing/smtp';
import { commands as accountCommands } from '@/ops/accounts';
import { OPS_COMMANDS } from '@/ops/commands';
import { solvedCaptcha, TestClient } from '@/testing/route-client';
import { readErrorReport } from './reports';
import { siteDbForFile } from '@/testing/site-db';

const site = siteDbForFile({ fixtures: true });
const smtp = smtpForFile();

beforeEach(() => resetAllRateLimits({ kind: 'memory' }));

const valid = {
  siren: '552032534',
  section: 'identite',
  field: 'tva',
  origin: 'site',
  message: 'Le numéro de TVA affiché ne correspond pas au SIREN.',
  email: 'declarant@exemple.fr',
};
const submit = async (fields: Record<string, unknown>, client = new TestClient()) =>
  client.post('/api/error-reports', { ...fields, captcha: await solvedCaptcha() });

async function ops(args: string[]) {
  const lines: string[] = [];
  const command = OPS_COMMANDS.find((c) => c.name === args[0])!;
  const code = await command.run(args.slice(1), { db: site.db(), out: (l) => lines.push(l) });
  return { code, text: lines.join('\n') };
}

describe('error reports', () => {
  it('tells who holds registry data and how to correct it, without queueing it', async () => {
    const r = await submit({ ...valid, field: 'adresse_siege', origin: 'registry' });
    expect(r.status).toBe(201);
    expect(r.body.data.data).toMatchObject({ status: 'redirected', holder: 'sirene' });
    expect(r.body.data.data.guidance.authority).toContain('Insee');
    expect(JSON.stringify(r.body.data.data.guidance.links)).toContain(
      'formalites.entreprises.gouv.fr',
    );
    const bodacc = await submit({
      ...valid,
      section: 'annonces',
      field: 'annonce',
      origin: 'registry',
    });
    expect(bodacc.body.data.data.guidance.authority).toContain('DILA');
    expect(bodacc.body.data.data.guidance.steps.join(' ')).toContain('greffe');
    const listed = await ops(['reports:list']);
    expect(listed.text).not.toContain(`n° ${r.body.data.data.id} `);
  });

  it('refuses bad input with a French 4xx naming what is wrong', async () => {
    const cases: Array<[Record<string, unknown>, number, string, RegExp]> = [
      [{ ...valid, field: undefined }, 422, 'field', /information erronée/],
      [{ ...valid, field: 'inconnu' }, 422, 'field', /Information inconnue/],
      [{ ...valid, section: 'nulle-part' }, 422, 'section', /Section inconnue/],
      [{ ...valid, message: 'x'.repeat(2001) }, 422, 'message', /2 000 caractères/],
      [{ ...valid, message: '' }, 422, 'message', /Décrivez/],
      [{ ...valid, siren: '12345' }, 422, 'siren', /SIREN invalide/],
      [{ ...valid, email: 'pas-une-adresse' }, 422, 'email', /Adresse électronique/],
    ];
    for (const [body, status, field, message] of cases) {
      const r = await submit(body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(r.body.error.fields[field].join(' ')).toMatch(message);
    }
    const unknown = await submit({ ...valid, siren: '732829320' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('Aucune entreprise 732829320');
    const noCaptcha = await new TestClient().post('/api/error-reports', valid);
    expect(noCaptcha.status).toBe(400);
    const noToken = new TestClient();
    noToken.csrf = false;
    expect((await noToken.post('/api/error-reports', valid)).status).toBe(419);
  });

  it('limits reports per address', async () => {
    const client = new TestClient();
    for (let i = 0; i < 10; i++)
      expect((await client.post('/api/error-reports', { ...valid, message: '' })).status).not.toBe(
        429,
      );
    const r = await submit(valid, client);
    expect(r.status).toBe(429);
    expect(r.body.error.message).toContain('plusieurs signalements');
  });

  it('queues an error of ours for operators, who close it; the reporter is mailed the reply', async () => {
    const r = await submit(valid);
    expect(r.status).toBe(201);
    const { id, status } = r.body.data.data;
    expect(status).toBe('open');
    expect((await ops(['reports:list'])).text).toContain(`n° ${id} | open | entreprise 552032534`);
    expect((await ops(['reports:show', String(id)])).text).toContain('numéro de TVA affiché');
    expect((await ops(['reports:resolve', String(id)])).code).toBe(2); // no reply
    const done = await ops([
      'reports:resolve',
      String(id),
      '--reponse',
      'Le numéro de TVA est maintenant recalculé.',
      '--par',
      'camille',
    ]);
    expect(done.code, done.text).toBe(0);
    expect(await readErrorReport(site.db(), id)).toMatchObject({
      status: 'resolved',
      decidedBy: 'operator:camille',
    });
    expect((await ops(['reports:reject', String(id), '--reponse', 'Non.'])).code).toBe(1);
    await runJobsUntilIdle(site.db());
    const mail = await smtp.waitFor((m) => m.to.includes('declarant@exemple.fr'));
    expect(mail.subject).toContain(`signalement n° ${id}`);
    expect(mail.text).toContain('Le numéro de TVA est maintenant recalculé.');
    expect(mail.text).toMatch(/https?:\/\/\S+\/entreprises\/552032534/);
  });

  it('shows the operators’ list to operators only', async () => {
    expect((await new TestClient().get('/api/error-reports')).status).toBe(401);
    const user = new TestClient();
    await user.register('op-reports@exemple.fr', 'phrase de passe longue');
    expect((await user.get('/api/error-reports')).status).toBe(404);
    const grant = accountCommands.find((c) => c.name === 'operator-grant')!;
    expect(await grant.run(['op-reports@exemple.fr'], { db: site.db(), out: () => {} })).toBe(0);
    await user.post('/login', {
      email: 'op-reports@exemple.fr',
      password: 'phrase de passe longue',
    });
    const list = await user.get('/api/error-reports?status=resolved');
    expect(list.status).toBe(200);
    expect(list.body.data.data[0]).toMatchObject({ siren: '552032534', status: 'resolved' });
    expect((await user.get('/api/error-reports?status=bidule')).status).toBe(400);
  });

  it('operators close a report from their web page; the reporter is mailed; anyone else is refused', async () => {
    const r = await submit({ ...valid, email: 'declarant-web@exemple.fr' });
    const id = r.body.data.data.id as number;
    const decide = (c: TestClient, body: Record<string, unknown>, report: number | string = id) =>
      c.post(`/api/error-reports/${report}`, body);
    const reply = { decision: 'rejected', reply: 'Le numéro affiché est bien celui de l’INSEE.' };
    expect((await decide(new TestClient(), reply)).status).toBe(401);
    const user = new TestClient();
    await user.post('/register', {
      email: 'user-web@exemple.fr',
      password: 'phrase de passe longue',
      captcha: await solvedCaptcha(),
    });
    expect((await decide(user, reply)).status).toBe(404);
    const op = new TestClient();
    await op.post('/register', {
      email: 'op-web@exemple.fr',
      password: 'phrase de passe longue',
      captcha: await solvedCaptcha(),
    });
    const grant = accountCommands.find((c) => c.name === 'operator-grant')!;
    expect(await grant.run(['op-web@exemple.fr'], { db: site.db(), out: () => {} })).toBe(0);
    await op.post('/login', { email: 'op-web@exemple.fr', password: 'phrase de passe longue' });
    const open = await op.get('/api/error-reports?status=open');
    expect(open.body.data.data.map((x: { id: number }) => x.id)).toContain(id);
    const noToken = new TestClient();
    noToken.cookies = op.cookies;
    noToken.csrf = false;
    expect((await decide(noToken, reply)).status).toBe(419);
    const bad = await decide(op, { decision: 'peut-être', reply: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.decision[0]).toContain('resolved');
    const empty = await decide(op, { decision: 'resolved', reply: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.fields.reply[0]).toContain('réponse');
    expect((await decide(op, { ...reply, reply: 'x'.repeat(2001) })).status).toBe(422);
    expect((await decide(op, reply, 'abc')).status).toBe(404);
    expect((await decide(op, reply, 999999)).status).toBe(404);
    const done = await decide(op, reply);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.data).toMatchObject({
      status: 'rejected',
      decidedBy: 'operator:op-web@exemple.fr',
    });
    expect((await decide(op, reply)).status).toBe(409);
    await runJobsUntilIdle(site.db());
    const mail = await smtp.waitFor((m) => m.to.includes('declarant-web@exemple.fr'));
    expect(mail.subject).toContain(`signalement n° ${id}`);
    expect(mail.text).toContain('bien celui de l’INSEE');
  });
});
