#!/usr/bin/env bash
# A real PostgreSQL streaming replica on this machine, for trying DATABASE_READ_URL and measuring
# it (docs/OPERATIONS.md, « Replica on one machine »; docs/SCALE.md). The shared cluster of port
# 5432 accepts no replication connection and holds every other base (a base backup copies a whole
# cluster), so this makes a primary cluster of its own, copies one database into it, then makes
# its replica with pg_basebackup, each on a port of its own:
#
#   scripts/replica-local.sh up [SOURCE_URL]   primary on $PRIMARY_PORT (5442), SOURCE_URL's
#                                              database copied into it (pg_dump -Fd | pg_restore,
#                                              timed), replica on $REPLICA_PORT (5443) by
#                                              pg_basebackup -R -X stream (timed, sized)
#   scripts/replica-local.sh lag               the replica's delay (seconds, bytes), from both sides
#   scripts/replica-local.sh watch-lag [SEC]   the delay every SEC (2) seconds, until interrupted
#   scripts/replica-local.sh stop-replica      the replica stops (pg_ctl -m immediate)
#   scripts/replica-local.sh start-replica     … and starts again
#   scripts/replica-local.sh down              both clusters stopped, their folder removed
#
# Then: DATABASE_URL=postgres://postgres@127.0.0.1:5442/<db>
#       DATABASE_READ_URL=postgres://postgres@127.0.0.1:5443/<db>
# PostgreSQL's programs refuse to run as root: they run as the `postgres` user then.
set -euo pipefail

BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
DIR="${REPLICA_LOCAL_DIR:-/tmp/replica-local}"
PRIMARY_PORT="${PRIMARY_PORT:-5442}"
REPLICA_PORT="${REPLICA_PORT:-5443}"
primary="postgres://postgres@127.0.0.1:${PRIMARY_PORT}"
replica="postgres://postgres@127.0.0.1:${REPLICA_PORT}"

as_pg() {
  if [[ "$(id -u)" == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}
secs() { echo "$(date +%s.%N)"; }
took() { printf '%.1f s' "$(echo "$(secs) - $1" | bc)"; }
start_cluster() { # start_cluster <data dir> <port>
  as_pg "$BIN/pg_ctl" -D "$1" -w -l "$1.log" \
    -o "-p $2 -k $DIR -c listen_addresses=127.0.0.1 -c wal_level=replica -c max_wal_senders=4 -c hot_standby_feedback=on" \
    start >/dev/null
}

case "${1:-}" in
  up)
    source_url="${2:-}"
    [[ -e "$DIR" ]] && { echo "$DIR existe : scripts/replica-local.sh down d’abord." >&2; exit 1; }
    mkdir -p "$DIR"
    [[ "$(id -u)" == 0 ]] && chown postgres: "$DIR"
    as_pg "$BIN/initdb" -D "$DIR/primary" -U postgres --auth=trust --no-sync -E UTF8 --locale=C >/dev/null
    start_cluster "$DIR/primary" "$PRIMARY_PORT"
    echo "primaire : $primary/postgres"
    if [[ -n "$source_url" ]]; then
      name="${source_url##*/}"
      name="${name%%\?*}"
      t=$(secs)
      as_pg "$BIN/pg_dump" -Fd -j 2 -Z 1 -f "$DIR/dump" "$source_url"
      echo "copie de ${name} : sauvegarde pg_dump -Fd -j 2 en $(took "$t"), $(du -sh "$DIR/dump" | cut -f1)"
      t=$(secs)
      psql "$primary/postgres" -qc "CREATE DATABASE ${name}"
      as_pg "$BIN/pg_restore" --no-owner -j 2 -d "$primary/${name}" "$DIR/dump"
      echo "restauration pg_restore -j 2 en $(took "$t") ($(psql "$primary/${name}" -qAtc "SELECT pg_size_pretty(pg_database_size(current_database()))"))"
      rm -rf "$DIR/dump"
    fi
    t=$(secs)
    as_pg "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DIR/replica" \
      -R -X stream --checkpoint=fast
    echo "sauvegarde de base (pg_basebackup -X stream) en $(took "$t"), $(du -sh "$DIR/replica" | cut -f1)"
    start_cluster "$DIR/replica" "$REPLICA_PORT"
    echo "réplique : $replica/postgres"
    ;;
  lag)
    psql "$replica/postgres" -qAtc "SELECT 'réplique : rejoué jusqu’à ' || pg_last_wal_replay_lsn() || ', dernière transaction rejouée il y a ' || coalesce(round(extract(epoch FROM now() - pg_last_xact_replay_timestamp())::numeric, 1)::text, '?') || ' s'"
    psql "$primary/postgres" -qAtc "SELECT 'primaire : ' || coalesce(pg_size_pretty(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)), '?') || ' à rejouer, replay_lag ' || coalesce(replay_lag::text, '0') FROM pg_stat_replication"
    ;;
  watch-lag)
    while true; do
      printf '%s ' "$(date -u +%T)"
      psql "$primary/postgres" -qAtc "SELECT coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn), -1)::bigint || ' octets à rejouer, replay_lag ' || coalesce(extract(epoch FROM replay_lag)::numeric(10,2)::text, '0') || ' s' FROM pg_stat_replication" || echo '(réplique absente)'
      sleep "${2:-2}"
    done
    ;;
  stop-replica) as_pg "$BIN/pg_ctl" -D "$DIR/replica" -m immediate stop >/dev/null && echo "réplique arrêtée" ;;
  start-replica) start_cluster "$DIR/replica" "$REPLICA_PORT" && echo "réplique démarrée" ;;
  down)
    for c in replica primary; do
      [[ -d "$DIR/$c" ]] && as_pg "$BIN/pg_ctl" -D "$DIR/$c" -m fast stop >/dev/null 2>&1 || true
    done
    rm -rf "$DIR"
    echo "clusters arrêtés, $DIR supprimé"
    ;;
  *)
    sed -n '2,20p' "$0"
    exit 2
    ;;
esac
