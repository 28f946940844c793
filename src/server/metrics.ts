/**
 * The web server's Prometheus metrics (prom-client). Exposed on their own port (METRICS_PORT, on
 * METRICS_HOST: loopback by default) and, when METRICS_TOKEN is set, as `GET /metrics` on the
 * site's port behind `Authorization: Bearer <METRICS_TOKEN>` (the metrics port asks for it too
 * then). docs/OPERATIONS.md lists every metric and what its alert means.
 *
 * Label values are bounded: a route is its pattern in the site's route table
 * (src/server/routes.ts), never the raw path; a job is a declared kind; a source an import
 * source. What is read from the database (queues, orders, imports, search) is read at most every
 * 10 s per process, and every process of a cluster reports the same figures for it: aggregate
 * those with `max`, the per-process ones (requests, caches, pools, mails) with `sum`.
 */
import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import { queryRows, type Db } from '@/db/client';
import { runningImports } from '@/ingest/core/progress';
import { eventCounts } from '@/lib/stats';
import type { RenderQueue } from './render-queue';
import { byPrecedence, matchRoute, ROUTES } from './routes';

/** One readiness check's last known state. */
type ReadinessCheck = { ok: boolean; degraded?: boolean };

const PATTERNS = byPrecedence(ROUTES);
const DB_READ_EVERY_MS = 10_000;

/** The route group of a path: its route table pattern, or a fixed name. Bounded. */
export function routeGroup(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '';
  if (pathname === '/healthz' || pathname === '/readyz' || pathname === '/metrics') return pathname;
  if (pathname.startsWith('/_next/static/')) return '/_next/static';
  if (pathname.startsWith('/_next/')) return '/_next';
  const m = matchRoute(pathname, PATTERNS);
  return m && m !== 'bad' ? m.pattern : 'other';
}

export type MetricsSources = {
  /** The site's database (null: none read, as in tests of the HTTP part). */
  db: () => Db | null;
  pools: () => Array<{
    role: string;
    pool: {
      totalCount: number;
      idleCount: number;
      waitingCount: number;
      options: { max?: number };
    };
  }>;
  pageCache?: { counts: { hits: number; misses: number }; usedBytes: number; size: number };
  /** The readiness checks' last known states (src/server/health.ts), null before the first. */
  readiness?: () => { checks: Record<string, ReadinessCheck> } | null;
  /** How many times the supervisor restarted this web process after it died (SERVER_RESTARTS). */
  restarts?: number;
  /** The render queue (src/server/render-queue.ts). */
  renderQueue?: Pick<RenderQueue, 'counts' | 'rendering' | 'queued' | 'averageRenderMs'>;
  /** Each job kind's unfinished jobs by state (src/jobs `queueCounts`). */
  queues?: (db: Db) => Promise<Array<{ name: string; state: string; count: number }>>;
};

type DbFigures = {
  queues: Array<{ name: string; state: string; count: number }>;
  orders: Array<{ state: string; count: number }>;
  imports: Array<{ source: string; last: number | null; rows: number; running: number }>;
  cursors: Array<{ name: string; at: number }>;
  searchStale: number;
};

export class SiteMetrics {
  readonly registry = new client.Registry();
  private readonly duration: client.Histogram<'route' | 'method' | 'status'>;
  private figures: { at: number; value: Promise<DbFigures | null> } | null = null;

