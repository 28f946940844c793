#!/usr/bin/env bash
# npm run backup [-- DIR]: a logical backup of the site's database (DATABASE_URL) in PostgreSQL's
# directory format, dumped by two jobs in parallel (pg_dump -Fd -j 2), then checked by restoring
# it into a scratch database (scripts/restore-check.sh). Prints the time and size of each step.
# docs/OPERATIONS.md (Backups) says when to use it and when a base backup (pg_basebackup) instead;
# docs/SCALE.md gives the figures measured at 1 M companies.
#
#   DIR (default backups/<database>-<UTC date>): where the dump goes; must not exist.
#   BACKUP_JOBS (default 2): parallel jobs of pg_dump and pg_restore.
#   BACKUP_CHECK=off: dump only, no restore check.
set -euo pipefail

: "${DATABASE_URL:?DATABASE_URL doit désigner la base à sauvegarder (postgres://…)}"
db_name="${DATABASE_URL##*/}"
db_name="${db_name%%\?*}"
dir="${1:-backups/${db_name}-$(date -u +%Y%m%dT%H%M%SZ)}"
jobs="${BACKUP_JOBS:-2}"
[[ -e "$dir" ]] && { echo "« $dir » existe déjà : choisissez un autre dossier." >&2; exit 1; }
mkdir -p "$(dirname "$dir")"

base_size="$(psql "$DATABASE_URL" -qAtc "SELECT pg_size_pretty(pg_database_size(current_database()))")"
echo "sauvegarde de ${db_name} (${base_size} sur disque) : pg_dump -Fd -j ${jobs} vers ${dir}…"
start=$(date +%s.%N)
pg_dump -Fd -j "$jobs" -Z 1 -f "$dir" "$DATABASE_URL"
end=$(date +%s.%N)
printf 'sauvegarde : %.1f s, %s\n' "$(echo "$end - $start" | bc)" "$(du -sh "$dir" | cut -f1)"

if [[ "${BACKUP_CHECK:-on}" != "off" ]]; then
  start=$(date +%s.%N)
  RESTORE_JOBS="$jobs" "$(dirname "$0")/restore-check.sh" "$dir"
  end=$(date +%s.%N)
  printf 'restauration et vérification : %.1f s\n' "$(echo "$end - $start" | bc)"
fi
