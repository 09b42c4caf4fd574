#!/usr/bin/env bash
# The system as it claims to be: several hosts with no shared file system, any of which can die
# or lose the network, run as network namespaces on this machine (ip netns, veth pairs on one
# bridge). Needs root, iproute2, PostgreSQL's server binaries, curl and an ingest-cli.
#
#   scripts/multi-host-test.sh [--shares N] [--clients N] [--throughput]
#
# Hosts (10.231.0.0/24, reachable only between these namespaces):
#   pg  10.231.0.2    PostgreSQL: the inbox, the payloads (--payloads) and the library
#   s1  10.231.0.11   ingest-cli serve, its own group directory
#   s2  10.231.0.12   ingest-cli serve, its own group directory
#   i1  10.231.0.21   ingest-cli inbox watch --library postgresql://...
#   i2  10.231.0.22   ingest-cli inbox watch --library postgresql://...
#   c   10.231.0.30   the client: --clients loops posting --shares shares in all, each a file
#                     of its own content, alternately to s1 and s2
#
# While the client posts: every process of s1 is killed (SIGKILL) and s1 started again; every
# process of i1 likewise; s2's link goes down for 3 s; PostgreSQL restarts. Then, once the
# inbox is empty: every share answered 201 is in the library exactly once, whole (its one item's
# size and SHA-256 are those of the file the client sent); no share in the library is one the
# client did not send, or not whole; after a sweep no payload object is left, and every serve
# host's .staging is empty. Exit 0 when all of that holds, 1 when any does not (each failure is
# printed), 77 when this machine cannot run it (not root, or a tool missing).
#
# Every share carries an Idempotency-Key; a share whose answer is not 201 or a refusal (lost to a
# kill, a cut link, a 503) is sent again with the same key, up to 6 times: a retry must never
# make a second share (each file the client sent is in the library at most once).
#
# Then, failing well across the network (no clients running):
#   - a share posted to s1 while PostgreSQL's link is down for 4 s (the client gives up after
#     2 s: its answer is lost), then posted again with the same key: one share, the same id;
#   - PostgreSQL stopped: /readyz on s1 answers 503 with Retry-After, a share is answered 503
#     with Retry-After and a reason within 15 s; once it starts again, /readyz is 200 and the
#     share sent again with its key is 201;
#   - PostgreSQL's link down for 30 s (a blackholed host): a share is answered within 25 s (the
#     TCP user timeout, the connection attempt and the reconnect window), not held for the
#     minute of TCP's back-off.
#
# --throughput afterwards measures shares per second through 1, 2 and 4 serve hosts (no faults;
# the same client loops), and prints one line each.
#
# Every namespace, link, process and file it made is removed when it ends, whatever happens.
# INGEST_CLI names the ingest-cli to run (default: the debug build in .build/debug).
set -euo pipefail
cd "$(dirname "$0")/.."

shares=120
clients=4
throughput=false
while (($#)); do
  case "$1" in
    --shares) shares=$2; shift 2 ;;
    --clients) clients=$2; shift 2 ;;
    --throughput) throughput=true; shift ;;
    -h | --help) sed -n 's/^# \{0,1\}//; 2,30p' "$0"; exit 0 ;;
    *) echo "multi-host-test.sh: unknown argument '$1'" >&2; exit 64 ;;
  esac
done

