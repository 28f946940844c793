/**
 * Operators' commands on « Signaler une erreur » reports (src/error-reports): list, show, and
 * close an open one as resolved or rejected with the reply mailed to the reporter.
 *
 *   npm run ops -- reports:list [--statut open] [--limite 50]
 *   npm run ops -- reports:show <n°>
 *   npm run ops -- reports:resolve <n°> --reponse "…" [--par NOM]
 *   npm run ops -- reports:reject <n°> --reponse "…" [--par NOM]
 */
import os from 'node:os';
import {
  HOLDERS,
  REPORT_STATES,
  type ReportDecision,
  type ReportState,
} from '@/domain/error-reports';
import {
  decideErrorReport,
  listErrorReports,
  readErrorReport,
  type ErrorReport,
} from '@/error-reports/reports';
import type { OpsCommand } from './types';

function option(args: string[], ...names: string[]): string | undefined {
  for (const name of names) {
    const i = args.indexOf(name);
    if (i >= 0) return args[i + 1];
  }
  return undefined;
}

const reportId = (args: string[]) => {
  const id = Number(args.find((a) => /^\d+$/.test(a)));
  return Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1 ? id : null;
};

const actorOf = (args: string[]) =>
  `operator:${(option(args, '--par', '--by') ?? os.userInfo().username).slice(0, 60)}`;

const summary = (r: ErrorReport) =>
  [
    `n° ${r.id}`,
    r.status,
    `entreprise ${r.siren}`,
    `${r.section} / ${r.field}`,
    r.origin === 'site' ? 'erreur du site' : 'erreur du registre',
    r.email ?? 'sans adresse',
    `reçu ${r.createdAt}`,
  ].join(' | ');

const decide = (decision: ReportDecision): OpsCommand => ({
  name: decision === 'resolved' ? 'reports:resolve' : 'reports:reject',
  summary:
    decision === 'resolved'
      ? 'clôt un signalement d’erreur comme corrigé (--reponse TEXTE, --par NOM)'
      : 'refuse un signalement d’erreur (--reponse TEXTE, --par NOM)',
  async run(args, { db, out }) {
    const id = reportId(args);
    const reply = option(args, '--reponse', '--reply');
    if (!id || !reply) {
      out(
        `Usage : npm run ops -- ${decision === 'resolved' ? 'reports:resolve' : 'reports:reject'} <n°> --reponse "…" [--par NOM]`,
      );
      return 2;
    }
    const r = await decideErrorReport(db, id, decision, actorOf(args), reply);
    if (!r.ok) {
      out(r.message);
      return 1;
    }
    out(
      `Signalement n° ${id} ${decision === 'resolved' ? 'clos comme corrigé' : 'refusé'}${r.value.email ? ' ; réponse envoyée au déclarant' : ' (aucune adresse : pas de courriel)'}.`,
    );
    return 0;
  },
});

export const commands: OpsCommand[] = [
  {
    name: 'reports:list',
    summary:
      'liste les signalements d’erreur (--statut open|redirected|resolved|rejected, --limite N)',
    async run(args, { db, out }) {
      const status = option(args, '--statut', '--status') ?? 'open';
      if (!REPORT_STATES.includes(status as ReportState)) {
        out(`État inconnu : ${status} (${REPORT_STATES.join(', ')})`);
        return 2;
      }
      const limit = Number(option(args, '--limite', '--limit')) || 50;
      const rows = await listErrorReports(db, { status: status as ReportState, limit });
      if (rows.length === 0) out('Aucun signalement.');
      for (const r of rows) out(summary(r));
      return 0;
    },
  },
  {
    name: 'reports:show',
    summary: 'affiche un signalement d’erreur',
    async run(args, { db, out }) {
      const id = reportId(args);
      const r = id ? await readErrorReport(db, id) : null;
      if (!r) {
        out('Usage : npm run ops -- reports:show <n° existant>');
        return 2;
      }
      out(summary(r));
      out(`donnée tenue par : ${HOLDERS[r.holder as keyof typeof HOLDERS]?.authority ?? r.holder}`);
      out(`message : ${r.message}`);
      if (r.reply) out(`réponse (${r.decidedBy}, ${r.decidedAt}) : ${r.reply}`);
      return 0;
    },
  },
  decide('resolved'),
  decide('rejected'),
];