  constructor(private readonly sources: MetricsSources) {
    const r = this.registry;
    client.collectDefaultMetrics({ register: r });
    this.duration = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Durée des réponses, par groupe de routes (table des routes), méthode et statut',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [r],
    });
    const counterOf = (name: string, help: string, label: string, event: string) =>
      new client.Counter({
        name,
        help,
        labelNames: [label],
        registers: [r],
        collect() {
          this.reset();
          for (const c of eventCounts(event)) this.inc({ [label]: c.labels[label] ?? '' }, c.value);
        },
      });
    counterOf(
      'data_cache_requests_total',
      'Lectures du cache de données du registre (fil principal)',
      'result',
      'data_cache',
    );
    counterOf(
      'mails_total',
      'Courriels remis (sent) ou refusés (failed, retentés par la file)',
      'result',
      'mails',
    );
    counterOf(
      'jobs_failed_total',
      'Exécutions de tâches en échec dans ce processus, par tâche',
      'job',
      'job_failures',
    );
    // A gauge with labels, emptied then filled again at each scrape.
    const gauge = <L extends string>(
      name: string,
      help: string,
      labelNames: L[],
      fill: (g: client.Gauge<L>) => void | Promise<void>,
    ) =>
      new client.Gauge<L>({
        name,
        help,
        labelNames,
        registers: [r],
        collect: async () => {
          const g = r.getSingleMetric(name) as client.Gauge<L>;
          g.reset();
          await fill(g);
        },
      });
    // One gauge per /readyz check: its state, and whether it is degraded.
    const readinessGauge = (name: string, help: string, value: (c: ReadinessCheck) => boolean) =>
      gauge(name, help, ['check'], (g) => {
        for (const [check, c] of Object.entries(sources.readiness?.()?.checks ?? {}))
          g.set({ check }, value(c) ? 1 : 0);
      });
    readinessGauge(
      'readiness_check',
      'État de chaque vérification de /readyz : 1 réussie, 0 en échec (le détail est dans le journal)',
      (c) => c.ok,
    );
    readinessGauge(
      'readiness_degraded',
      'Vérifications de /readyz réussies mais dégradées : 1 (lectures servies par la base principale, la réplique étant injoignable ou en retard ; recherche en reconstruction), 0 sinon',
      (c) => !!c.degraded,
    );
    new client.Counter({
      name: 'server_restarts_total',
      help: 'Redémarrages du processus web sur ce port par le superviseur (scripts/start.ts) après un arrêt imprévu',
      registers: [r],
    }).inc(sources.restarts ?? 0);
    const pages = sources.pageCache;
    new client.Counter({
      name: 'page_cache_requests_total',
      help: 'Pages servies par le cache de pages frontal (hit) ou rendues par Next.js puis gardées (miss)',
      labelNames: ['result'],
      registers: [r],
      collect() {
        this.reset();
        if (!pages) return;
        this.inc({ result: 'hit' }, pages.counts.hits);
        this.inc({ result: 'miss' }, pages.counts.misses);
      },
    });
    new client.Gauge({
      name: 'page_cache_bytes',
      help: 'Octets des pages gardées par le cache de pages frontal',
      registers: [r],
      collect() {
        this.set(pages?.usedBytes ?? 0);
      },
    });
    const renders = sources.renderQueue;
    new client.Counter({
      name: 'render_queue_requests_total',
      help: 'Pages à rendre passées par la file de rendu, par issue (rendered, refused = 503 à l’arrivée, expired = 503 après une attente trop longue) et par client (navigation, other, crawler)',
      labelNames: ['result', 'client'],
      registers: [r],
      collect() {
        this.reset();
        if (!renders) return;
        for (const [result, byClient] of Object.entries(renders.counts))
          for (const [c, n] of Object.entries(byClient)) this.inc({ result, client: c }, n);
      },
    });
    new client.Gauge({
      name: 'render_queue_requests',
      help: 'Pages en cours de rendu (state: rendering) ou en attente d’un rendu (waiting)',
      labelNames: ['state'],
      registers: [r],
      collect() {
        this.reset();
        if (!renders) return;
        this.set({ state: 'rendering' }, renders.rendering);
        this.set({ state: 'waiting' }, renders.queued);
      },
    });
    new client.Gauge({
      name: 'render_average_seconds',
      help: 'Moyenne glissante de la durée d’un rendu de page (ce qui règle la file de rendu)',
      registers: [r],
      collect() {
        this.set(renders ? renders.averageRenderMs / 1000 : 0);
      },
    });
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'Connexions des pools de la base (state: total, idle, waiting = requêtes en attente d’une connexion, max)',
      labelNames: ['pool', 'state'],
      registers: [r],
      collect: () => {
        const g = r.getSingleMetric('db_pool_connections') as client.Gauge<'pool' | 'state'>;
        g.reset();
        for (const { role, pool } of sources.pools()) {
          g.set({ pool: role, state: 'total' }, pool.totalCount);
          g.set({ pool: role, state: 'idle' }, pool.idleCount);
          g.set({ pool: role, state: 'waiting' }, pool.waitingCount);
          g.set({ pool: role, state: 'max' }, pool.options.max ?? 10);
        }
      },
    });
    const fromDb = <L extends string>(
      name: string,
      help: string,
      labelNames: L[],
      fill: (g: client.Gauge<L>, f: DbFigures) => void,
    ) =>
      gauge(name, help, labelNames, async (g) => {
        const f = await this.dbFigures();
        if (f) fill(g, f);
      });
    fromDb(
      'jobs_queued',
      'Tâches non terminées par tâche et état (created, retry, active, failed…)',
      ['job', 'state'],
      (g, f) => {
        for (const q of f.queues) g.set({ job: q.name, state: q.state }, q.count);
      },
    );
    fromDb('orders', 'Commandes par état', ['state'], (g, f) => {
      for (const o of f.orders) g.set({ state: o.state }, o.count);
    });
    fromDb(
      'import_last_success_timestamp_seconds',
      'Fin du dernier import réussi, par source',
      ['source'],
      (g, f) => {
        for (const i of f.imports) if (i.last !== null) g.set({ source: i.source }, i.last);
      },
    );
    fromDb(
      'import_last_rows',
      'Lignes lues par le dernier import réussi, par source',
      ['source'],
      (g, f) => {
        for (const i of f.imports) g.set({ source: i.source }, i.rows);
      },
    );
    // Imports running in this process (the scheduled poll runs in the job workers): progress by
    // source. A CSV's row count is only known at its end: estimated from the bytes read.
    const live = gauge;
    const bySource = () => {
      const m = new Map<string, { files: number; rows: number; bytes: number; total: number }>();
      for (const i of runningImports()) {
        const s = m.get(i.source) ?? { files: 0, rows: 0, bytes: 0, total: 0 };
        s.files++;
        s.rows += i.rowsRead;
        s.bytes += i.bytesRead;
        s.total += i.bytesTotal;
        m.set(i.source, s);
      }
      return m;
    };
    live(
      'import_running_files',
      'Fichiers en cours d’import dans ce processus, par source',
      ['source'],
      (g) => {
        for (const [source, s] of bySource()) g.set({ source }, s.files);
      },
    );
    live(
      'import_progress_rows',
      'Lignes lues par les imports en cours, par source',
      ['source'],
      (g) => {
        for (const [source, s] of bySource()) g.set({ source }, s.rows);
      },
    );
    live(
      'import_progress_rows_estimated_total',
      'Lignes attendues des imports en cours (lignes lues rapportées aux octets lus), par source',
      ['source'],
      (g) => {
        for (const [source, s] of bySource())
          g.set({ source }, s.bytes > 0 ? Math.round((s.rows * s.total) / s.bytes) : 0);
      },
    );
    live(
      'import_progress_ratio',
      'Part lue (0 à 1) des fichiers en cours d’import, par source',
      ['source'],
      (g) => {
        for (const [source, s] of bySource())
          g.set({ source }, s.total > 0 ? Math.min(1, s.bytes / s.total) : 0);
      },
    );
    fromDb(
      'import_cursor_timestamp_seconds',
      'Dernière avancée des imports par interrogation (curseurs)',
      ['cursor'],
      (g, f) => {
        for (const c of f.cursors) g.set({ cursor: c.name }, c.at);
      },
    );
    fromDb(
      'search_index_stale_companies',
      'Entreprises dont l’index de recherche est en retard sur les données',
      [],
      (g, f) => {
        g.set(f.searchStale);
      },
    );
    new client.Gauge({
      name: 'metrics_database_ok',
      help: '1 si la dernière lecture des chiffres en base a réussi',
      registers: [r],
      collect: async () => {
        const g = r.getSingleMetric('metrics_database_ok') as client.Gauge;
        g.set((await this.dbFigures()) ? 1 : 0);
      },
    });
  }

  /** Times the answer to this request; call when it arrives. */
  observe(req: IncomingMessage, res: ServerResponse): void {
    const start = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const method = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(
        req.method ?? '',
      )
        ? req.method!
        : 'other';
      this.duration.observe(
        { route: routeGroup(req.url ?? ''), method, status: String(res.statusCode) },
        seconds,
      );
    });
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  private dbFigures(): Promise<DbFigures | null> {
    const now = Date.now();
    if (this.figures && now - this.figures.at < DB_READ_EVERY_MS) return this.figures.value;
    const value = this.readFigures().catch(() => null);
    this.figures = { at: now, value };
    return value;
  }

  private async readFigures(): Promise<DbFigures | null> {
    const db = this.sources.db();
    if (!db) return null;
    const [queues, orders, imports, cursors, stale] = await Promise.all([
      this.sources.queues?.(db) ?? [],
      queryRows<{ state: string; count: number }>(
        db,
        sql`SELECT state, count(*)::int AS count FROM orders GROUP BY state`,
      ),
      queryRows<{ source: string; last: number | null; rows: number; running: number }>(
        db,
        sql`SELECT source,
                   extract(epoch FROM max(finished_at))::float8 AS last,
                   coalesce((array_agg(rows_read ORDER BY finished_at DESC NULLS LAST))[1], 0)::int AS rows,
                   count(*) FILTER (WHERE finished_at IS NULL)::int AS running
              FROM import_runs GROUP BY source`,
      ),
      queryRows<{ name: string; at: number }>(
        db,
        sql`SELECT name, extract(epoch FROM updated_at)::float8 AS at FROM ingest_cursors`,
      ),
      queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM search_stale_sirens`),
    ]);
    return { queues, orders, imports, cursors, searchStale: stale[0]?.n ?? 0 };
  }
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Answers `GET /metrics` with a valid bearer token; false for any other path. Without a token
 * configured the path is not ours (Next.js answers 404).
 */
export function serveMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: SiteMetrics,
  token: string | undefined,
): false | Promise<void> {
  if (!token || (req.url ?? '').split('?', 1)[0] !== '/metrics') return false;
  return answerMetrics(req, res, metrics, token);
}

async function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: SiteMetrics,
  token: string | undefined,
): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  if (token && !sameToken(given, token)) {
    res.statusCode = 401;
    res.setHeader('WWW-Authenticate', 'Bearer');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(
      JSON.stringify({
        error: { code: 'UNAUTHENTICATED', message: 'Jeton des métriques absent ou invalide.' },
      }),
    );
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.statusCode = 405;
    res.setHeader('Allow', 'GET, HEAD');
    res.end();
    return;
  }
  const text = await metrics.render();
  res.setHeader('Content-Type', metrics.registry.contentType);
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** The metrics' own port: every path answers the metrics (with the token when one is set). */
export function startMetricsServer(
  metrics: SiteMetrics,
  o: { port: number; host: string; token?: string },
): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    answerMetrics(req, res, metrics, o.token).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve(server));
  });
}