skip() { echo "multi-host-test.sh: skipped: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "network namespaces need root"
command -v ip >/dev/null || skip "ip (iproute2) is not installed"
command -v curl >/dev/null || skip "curl is not installed"
bindir=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$candidate/initdb" ]; then bindir=$candidate; break; fi
done
[ -n "$bindir" ] || skip "PostgreSQL's server binaries (initdb) are not installed"
cli=${INGEST_CLI:-$PWD/.build/debug/ingest-cli}
[ -x "$cli" ] || { echo "multi-host-test.sh: no ingest-cli at $cli (swift build, or set INGEST_CLI)" >&2; exit 66; }

prefix="mh$$"
net=10.231.0
base=$(mktemp -d "${TMPDIR:-/tmp}/multi-host.XXXXXX")
chmod 0755 "$base"
hosts=()
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
in_host() { local host=$1; shift; ip netns exec "$prefix-$host" "$@"; }

cleanup() {
  local status=$?
  set +e
  for host in "${hosts[@]}"; do
    pids=$(ip netns pids "$prefix-$host" 2>/dev/null)
    [ -n "$pids" ] && kill -9 $pids 2>/dev/null
  done
  sleep 0.2
  for host in "${hosts[@]}" sw; do ip netns del "$prefix-$host" 2>/dev/null; done
  rm -rf "$base"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The switch: a bridge in a namespace of its own; each host a namespace with one veth end as
# eth0, the other end on the bridge.
ip netns add "$prefix-sw"
ip -n "$prefix-sw" link add br0 type bridge
ip -n "$prefix-sw" link set br0 up
add_host() {
  local host=$1 address=$2
  hosts+=("$host")
  ip netns add "$prefix-$host"
  ip link add "$prefix$host" type veth peer name "$prefix${host}b"
  ip link set "$prefix$host" netns "$prefix-$host"
  ip link set "$prefix${host}b" netns "$prefix-sw"
  ip -n "$prefix-sw" link set "$prefix${host}b" master br0 up
  ip -n "$prefix-$host" link set "$prefix$host" name eth0
  ip -n "$prefix-$host" addr add "$address/24" dev eth0
  ip -n "$prefix-$host" link set eth0 up
  ip -n "$prefix-$host" link set lo up
}
add_host pg "$net.2"
add_host s1 "$net.11"
add_host s2 "$net.12"
add_host s3 "$net.13"
add_host s4 "$net.14"
add_host i1 "$net.21"
add_host i2 "$net.22"
add_host c "$net.30"

# PostgreSQL on its host, as an unprivileged user (it refuses root), trusting the test network.
user=nobody
data=$base/pg
mkdir -p "$data"
chown "$user" "$data"
runuser -u "$user" -- "$bindir/initdb" -D "$data" -A trust --no-sync >"$base/initdb.log" 2>&1
cat >>"$data/postgresql.conf" <<CONF
listen_addresses = '$net.2'
unix_socket_directories = '$data'
fsync = on
CONF
echo "host all all $net.0/24 trust" >>"$data/pg_hba.conf"
pg() { in_host pg runuser -u "$user" -- "$bindir/pg_ctl" -D "$data" -l "$data/server.log" -w "$@"; }
pg start >/dev/null
url="postgresql://$user@$net.2:5432/postgres?connect_timeout=5"
psql_c() { in_host c psql -X -q -t -A "$url" -c "$1"; }
in_host c "$cli" db migrate "$url" >/dev/null

token=multi-host-token-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
echo "$token" >"$base/tokens"
chmod 0644 "$base/tokens"

start_serve() {
  local host=$1 address=$2
  mkdir -p "$base/$host"
  in_host "$host" setsid "$cli" serve --host "$address" --port 8787 --token-file "$base/tokens" \
    --group-dir "$base/$host/group" --inbox "$url" --payloads "$url" \
    >>"$base/$host/serve.out" 2>>"$base/$host/serve.log" </dev/null &
}
start_watch() {
  local host=$1
  mkdir -p "$base/$host"
  in_host "$host" setsid "$cli" inbox watch --rescan 1 --group-dir "$base/$host/group" \
    --inbox "$url" --payloads "$url" --library "$url" \
    >>"$base/$host/watch.out" 2>>"$base/$host/watch.log" </dev/null &
}
kill_host() { local pids; pids=$(ip netns pids "$prefix-$1"); [ -z "$pids" ] || kill -9 $pids; }
wait_listening() {
  local address=$1
  for _ in $(seq 1 100); do
    in_host c curl -s -o /dev/null -m 1 "http://$address:8787/healthz" && return 0
    sleep 0.1
  done
  echo "multi-host-test.sh: no server on $address" >&2
  return 1
}

# One POST of FILE with KEY to SERVER (curl's -m SECONDS): prints "status id".
post_share() {
  local server=$1 file=$2 key=$3 seconds=${4:-20}
  local answer
  answer=$(in_host c curl -s -m "$seconds" -o - -w ' %{http_code}' -H "Authorization: Bearer $token" \
    -H "Idempotency-Key: $key" -H 'Content-Type: application/pdf' --data-binary "@$file" \
    "http://$server:8787/share" || true)
  local id
  id=$(printf '%s' "$answer" | grep -o '"share" *: *"[0-9A-Fa-f-]*"' | grep -o '[0-9A-Fa-f-]\{36\}' || true)
  echo "${answer##* } ${id:--}"
}

# One client loop: shares K, K+loops, ... each a file of its own, to the serve hosts in turn,
# each sent again with its key (to the next host) while its answer is lost or 5xx, writing
# "index status body-id sha256 bytes attempts" per share.
client_loop() {
  local first=$1 step=$2 count=$3 results=$4; shift 4
  local servers=("$@")
  local i=$first
  while ((i < count)); do
    local file=$base/c/share-$i.pdf
    printf '%%PDF-1.4\n%% multi-host share %s %s\n%%%%EOF\n' "$i" "$token" >"$file"
    local attempt=0 status id
    while :; do
      local server=${servers[$(((i + attempt) % ${#servers[@]}))]}
      read -r status id < <(post_share "$server" "$file" "share-$i-${results##*/}-$token")
      attempt=$((attempt + 1))
      case $status in 000 | 5??) ((attempt < 6)) || break; sleep 0.5 ;; *) break ;; esac
    done
    echo "$i $status $id $(sha256sum "$file" | cut -d' ' -f1) $(stat -c %s "$file") $attempt" >>"$results"
    i=$((i + step))
  done
}
run_clients() {  # count, results, servers...
  local count=$1 results=$2; shift 2
  mkdir -p "$base/c"
  : >"$results"
  local pids=()
  for ((k = 0; k < clients; k++)); do
    client_loop "$k" "$clients" "$count" "$results.$k" "$@" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  cat "$results".* >"$results"
}

start_serve s1 "$net.11"
start_serve s2 "$net.12"
start_watch i1
start_watch i2
wait_listening "$net.11"
wait_listening "$net.12"

echo "== $shares shares from $clients client loops through s1 and s2, with faults"
started=$(date +%s.%N)
run_clients "$shares" "$base/results" "$net.11" "$net.12" &
clients_pid=$!
sleep 2
echo "   kill every process of s1, start it again"
kill_host s1; sleep 0.5; start_serve s1 "$net.11"
sleep 1
echo "   kill every process of i1, start it again"
kill_host i1; sleep 0.5; start_watch i1
sleep 1
echo "   s2's link down for 3 s"
ip -n "$prefix-s2" link set eth0 down; sleep 3; ip -n "$prefix-s2" link set eth0 up
sleep 1
echo "   PostgreSQL restarts"
pg -m fast restart >/dev/null
wait "$clients_pid"
elapsed=$(echo "$(date +%s.%N) - $started" | bc)

answered=$(awk '$2 == 201' "$base/results" | wc -l)
echo "   $answered of $shares answered 201 in ${elapsed}s;" \
  "other answers: $(awk '$2 != 201 {print $2}' "$base/results" | sort | uniq -c | tr '\n' ' ')"
echo "   $(awk '$6 > 1' "$base/results" | wc -l) shares were sent more than once (same key)"
((answered > 0)) || fail "no share was answered 201"

# Every committed share imported: the inbox drains.
for _ in $(seq 1 600); do
  left=$(psql_c "SELECT count(*) FROM share_ingest.inbox_shares" 2>/dev/null || echo x)
  [ "$left" = 0 ] && break
  sleep 0.1
done
[ "$left" = 0 ] || fail "the inbox still holds $left shares 60 s after the clients ended"

# What the library holds: share id, item count, and its items' sizes and digests.
psql_c "SELECT r.share_id, count(i.position), coalesce(string_agg(i.sha256 || ':' || i.byte_count, ','), '')
  FROM share_ingest.library_records r LEFT JOIN share_ingest.library_items i ON i.record_id = r.id
  GROUP BY r.share_id" | tr '|' ' ' >"$base/library"
dupes=$(psql_c "SELECT count(*) - count(DISTINCT share_id) FROM share_ingest.library_records")
[ "$dupes" = 0 ] || fail "$dupes shares are in the library twice"
while read -r index status id digest bytes _; do
  [ "$status" = 201 ] || continue
  line=$(grep -i "^$id " "$base/library" || true)
  if [ -z "$line" ]; then
    fail "share $index ($id) was answered 201 but is not in the library"
  elif [ "$(echo "$line" | cut -d' ' -f2)" != 1 ] || [ "$(echo "$line" | cut -d' ' -f3)" != "$digest:$bytes" ]; then
    fail "share $index ($id) is in the library, but not as sent: $line"
  fi
done <"$base/results"
# Shares whose answer was lost may be there, but only whole and only as sent.
sent=$(awk '{print $4 ":" $5}' "$base/results" | sort -u)
while read -r id count items; do
  if [ "$count" != 1 ] || ! grep -qx "$items" <<<"$sent"; then
    fail "library share $id is not one the client sent whole: $count items, $items"
  fi
done <"$base/library"
# A retry never makes a second share: each file the client sent is in the library at most once.
twice=$(awk '{print $3}' "$base/library" | sort | uniq -d | wc -l)
[ "$twice" = 0 ] || fail "$twice files the client sent are in the library more than once (a retry made a second share)"
in_library=$(wc -l <"$base/library")
echo "   library: $in_library shares ($answered answered 201, $((in_library - answered)) whose answer was lost)"

# Failing well across the network, with no clients running.
echo "== failing well across the network"
wait_listening "$net.11"
mkdir -p "$base/c"
probe() { printf '%%PDF-1.4\n%% multi-host probe %s %s\n%%%%EOF\n' "$1" "$token" >"$base/c/$1.pdf"; }
library_count() {  # how many library records hold the file $1
  local digest
  digest=$(sha256sum "$base/c/$1.pdf" | cut -d' ' -f1)
  psql_c "SELECT count(*) FROM share_ingest.library_items WHERE sha256 = '$digest'"
}
wait_imported() {  # waits up to 30 s for the file $1 to be in the library
  for _ in $(seq 1 300); do [ "$(library_count "$1" 2>/dev/null)" = 1 ] && return 0; sleep 0.1; done
  return 1
}

# 1. The answer lost to a cut link, the share sent again with its key.
probe cut
ip -n "$prefix-pg" link set eth0 down
read -r status id < <(post_share "$net.11" "$base/c/cut.pdf" "cut-$token" 2)
sleep 4
ip -n "$prefix-pg" link set eth0 up
echo "   a share sent while PostgreSQL's link was down, its client gone after 2 s: answer $status"
again=""
for _ in 1 2 3 4 5 6; do
  read -r status id < <(post_share "$net.11" "$base/c/cut.pdf" "cut-$token" 20)
  [ "$status" = 201 ] && break
  sleep 2
done
[ "$status" = 201 ] || fail "the share sent again after the cut was answered $status, not 201"
echo "   sent again with the same key: $status (share $id)"
wait_imported cut || fail "the share sent across the cut is not in the library (or is there $(library_count cut) times)"
sleep 2
copies=$(library_count cut)
[ "$copies" = 1 ] || fail "the share sent across the cut is in the library $copies times, not once"

# 2. PostgreSQL stopped: 503 with Retry-After and a reason, within seconds; /readyz says so.
probe stopped
pg -m fast stop >/dev/null
ready=$(in_host c curl -s -i -m 20 "http://$net.11:8787/readyz" || true)
started=$(date +%s.%N)
answer=$(in_host c curl -s -i -m 60 -H "Authorization: Bearer $token" -H "Idempotency-Key: stopped-$token" \
  -H 'Content-Type: application/pdf' --data-binary "@$base/c/stopped.pdf" "http://$net.11:8787/share" || true)
waited=$(echo "$(date +%s.%N) - $started" | bc)
echo "   PostgreSQL stopped: /readyz $(head -1 <<<"$ready" | tr -d '\r'); a share answered $(head -1 <<<"$answer" | tr -d '\r') in ${waited}s"
grep -q '^HTTP/1.1 503' <<<"$ready" || fail "/readyz with PostgreSQL stopped: $(head -1 <<<"$ready")"
grep -qi '^retry-after:' <<<"$ready" || fail "/readyz's 503 has no Retry-After"
grep -q '^HTTP/1.1 503' <<<"$answer" || fail "a share with PostgreSQL stopped: $(head -1 <<<"$answer")"
grep -qi '^retry-after: 5' <<<"$answer" || fail "the 503 has no Retry-After: 5"
grep -q 'cannot reach its database' <<<"$answer" || fail "the 503 gives no reason: $(tail -1 <<<"$answer")"
grep -q 'PostgresError' <<<"$answer" && fail "the 503 names a Swift type: $(tail -1 <<<"$answer")"
(($(echo "$waited < 15" | bc))) || fail "the 503 took ${waited}s, not within 15 s"
pg start >/dev/null
for _ in $(seq 1 100); do
  in_host c curl -s -f -o /dev/null -m 5 "http://$net.11:8787/readyz" && break
  sleep 0.1
done
ready=$(in_host c curl -s -o /dev/null -w '%{http_code}' -m 5 "http://$net.11:8787/readyz" || true)
[ "$ready" = 200 ] || fail "/readyz after PostgreSQL started again: $ready"
read -r status id < <(post_share "$net.11" "$base/c/stopped.pdf" "stopped-$token" 20)
[ "$status" = 201 ] || fail "the share sent again once PostgreSQL started: $status"
echo "   PostgreSQL started: /readyz $ready; the share sent again with its key: $status"

# 3. PostgreSQL's host blackholed (its link down) for 30 s: the wait is bounded.
probe blackholed
ip -n "$prefix-pg" link set eth0 down
started=$(date +%s.%N)
read -r status id < <(post_share "$net.11" "$base/c/blackholed.pdf" "blackholed-$token" 60)
waited=$(echo "$(date +%s.%N) - $started" | bc)
echo "   PostgreSQL's link down: a share answered $status in ${waited}s"
left=$(echo "30 - $waited" | bc)
(($(echo "$left > 0" | bc))) && sleep "$left"
ip -n "$prefix-pg" link set eth0 up
[ "$status" = 503 ] || fail "a share with PostgreSQL's host cut off was answered $status, not 503"
(($(echo "$waited < 25" | bc))) || fail "a share with PostgreSQL's host cut off took ${waited}s, not within 25 s"
for _ in 1 2 3 4 5 6 7 8 9 10; do
  read -r status id < <(post_share "$net.11" "$base/c/blackholed.pdf" "blackholed-$token" 20)
  [ "$status" = 201 ] && break
  sleep 2
done
[ "$status" = 201 ] || fail "the share sent again after the link came back: $status"
for name in stopped blackholed; do
  wait_imported "$name" || fail "the $name share is not in the library once"
done
for _ in $(seq 1 300); do
  left=$(psql_c "SELECT count(*) FROM share_ingest.inbox_shares" 2>/dev/null || echo x)
  [ "$left" = 0 ] && break
  sleep 0.1
done

# Nothing orphaned after a sweep: no payload object, no staged upload.
for host in s1 s2; do
  in_host "$host" "$cli" inbox sweep --older-than 0 --group-dir "$base/$host/group" \
    --inbox "$url" --payloads "$url" >/dev/null 2>>"$base/$host/sweep.log" ||
    fail "inbox sweep on $host failed: $(tail -1 "$base/$host/sweep.log")"
done
objects=$(psql_c "SELECT count(*) FROM pg_largeobject_metadata")
registered=$(psql_c "SELECT count(*) FROM share_ingest.payload_objects")
[ "$objects" = 0 ] && [ "$registered" = 0 ] ||
  fail "after the sweep: $objects large objects and $registered registered payloads are left"
kill_host s1
kill_host s2
for host in s1 s2; do
  staged=$(find "$base/$host/group/.staging" -type f 2>/dev/null | wc -l)
  if [ "$staged" != 0 ]; then
    in_host "$host" "$cli" inbox sweep --older-than 0 --group-dir "$base/$host/group" \
      --inbox "$url" --payloads "$url" >/dev/null 2>&1 || true
    staged=$(find "$base/$host/group/.staging" -type f 2>/dev/null | wc -l)
    [ "$staged" = 0 ] || fail "$staged files left in $host's .staging after its server stopped and a sweep"
  fi
done

if $throughput; then
  kill_host i1
  kill_host i2
  echo "== throughput (no faults; importers stopped; $clients client loops)"
  for count in 1 2 4; do
    servers=()
    for n in $(seq 1 "$count"); do
      start_serve "s$n" "$net.1$n"
      servers+=("$net.1$n")
    done
    for server in "${servers[@]}"; do wait_listening "$server"; done
    started=$(date +%s.%N)
    run_clients "$shares" "$base/throughput-$count" "${servers[@]}"
    elapsed=$(echo "$(date +%s.%N) - $started" | bc)
    ok=$(awk '$2 == 201' "$base/throughput-$count" | wc -l)
    echo "   $count serve host(s): $ok shares in ${elapsed}s: $(echo "scale=1; $ok / $elapsed" | bc) shares/s"
    for n in $(seq 1 "$count"); do kill_host "s$n"; done
  done
fi

if ((failures)); then
  echo "multi-host-test.sh: $failures failures; logs were in $base (removed)"
  for host in s1 s2 i1 i2; do
    for log in "$base/$host"/*.log; do [ -f "$log" ] && { echo "--- $log"; tail -5 "$log"; }; done
  done
  exit 1
fi
echo "multi-host-test.sh: every share answered 201 was imported exactly once, whole; nothing orphaned"
