#!/usr/bin/env bash
# Runs CMD... beside a throwaway PostgreSQL server: initdb into a fresh temporary directory,
# listening on a Unix socket in that directory only (no TCP port), stopped and removed when CMD
# ends, whatever happens. As root, the server runs as an unprivileged user (it refuses root):
# INGEST_POSTGRES_USER, else nobody.
#
# CMD sees:
#   INGEST_TEST_POSTGRES_URL   postgresql:///postgres?host=<dir>&user=<user>, a superuser
#   INGEST_TEST_POSTGRES_DATA  the data directory (pg_ctl -D "$INGEST_TEST_POSTGRES_DATA" restart)
#   INGEST_TEST_POSTGRES_CTL   a command that runs pg_ctl as the server's user: "$INGEST_TEST_POSTGRES_CTL" restart
#
#   scripts/with-postgres.sh swift test --filter Postgres
set -euo pipefail

if (($# == 0)); then
  echo "usage: scripts/with-postgres.sh CMD [ARG...]" >&2
  exit 64
fi

# The server's binaries: pg_config's bindir, else the newest Debian cluster version's.
bindir=""
if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
  bindir="$(pg_config --bindir)"
else
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$candidate/initdb" ]; then bindir="$candidate"; break; fi
  done
fi
if [ -z "$bindir" ]; then
  echo "with-postgres.sh: no PostgreSQL server binaries (initdb); install them with" \
    "apt-get install postgresql" >&2
  exit 69
fi

run_as=()
user="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
  user="${INGEST_POSTGRES_USER:-nobody}"
  if command -v runuser >/dev/null 2>&1; then
    run_as=(runuser -u "$user" --)
  else
    run_as=(setpriv --reuid="$user" --regid="$(id -g "$user")" --clear-groups --)
  fi
fi

base="$(mktemp -d "${TMPDIR:-/tmp}/ingest-postgres.XXXXXX")"
chmod 0700 "$base"
data="$base/data"
if ((${#run_as[@]})); then chown "$user" "$base"; fi

stop() {
  local status=$?
  if [ -f "$data/postmaster.pid" ]; then
    "${run_as[@]}" "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$base"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

"${run_as[@]}" "$bindir/initdb" -D "$data" -U "$user" --auth=trust --no-sync \
  --encoding=UTF8 --locale=C >"$base/initdb.log" 2>&1 \
  || { cat "$base/initdb.log" >&2; exit 70; }
# Unix socket only, in the temporary directory; small and fast (a test server: fsync stays on,
# so figures measured against it include the flushes a real server pays).
cat >>"$data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$base'
max_connections = 200
shared_buffers = 64MB
CONF
"${run_as[@]}" "$bindir/pg_ctl" -D "$data" -l "$base/server.log" -w -t 30 start >/dev/null \
  || { cat "$base/server.log" >&2; exit 70; }

export INGEST_TEST_POSTGRES_URL="postgresql:///postgres?host=$base&user=$user"
export INGEST_TEST_POSTGRES_DATA="$data"
ctl="$base/pg_ctl"
{
  echo '#!/usr/bin/env bash'
  echo "# pg_ctl for the throwaway server, as its user: \$0 restart | stop | start"
  echo '# The server it starts must not inherit the caller'"'"'s descriptors (a test'"'"'s pipes'
  echo '# would then never reach their end): everything above standard error is closed first.'
  echo 'for fd in /proc/$$/fd/*; do n=${fd##*/}; if ((n > 2)); then eval "exec $n>&-"; fi; done 2>/dev/null'
  printf 'exec'
  printf ' %q' "${run_as[@]}" "$bindir/pg_ctl" -D "$data" -l "$base/server.log" -w -t 30
  echo ' "$@"'
} >"$ctl"
chmod 0755 "$ctl"
export INGEST_TEST_POSTGRES_CTL="$ctl"
echo "with-postgres.sh: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on $base" >&2

"$@"
