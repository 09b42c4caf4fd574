#!/usr/bin/env bash
# Makes Tests/Fixtures/library/library-v1.sqlite, a library as schema version 1 wrote it, from
# library-v1.sql with the sqlite3 command line tool (apt install sqlite3). The tests open it
# with the current code to prove every migration from version 1 on.
#
# Run from the repository root:  bash scripts/make-library-fixtures.sh
set -euo pipefail
out=Tests/Fixtures/library/library-v1.sqlite
rm -f "$out" "$out-wal" "$out-shm"
sqlite3 "$out" < Tests/Fixtures/library/library-v1.sql >/dev/null
# Closing the last connection checkpointed the log into the file; one file is the fixture.
sqlite3 "$out" "PRAGMA quick_check; PRAGMA user_version; PRAGMA application_id; PRAGMA journal_mode"
rm -f "$out-wal" "$out-shm"
