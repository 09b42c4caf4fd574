#!/usr/bin/env bash
# Builds the libFuzzer harness of one reader against the module sources and runs it for a set
# time. Not part of `swift build` or `swift test`: the harnesses live in Fuzz/, outside every
# target, and are compiled here with `swiftc -sanitize=fuzzer,address`.
#
#   scripts/fuzz.sh plist 1200          # the guarded property list reader, 20 minutes
#   scripts/fuzz.sh declarations 1200   # Info.plist type declarations: reader, validator, graph
#
# Extra arguments go to libFuzzer (e.g. -jobs=2, -seed=1). The corpus grows in
# .build/fuzz/corpus-READER (seeded from Fuzz/Corpus/READER, made by Fuzz/make-seeds.py);
# findings are written to .build/fuzz/findings-READER/. The run is niced: machines are shared.
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: scripts/fuzz.sh plist|declarations SECONDS [libFuzzer options]"
reader=${1:?$usage}
seconds=${2:?$usage}
shift 2

out=.build/fuzz
mkdir -p "$out"
flags=(
  -O -g -sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name share_ingest
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
  -I "$out" -L "$out"
)

# A module of the package as a static library the harness links.
module() {
  local name=$1
  echo "== building $name (instrumented)"
  find "Sources/$name" -name '*.swift' -print0 \
    | xargs -0 swiftc "${flags[@]}" -module-name "$name" -emit-module \
      -emit-module-path "$out/$name.swiftmodule" -emit-library -static -o "$out/lib$name.a"
}

case "$reader" in
  plist)
    # One module: the reader's sources and the harness together.
    echo "== building the plist harness (instrumented)"
    swiftc "${flags[@]}" -module-name PropertyListFuzzer Sources/PropertyLists/*.swift \
      Fuzz/PropertyListReaderFuzzer.swift -o "$out/fuzz-plist" 2> >(grep -v "ld.gold: warning" >&2)
    ;;
  declarations)
    module SystemCalls
    module PropertyLists
    module UTI
    echo "== building the declarations harness"
    swiftc "${flags[@]}" -module-name DeclarationFuzzer Fuzz/DeclarationReaderFuzzer.swift \
      -lUTI -lPropertyLists -lSystemCalls -o "$out/fuzz-declarations" \
      2> >(grep -v "ld.gold: warning" >&2)
    ;;
  *)
    echo "$usage" >&2
    exit 64
    ;;
esac

corpus="$out/corpus-$reader"
findings="$out/findings-$reader"
mkdir -p "$corpus" "$findings"
cp -n Fuzz/Corpus/"$reader"/* "$corpus"/
echo "== fuzzing $reader for $seconds s (corpus $corpus, findings $findings)"
# A slow input (5 s) or one that needs more memory than a command may take is a finding too.
# Leaks are not: Foundation's XML parser leaks about 1 KB on some malformed inputs (found by
# the first run), which bounds nothing this package relies on.
# The Swift runtime's own crash handler is turned off so that libFuzzer reports the crash.
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0
exec nice -n 10 "$out/fuzz-$reader" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
  -malloc_limit_mb=256 -max_len=65536 -detect_leaks=0 -print_final_stats=1 \
  -artifact_prefix="$findings/" "$@" "$corpus"
