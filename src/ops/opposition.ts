/**
 * Operators' commands on opposition requests (src/opposition): list, show with history, read the
 * requester's identity document (decrypted into a file of the operator's choosing), accept a
 * confirmed request that waits for review, reject (or withdraw an applied one). Accepting or
 * rejecting deletes the document.
 *
 *   npm run ops -- oppositions:list [--statut awaiting_review] [--limite 50]
 *   npm run ops -- oppositions:show <n°>
 *   npm run ops -- oppositions:document <n°> <fichier> [--par NOM]
 *   npm run ops -- oppositions:accept <n°> [--par NOM] [--note "…"]
 *   npm run ops -- oppositions:reject <n°> [--par NOM] [--note "…"]
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { OPPOSITION_STATES, type OppositionState } from '@/domain/opposition';
import {
  DOCUMENT_TYPES,
  identityDocumentInfo,
  readIdentityDocument,
} from '@/opposition/identity-document';
import { acceptOpposition, expireOppositions, rejectOpposition } from '@/opposition/review';
import {
  caseEvents,
  listCases,
  readCase,
  recordEvent,
  type OppositionCase,
} from '@/opposition/store';
import type { OpsCommand } from './types';

function option(args: string[], ...names: string[]): string | undefined {
  for (const name of names) {
    const i = args.indexOf(name);
    if (i >= 0) return args[i + 1];
  }
  return undefined;
}

const caseId = (args: string[]) => {
  const id = Number(args.find((a) => /^\d+$/.test(a)));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Who decides: `--par`, else the system account running the command. */
const actorOf = (args: string[]) =>
  `operator:${(option(args, '--par', '--by') ?? os.userInfo().username).slice(0, 60)}`;

const summary = (c: OppositionCase) =>
  [
    `n° ${c.id}`,
    c.status,
    c.kind === 'company' ? `entreprise ${c.siren}` : `personne ${c.personKey}`,
    c.email,
    `reçue ${c.createdAt}`,
    c.reviewReasons.length ? `à examiner : ${c.reviewReasons.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' | ');

export const commands: OpsCommand[] = [
  {
    name: 'oppositions:list',
    summary: "liste les demandes d'opposition (--statut ÉTAT, --limite N)",
    async run(args, { db, out }) {
      const status = option(args, '--statut', '--status');
      if (status && !OPPOSITION_STATES.includes(status as OppositionState)) {
        out(`État inconnu : ${status} (${OPPOSITION_STATES.join(', ')})`);
        return 2;
      }
      const expired = await expireOppositions(db);
      if (expired) out(`${expired} demande(s) non confirmée(s) passée(s) en « expired ».`);
      const limit = Math.min(1000, Math.max(1, Number(option(args, '--limite', '--limit')) || 50));
      const cases = await listCases(db, { status: status as OppositionState | undefined, limit });
      if (cases.length === 0) out('Aucune demande.');
      for (const c of cases) out(summary(c));
      return 0;
    },
  },
  {
    name: 'oppositions:show',
    summary: "affiche une demande d'opposition et son historique",
    async run(args, { db, out }) {
      const id = caseId(args);
      const c = id ? await readCase(db, id) : null;
      if (!c) {
        out('Usage : npm run ops -- oppositions:show <n° existant>');
        return 2;
      }
      out(summary(c));
      if (c.reason) out(`motif : ${c.reason}`);
      const doc = await identityDocumentInfo(db, c.id);
      out(
        doc
          ? `pièce d’identité : ${DOCUMENT_TYPES[doc.mediaType].label}, ${Math.ceil(doc.sizeBytes / 1024)} Ko, reçue ${doc.createdAt} (npm run ops -- oppositions:document ${c.id} <fichier>)`
          : 'pièce d’identité : aucune (jamais reçue, ou supprimée avec la décision)',
      );
      out('historique :');
      for (const e of await caseEvents(db, c.id))
        out(`  ${e.at}  ${e.action}  par ${e.actor}${e.note ? `  (${e.note})` : ''}`);
      return 0;
    },
  },
  {
    name: 'oppositions:document',
    summary: "écrit la pièce d’identité déchiffrée d'une demande dans un fichier (--par NOM)",
    async run(args, { db, out }) {
      const id = caseId(args);
      const target = args.find((a, i) => i > 0 && !a.startsWith('--') && args[i - 1] !== '--par');
      if (!id || !target || /^\d+$/.test(target)) {
        out('Usage : npm run ops -- oppositions:document <n°> <fichier> [--par NOM]');
        return 2;
      }
      const doc = await readIdentityDocument(db, id);
      if (!doc) {
        out(
          `La demande n° ${id} n’a pas de pièce d’identité (jamais reçue, ou supprimée avec la décision).`,
        );
        return 1;
      }
      const file = /\.[a-z]{2,4}$/i.test(target)
        ? target
        : `${target}.${DOCUMENT_TYPES[doc.mediaType].extensions[0]}`;
      try {
        // 'wx': never overwrites a file; 0600: readable by the operator alone.
        await writeFile(file, doc.bytes, { flag: 'wx', mode: 0o600 });
      } catch (e) {
        out(`Impossible d’écrire ${file} : ${(e as Error).message}`);
        return 1;
      }
      await recordEvent(db, id, actorOf(args), 'document_read');
      out(
        `Pièce d’identité de la demande n° ${id} écrite dans ${file} (${DOCUMENT_TYPES[doc.mediaType].label}). Supprimez ce fichier après l’examen.`,
      );
      return 0;
    },
  },
  {
    name: 'oppositions:accept',
    summary: "accepte une demande confirmée en attente d'examen (--par NOM, --note TEXTE)",
    async run(args, { db, out }) {
      const id = caseId(args);
      if (!id) {
        out('Usage : npm run ops -- oppositions:accept <n°> [--par NOM] [--note TEXTE]');
        return 2;
      }
      const r = await acceptOpposition(db, id, actorOf(args), option(args, '--note') ?? null);
      if (!r.ok) {
        out(r.message);
        return 1;
      }
      out(
        `Demande n° ${id} acceptée : données masquées (${r.value.affectedSirens.length} entreprise(s)) ; pièce d’identité supprimée.`,
      );
      return 0;
    },
  },
  {
    name: 'oppositions:reject',
    summary: 'refuse une demande, ou retire une demande appliquée (--par NOM, --note TEXTE)',
    async run(args, { db, out }) {
      const id = caseId(args);
      if (!id) {
        out('Usage : npm run ops -- oppositions:reject <n°> [--par NOM] [--note TEXTE]');
        return 2;
      }
      const r = await rejectOpposition(db, id, actorOf(args), option(args, '--note') ?? null);
      if (!r.ok) {
        out(r.message);
        return 1;
      }
      out(
        r.value.affectedSirens.length
          ? `Demande n° ${id} retirée : les données s'affichent de nouveau.`
          : `Demande n° ${id} refusée ; pièce d’identité supprimée.`,
      );
      return 0;
    },
  },
];
