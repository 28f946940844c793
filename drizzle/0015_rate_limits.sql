-- Shared rate-limit counts (src/lib/rate-limit, RATE_LIMIT_STORE=postgres): the table
-- rate-limiter-flexible's RateLimiterPostgres uses, created here so that the site's database user
-- needs no CREATE right at run time. `expire` is in milliseconds since the epoch.
CREATE TABLE IF NOT EXISTS rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS rate_limits_expire_idx ON rate_limits (expire);
