import pg from 'pg';

/**
 * The replica's pool (DATABASE_READ_URL) with the primary behind it. A connection the replica
 * refuses, or does not give within `connectTimeoutMs` (stopped, restarting, nothing listening),
 * is taken from the primary instead: no statement ran yet, so nothing is run twice. After a
 * failure the replica is left alone for `retryMs` (every read goes to the primary at once), then
 * tried again by the next read. Public registry reads only (src/db/site.ts `getReadDb`): the
 * primary holds the same data, newer.
 */
export type ReplicaState = { fallback: boolean; since: number | null; error: string | null };

export class ReadPool extends pg.Pool {
  private downUntil = 0;
  private state: ReplicaState = { fallback: false, since: null, error: null };

  constructor(
    config: pg.PoolConfig,
    private readonly primary: () => pg.Pool,
    private readonly retryMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {
    super(config);
  }

  /** Whether reads go to the primary now, since when, and why. */
  replicaState(): ReplicaState {
    return { ...this.state };
  }

  private async connectEither(): Promise<pg.PoolClient> {
    if (this.now() < this.downUntil) return this.primary().connect();
    try {
      const client = await super.connect();
      if (this.state.fallback) {
        this.state = { fallback: false, since: null, error: null };
        console.warn('[db] la réplique répond de nouveau : lectures servies par la réplique');
      }
      return client;
    } catch (e) {
      this.downUntil = this.now() + this.retryMs;
      const error = e instanceof Error ? e.message.slice(0, 200) : String(e);
      if (!this.state.fallback)
        console.warn(
          `[db] réplique injoignable (${error}) : lectures servies par la base principale`,
        );
      this.state = { fallback: true, since: this.state.since ?? this.now(), error };
      return this.primary().connect();
    }
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
