/**
 * npm run documents:preview -- <kind> <siren> --out DIR [--payload '{"n":1}'] [--order N]
 * Writes every format of a document kind for one company of the configured database into DIR,
 * so that a person can look at them. VIES is not called unless VIES_URL is set explicitly.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv, InvalidEnvironmentError } from '../src/config/env';
import { documentOffer } from '../src/domain/catalogue/documents';
import { generate } from '../src/documents';
import { setDocumentServices } from '../src/documents/services';
import { openTargetDb } from '../src/ingest/target';

async function main(argv: string[]): Promise<number> {
  const args = [...argv];
  const opt = (name: string) => {
    const i = args.indexOf(name);
    if (i === -1) return null;
    const v = args[i + 1] ?? null;
    args.splice(i, 2);
    return v;
  };
  const out = opt('--out') ?? '.data/documents-preview';
  const payloadText = opt('--payload');
  const order = opt('--order') ?? 'APERCU-0001';
  const [kind, siren] = args;
  if (!kind || siren == null) {
    console.error(
      'Usage : npm run documents:preview -- <type> <siren> --out DOSSIER [--payload JSON]',
    );
    return 2;
  }
  try {
    getEnv();
  } catch (e) {
    if (e instanceof InvalidEnvironmentError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  const offer = documentOffer(kind);
  if (!offer) {
    console.error(`Type de document inconnu : ${kind}`);
    return 2;
  }
  if (!process.env.VIES_URL) setDocumentServices({ vies: null });
  const payload = payloadText ? (JSON.parse(payloadText) as unknown) : {};
  const handle = await openTargetDb();
  try {
    mkdirSync(out, { recursive: true });
    let failed = 0;
    for (const format of offer.formats) {
      const started = performance.now();
      const r = await generate(handle.db, kind, siren, payload, { format, orderNumber: order });
      if (!r.ok) {
        console.error(`${format} : ${r.code} — ${r.message}`);
        failed++;
        continue;
      }
      const file = path.join(out, r.value.fileName);
      writeFileSync(file, r.value.body);
      console.log(
        `${file} (${r.value.body.length} octets, ${Math.round(performance.now() - started)} ms)`,
      );
    }
    return failed ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
