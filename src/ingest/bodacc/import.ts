import { NOTICE_PUBLICATION_COLUMNS } from '@/db/shared-columns';
import { ImportError } from '../core/errors';
import { DirectorWriter, type DirectorSet } from '../core/directors-writer';
import { CompanyMerger, type CompanyPatch } from '../core/merge';
import { readJson } from '../core/json';
import type { ImportContext, Importer } from '../core/run';
import { CoverageTracker } from '../core/coverage';
import { TableWriter } from '../core/writer';
import { claimWriter, type Claim } from '../contradictions';
import type { NoticeParts } from './notice';
import { odsRecords, readOdsRecord } from './ods';
import { xmlNotices } from './xml';

const BATCH = 2000;

const NOTICE_COLUMNS = [
  'id',
  'siren',
  ...NOTICE_PUBLICATION_COLUMNS,
  'company_name',
  'text',
  'details',
  'notice_type',
  'corrects_id',
  'extra',
];
const INSOLVENCY_COLUMNS = [
  'id',
  'siren',
  'notice_id',
  'judgment_date',
  'nature',
  'state',
  'court',
  'complement',
];

class BodaccSink {
  private parts: NoticeParts[] = [];
  private readonly notices: TableWriter;
  private readonly insolvency: TableWriter;
  private readonly merger: CompanyMerger;
  private readonly directors: DirectorWriter;
  private readonly claims: ReturnType<typeof claimWriter>;
  readonly coverage = new CoverageTracker('bodacc');
  constructor(private readonly ctx: ImportContext) {
    this.notices = new TableWriter(ctx.conn, {
      table: 'notices',
      key: ['id'],
      columns: NOTICE_COLUMNS,
      touchUpdatedAt: true,
    });
    this.insolvency = new TableWriter(ctx.conn, {
      table: 'insolvency_proceedings',
      key: ['id'],
      columns: INSOLVENCY_COLUMNS,
    });
    this.merger = new CompanyMerger(ctx.conn);
    this.directors = new DirectorWriter(ctx.conn, 'bodacc');
    this.claims = claimWriter(ctx.conn, 'bodacc');
  }

  async add(line: number | null, parts: NoticeParts | { reason: string }): Promise<void> {
    this.ctx.read++;
    if ('reason' in parts) {
      this.ctx.reject(line, parts.reason);
      return;
    }
    for (const r of parts.directorRejects)
      this.ctx.reject(
        line,
        `dirigeant non lu dans l'annonce ${parts.notice.id} : ${r.reason}`,
        r.text,
      );
    this.parts.push(parts);
    this.coverage.see(parts.notice.publishedAt);
    if (this.parts.length >= BATCH) await this.flush();
  }

  async flush(): Promise<void> {
    const batch = this.parts;
    this.parts = [];
    if (!batch.length) return;
    const { ctx } = this;
    const companies: CompanyPatch[] = batch.flatMap((p) => (p.company ? [p.company] : []));
    // Oldest first, so that the newest notice's values win within the batch.
    companies.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
    ctx.count('companies', await this.merger.merge(companies));
    ctx.touch(companies.map((c) => c.siren));
    // The capital each notice states, the latest notice's kept: compared with the RNE's.
    const claims: Claim[] = companies.flatMap((c) =>
      c.fields.capital_amount != null
        ? [
            {
              siren: c.siren,
              claim: 'capital',
              value: String(c.fields.capital_amount),
              date: c.date,
            },
          ]
        : [],
    );
    if (claims.length) ctx.count('source_claims', await this.claims.write(claims));
    ctx.count(
      'notices',
      await this.notices.upsert(
        batch.map(({ notice: n }) => [
          n.id,
          n.siren,
          n.kind,
          n.family,
          n.typeLabel,
          n.publishedAt,
          n.issueNumber,
          n.noticeNumber,
          n.court,
          n.companyName,
          n.text,
          n.details,
          n.noticeType,
          n.correctsId,
          n.extra,
        ]),
      ),
    );
    const sets: DirectorSet[] = batch.flatMap((p) =>
      p.directors && p.notice.siren && p.directors.length
        ? [{ siren: p.notice.siren, date: p.notice.publishedAt, directors: p.directors }]
        : [],
    );
    if (sets.length) ctx.count('directors', await this.directors.write(sets));
    const judgments = batch.flatMap((p) =>
      p.judgment && p.notice.siren
        ? [
            [
              p.notice.id,
              p.notice.siren,
              p.notice.id,
              p.judgment.date,
              p.judgment.nature,
              p.judgment.state,
              p.notice.court,
              p.judgment.complement,
            ],
          ]
        : [],
    );
    if (judgments.length)
      ctx.count('insolvency_proceedings', await this.insolvency.upsert(judgments));
    ctx.tick();
  }
}

async function peek(ctx: ImportContext): Promise<'xml' | 'json'> {
  const name = ctx.input.entryName ?? ctx.input.name;
  if (/\.json(\.gz)?$/i.test(name)) return 'json';
  if (/\.xml(\.gz)?$/i.test(name) || /\.taz$/i.test(name)) return 'xml';
  throw new ImportError(
    `${name} : format BODACC non reconnu (fichier .xml de la DILA ou .json de l'API attendu).`,
  );
}

export const bodaccImporter: Importer = {
  zipEntries: ['.xml', '.json'],
  async run(ctx) {
    const sink = new BodaccSink(ctx);
    if ((await peek(ctx)) === 'json') {
      const doc = await readJson(ctx.input);
      const records = odsRecords(doc);
      if (!records.length)
        throw new ImportError(
          `${ctx.input.name} ne contient aucune annonce BODACC (records vide).`,
        );
      let i = 0;
      for (const r of records) await sink.add(++i, readOdsRecord(r));
    } else {
      for await (const { line, parts } of xmlNotices(ctx.input)) await sink.add(line, parts);
    }
    await sink.flush();
    await sink.coverage.save(ctx.conn);
  },
};
