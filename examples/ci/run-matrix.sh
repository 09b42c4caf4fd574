#!/usr/bin/env bash
# Runs a team's type matrix against its extension's activation rule and writes the results as
# JUnit XML: the step the GitHub Actions job beside this script runs (github-actions.yml).
#
#   examples/ci/run-matrix.sh MATRIX RULE [JUNIT]
#
# MATRIX and RULE are the team's files (matrix.json, the extension's Info.plist); JUNIT defaults
# to type-matrix.xml. Run it from this package's checkout. INGEST_CLI names an ingest-cli already
# built; without it the script builds one here. Exit status: matrix run's (0 every row passed,
# 1 a row failed, 65 a malformed matrix or rule).
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 MATRIX RULE [JUNIT]" >&2
  exit 64
fi
matrix=$1
rule=$2
junit=${3:-type-matrix.xml}
ingest_cli=${INGEST_CLI:-}
if [ -z "$ingest_cli" ]; then
  swift build --product ingest-cli
  ingest_cli="$(swift build --show-bin-path)/ingest-cli"
fi
"$ingest_cli" matrix run --rule "$rule" --junit "$junit" "$matrix"
