#!/usr/bin/env bash
# Makes sure the PostgreSQL server named by TABULA_TEST_PG (default
# postgres://postgres@127.0.0.1:5432/test) answers, for the tests of the PostgreSQL store:
#   1. reachable already: nothing to do;
#   2. installed but stopped: start its clusters (pg_ctlcluster);
#   3. not installed: install Debian's `postgresql`, start it, let local TCP connections in
#      without a password (trust on 127.0.0.1 and ::1: a test machine only) and create the
#      database the URL names.
# Needs root (or sudo) for 2 and 3. Progress goes to standard error.
set -euo pipefail

url="${TABULA_TEST_PG:-postgres://postgres@127.0.0.1:5432/test}"
say() { echo "postgres.sh: $*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
as_postgres() { as_root su postgres -s /bin/sh -c "$*"; }

reachable() {
  command -v psql >/dev/null && psql "$url" -Atqc 'SELECT 1' >/dev/null 2>&1
}

wait_ready() {
  for _ in $(seq 1 60); do
    reachable && return 0
    sleep 0.5
  done
  return 1
}

if reachable; then
  say "PostgreSQL answers at $url"
  exit 0
fi

installed_now=false
if ! command -v pg_lsclusters >/dev/null; then
  say "PostgreSQL is not installed: installing Debian's package"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  installed_now=true
fi

# Start every cluster that is down (the package's postinst does not start one without an
# init system, in a container for instance).
pg_lsclusters --no-header | while read -r version cluster _port status _rest; do
  if [ "$status" != online ]; then
    say "starting cluster $version/$cluster"
    as_root pg_ctlcluster "$version" "$cluster" start
  fi
done

if $installed_now; then
  # A fresh test server: local TCP connections need no password, and the URL's database
  # exists.
  for hba in /etc/postgresql/*/main/pg_hba.conf; do
    as_root sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  done
  pg_lsclusters --no-header | while read -r version cluster _rest; do
    as_root pg_ctlcluster "$version" "$cluster" reload
  done
  db="${url##*/}"
  db="${db%%\?*}"
  if [ -n "$db" ] && [ "$db" != postgres ]; then
    as_postgres "createdb '$db'" 2>/dev/null || true
  fi
fi

if wait_ready; then
  say "PostgreSQL answers at $url"
else
  say "PostgreSQL does not answer at $url (see pg_lsclusters and its log)"
  exit 1
fi
