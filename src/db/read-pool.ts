import pg from 'pg';

/**
 * The replica's pool (DATABASE_READ_URL) with the primary behind it. A connection the replica
 * refuses, or does not give within `connectTimeoutMs` (stopped, restarting, nothing listening),
 * is taken from the primary instead: no statement ran yet, so nothing is run twice. After a
 * failure the replica is left alone for `retryMs` (every read goes to the primary at once), then
 * tried again by the next read. A replica that answers but replays the primary's changes more
 * than `maxLagMs` behind is left alone the same way: its replay delay is measured in the
 * background, at most every `retryMs`, while reads ask for connections. Public registry reads
 * only (src/db/site.ts `getReadDb`): the primary holds the same data, newer.
 */
export type ReplicaState = {
  fallback: boolean;
  since: number | null;
  error: string | null;
  /** Why reads go to the primary: the replica does not answer, or is too far behind. */
  reason: 'unreachable' | 'lagging' | null;
  /** The replica's last measured replay delay, in seconds (null before the first measure). */
  lagSeconds: number | null;
};

/**
 * The replica's replay delay in seconds: 0 when it has replayed all it received while streaming (an
 * idle primary sends nothing: the time since the last replayed transaction is no delay; after a
 * restart the receive position starts at its segment's beginning, behind the replay), else the age of the
 * last replayed transaction; the same age when it receives nothing (streaming stopped); null when
 * it is behind but has replayed no transaction since it started (no date to measure from: the
 * pool then counts from when it first saw it behind). Not a replica (a primary given as
 * DATABASE_READ_URL): 0.
 */
export const REPLICA_LAG_SQL = `SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN 0
    WHEN pg_last_wal_replay_lsn() >= pg_last_wal_receive_lsn()
         AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE status = 'streaming') THEN 0
    ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())
  END::float8 AS lag`;

/** A connection that broke under a query (server stopped, connection cut), not a failing query. */
function brokenConnection(e: unknown): boolean {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' &&
      /^(ECONNRESET|ECONNREFUSED|EPIPE|57P0[123]|08[0-9A-Z]{3})$/.test(code)) ||
    (typeof message === 'string' &&
      /Connection terminated|terminating connection|Client has encountered a connection error|server closed the connection/i.test(
        message,
      ))
  );
}

const UP: ReplicaState = {
  fallback: false,
  since: null,
  error: null,
  reason: null,
  lagSeconds: null,
};

export class ReadPool extends pg.Pool {
  private downUntil = 0;
  private lagging = false;
  private lagMeasuredAt = -Infinity;
  private measuring: Promise<void> | null = null;
  /** When the replica was first seen behind with no replayed transaction to date its delay. */
  private behindSince: number | null = null;
  private state: ReplicaState = { ...UP };

  constructor(
    config: pg.PoolConfig,
    private readonly primary: () => pg.Pool,
    private readonly retryMs = 5_000,
    private readonly now: () => number = Date.now,
    private readonly maxLagMs = 30_000,
  ) {
    super(config);
  }

  /** Whether reads go to the primary now, since when, and why. */
  replicaState(): ReplicaState {
    return { ...this.state };
  }

  private fallBack(reason: 'unreachable' | 'lagging', error: string) {
    if (!this.state.fallback || this.state.reason !== reason)
      console.warn(
        reason === 'unreachable'
          ? `[db] réplique injoignable (${error}) : lectures servies par la base principale`
          : `[db] réplique en retard (${error}) : lectures servies par la base principale`,
      );
    this.state = {
      ...this.state,
      fallback: true,
      since: this.state.since ?? this.now(),
      error,
      reason,
    };
  }

  private recovered() {
    if (this.state.fallback)
      console.warn('[db] la réplique répond de nouveau : lectures servies par la réplique');
    this.state = { ...UP, lagSeconds: this.state.lagSeconds };
  }

  /** Measures the replica's replay delay on one of its connections (in the background). */
  private measureLag(): Promise<void> {
    this.lagMeasuredAt = this.now();
    return (this.measuring ??= (async () => {
      try {
        const client = await super.connect();
        try {
          const { rows } = await client.query<{ lag: number | null }>(REPLICA_LAG_SQL);
          const measured = rows[0]?.lag ?? null;
          if (measured === null) this.behindSince ??= this.now();
          else this.behindSince = null;
          const lag = measured ?? (this.now() - this.behindSince!) / 1000;
          this.state = { ...this.state, lagSeconds: lag };
          this.lagging = lag * 1000 > this.maxLagMs;
          if (this.lagging)
            this.fallBack(
              'lagging',
              `retard de ${lag.toFixed(1)} s, au-delà de ${this.maxLagMs / 1000} s`,
            );
          else if (this.state.reason === 'lagging' && this.now() >= this.downUntil)
            this.recovered();
        } finally {
          client.release();
        }
      } catch (e) {
        this.downUntil = this.now() + this.retryMs;
        this.fallBack('unreachable', e instanceof Error ? e.message.slice(0, 200) : String(e));
      } finally {
        this.measuring = null;
      }
    })());
  }

  private async connectEither(): Promise<pg.PoolClient> {
    const now = this.now();
    if (now - this.lagMeasuredAt >= this.retryMs && now >= this.downUntil) {
      // The first read waits for the first measure (a replica hours behind serves nothing), and
      // so does the first read after a fallback; the others are served on the last known state
      // while it is measured again.
      const measure = this.measureLag();
      if (this.state.lagSeconds === null || this.state.fallback) await measure;
    }
    if (this.now() < this.downUntil || this.lagging) return this.primary().connect();
    try {
      const client = await super.connect();
      // Found behind while this connection was being made: the primary after all.
      if (this.lagging) {
        client.release();
        return this.primary().connect();
      }
      // Back from unreachable; back from lagging is the measure's to say.
      if (this.state.reason === 'unreachable') this.recovered();
      return client;
    } catch (e) {
      this.downUntil = this.now() + this.retryMs;
      this.fallBack('unreachable', e instanceof Error ? e.message.slice(0, 200) : String(e));
      return this.primary().connect();
    }
  }

  /**
   * A read that failed because its replica connection broke (the replica stopped under it, or
   * its idle connection died with it) is run once more, from a new connection: the replica again
   * if it answers, else the primary. Reads only (the registry's public data): nothing runs twice
   * that could change anything. Only the promise form; a callback query is left as it is.
   */
  override query(...args: unknown[]): never {
    const run = () => (super.query as (...a: unknown[]) => unknown).apply(this, args);
    if (typeof args[args.length - 1] === 'function') return run() as never;
    return (run() as Promise<unknown>).catch((e: unknown) => {
      if (!brokenConnection(e)) throw e;
      this.downUntil = Math.max(this.downUntil, this.now() + this.retryMs);
      this.fallBack('unreachable', e instanceof Error ? e.message.slice(0, 200) : String(e));
      return run();
    }) as never;
  }

  // pg-pool's query() calls connect() with a callback; drizzle's transactions call it bare.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    const p = this.connectEither();
    if (!callback) return p;
    p.then(
      (c) => callback(undefined, c, (r?: unknown) => c.release(r as Error | boolean | undefined)),
      (e: Error) => callback(e, undefined, () => {}),
    );
  }
}
