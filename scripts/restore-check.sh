#!/usr/bin/env bash
# Restores a backup of the site's database into a scratch database and checks it can serve
# (docs/OPERATIONS.md, Backups). Run it after every backup, or at least weekly: a backup
# never restored is not a backup.
#
#   scripts/restore-check.sh                    dumps DATABASE_URL now (pg_dump -Fc), then checks
#   scripts/restore-check.sh backup.dump        checks that dump (pg_dump -Fc)
#   scripts/restore-check.sh backups/site-…/    checks a directory dump (pg_dump -Fd, npm run backup)
#
# RESTORE_SERVER_URL: the PostgreSQL server that receives the scratch database (default: the
# server of DATABASE_URL). Exits 0 when every check passes, 1 otherwise; the scratch database is
# dropped either way.
set -euo pipefail

: "${DATABASE_URL:?DATABASE_URL doit désigner la base à sauvegarder (postgres://…)}"
server_url="${RESTORE_SERVER_URL:-${DATABASE_URL%/*}/postgres}"
scratch="restore_check_$(date +%s)_$$"
scratch_url="${server_url%/*}/${scratch}"
work="$(mktemp -d)"
cleanup() {
  psql "$server_url" -qAtc "DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

dump="${1:-}"
if [[ -z "$dump" ]]; then
  dump="$work/site.dump"
  echo "sauvegarde de la base (pg_dump -Fc)…"
  pg_dump -Fc -f "$dump" "$DATABASE_URL"
fi
[[ -s "$dump" || -d "$dump" ]] || { echo "sauvegarde absente ou vide : $dump" >&2; exit 1; }
pg_restore --list "$dump" >/dev/null || { echo "sauvegarde illisible : $dump" >&2; exit 1; }

echo "restauration dans ${scratch}…"
psql "$server_url" -qAtc "CREATE DATABASE ${scratch}" >/dev/null
restore_start=$(date +%s)
pg_restore --no-owner --exit-on-error -j "${RESTORE_JOBS:-2}" -d "$scratch_url" "$dump"
echo "restauration : $(( $(date +%s) - restore_start )) s"

failed=0
expect() { # expect <description> <SQL returning t/f>
  local got
  got="$(psql "$scratch_url" -qAtc "$2" 2>&1)" || got="erreur : $got"
  if [[ "$got" == "t" ]]; then echo "  OK     $1"; else echo "  ÉCHEC  $1 ($got)"; failed=1; fi
}
journal="$(dirname "$0")/../drizzle/meta/_journal.json"
migrations="$(grep -c '"tag"' "$journal")"
expect "les ${migrations} migrations de drizzle/ sont appliquées" \
  "SELECT count(*) >= ${migrations} FROM drizzle.__drizzle_migrations"
expect "des entreprises et des établissements" \
  "SELECT EXISTS (SELECT 1 FROM companies) AND EXISTS (SELECT 1 FROM establishments)"
expect "l’index de recherche répond" "SELECT count(*) >= 0 FROM search_companies"
expect "les comptes, commandes et factures sont lisibles" \
  "SELECT (SELECT count(*) FROM users) >= 0 AND (SELECT count(*) FROM orders) >= 0 AND (SELECT count(*) FROM invoices) >= 0"
expect "les factures sont numérotées sans trou" \
  "SELECT coalesce(max(number) - min(number) + 1 = count(*), true) FROM invoices"
expect "la file des tâches est restaurée (si la base en avait une)" \
  "SELECT to_regnamespace('pgboss') IS NULL OR to_regclass('pgboss.job') IS NOT NULL"

if [[ $failed -ne 0 ]]; then echo "restauration : ÉCHEC"; exit 1; fi
echo "restauration : OK ($(du -h "$dump" | cut -f1), base ${scratch} supprimée)"
