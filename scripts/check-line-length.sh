#!/usr/bin/env bash
# Lists the lines of Swift sources longer than the 100 columns `.swift-format` sets
# (`lineLength`), as file:line: columns. `swift format lint` breaks code that is too long but
# leaves a long string literal or comment as it is, so such lines pass lint unseen.
#
# Usage: scripts/check-line-length.sh [--limit N] [path...]
#   path...     files or folders to check (default: Sources Tests Benchmarks)
#   --limit N   the most columns a line may have (default: .swift-format's lineLength)
#
# Columns are counted in characters (Unicode scalars), as swift-format counts them. Exits 0
# when no line is too long, 1 when some are (the count is the last line, on standard error),
# 64 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n 's/^# \{0,1\}//; 6,8p' "$0"; }

limit=$(sed -n 's/^ *"lineLength": *\([0-9][0-9]*\).*/\1/p' .swift-format)
paths=()
while (($# > 0)); do
  case "$1" in
    --limit)
      [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || { echo "check-line-length.sh: --limit needs a number" >&2; usage >&2; exit 64; }
      limit=$2
      shift 2
      ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "check-line-length.sh: unknown option '$1'" >&2; usage >&2; exit 64 ;;
    *) paths+=("$1"); shift ;;
  esac
done
((${#paths[@]} > 0)) || paths=(Sources Tests Benchmarks)
if [ -z "$limit" ]; then
  echo "check-line-length.sh: no lineLength in .swift-format; give --limit" >&2
  exit 64
fi

# Tests/PortabilityTestsSwift5 is a link to Tests/PortabilityTests: find does not follow it,
# so each file is counted once. awk (mawk on Debian) counts bytes, which is at least the
# characters: it picks the candidates, and bash counts their characters in a UTF-8 locale.
export LC_ALL=C.UTF-8
count=0
while IFS= read -r candidate; do
  location=${candidate%%$'\t'*}
  line=${candidate#*$'\t'}
  if ((${#line} > limit)); then
    echo "$location: ${#line} columns"
    count=$((count + 1))
  fi
done < <(find "${paths[@]}" -name '*.swift' -type f -print0 | sort -z \
  | xargs -0 -r awk -v limit="$limit" 'length($0) > limit { print FILENAME ":" FNR "\t" $0 }')

echo "$count lines longer than $limit columns" >&2
((count == 0))
