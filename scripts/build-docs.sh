#!/usr/bin/env bash
# Builds the DocC documentation of every library module that has a catalogue
# (Sources/<Module>/<Module>.docc), from symbol graphs the compiler emits fresh, with
# `docc convert --warnings-as-errors`: a renamed symbol, a broken link or a bad topic group fails.
#
# Usage: scripts/build-docs.sh [--static] [Module...]
#   Module...  the modules to build (default: every module with a catalogue)
#   --static   lay the output out for one static web server: .build/docs/site/<Module>, each
#              built with --hosting-base-path <Module>, and an index.html listing them
#
# Without --static each module goes to .build/docs/<Module>.doccarchive, hosted at the root.
# The build uses its own scratch path (.build/docs), so it never invalidates the normal .build;
# the symbol graphs are in .build/docs/symbol-graphs.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n 's/^# \{0,1\}//; 6,10p' "$0"; }

static=false
modules=()
for argument in "$@"; do
  case "$argument" in
    --static) static=true ;;
    -h | --help) usage; exit 0 ;;
    -*) echo "build-docs.sh: unknown option '$argument'" >&2; usage >&2; exit 64 ;;
    *) modules+=("$argument") ;;
  esac
done

if ((${#modules[@]} == 0)); then
  for catalogue in Sources/*/*.docc; do
    module=$(basename "$(dirname "$catalogue")")
    [ "$catalogue" = "Sources/$module/$module.docc" ] && modules+=("$module")
  done
fi
if ((${#modules[@]} == 0)); then
  echo "build-docs.sh: no catalogue found (Sources/<Module>/<Module>.docc)" >&2
  exit 1
fi
for module in "${modules[@]}"; do
  if [ ! -d "Sources/$module/$module.docc" ]; then
    echo "build-docs.sh: $module has no catalogue: expected Sources/$module/$module.docc" >&2
    exit 64
  fi
done

root=$PWD/.build/docs
scratch=$root
graphs=$scratch/symbol-graphs
mkdir -p "$graphs"

# The compiler writes a module's graphs whenever it emits the module, so graphs and build stay
# in step inside one scratch path. A graph older than this stamp, beside a fresh graph of the same
# module, is left over from an extension that no longer exists, and goes.
stamp=$scratch/build-docs.stamp
touch "$stamp"
for module in "${modules[@]}"; do
  echo "== symbol graphs: $module"
  swift build --scratch-path "$scratch" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
done

if $static; then
  output=$root/site
  mkdir -p "$output"
fi
for module in "${modules[@]}"; do
  main=$graphs/$module.symbols.json
  if [ ! -f "$main" ]; then
    echo "build-docs.sh: no symbol graph for $module in $graphs;" \
      "remove .build/docs and run again" >&2
    exit 1
  fi
  if [ "$main" -nt "$stamp" ]; then
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" ! -newer "$stamp" -delete
  fi
  # docc reads every graph in the directory: give it this module's graphs and nothing else.
  own=$root/graphs/$module
  rm -rf "$own"
  mkdir -p "$own"
  cp "$main" "$own/"
  find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$own/" \;

  if $static; then
    archive=$output/$module
    hosting=(--hosting-base-path "$module")
  else
    archive=$root/$module.doccarchive
    hosting=()
  fi
  rm -rf "$archive"
  echo "== docc convert: $module"
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$own" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "share-ingest.$module" \
    --fallback-default-module-kind "Framework" \
    --warnings-as-errors \
    "${hosting[@]}" \
    --output-path "$archive"
done

lowercase() { tr '[:upper:]' '[:lower:]' <<<"$1"; }
echo
if $static; then
  {
    echo '<!doctype html><meta charset="utf-8"><title>share-ingest documentation</title>'
    echo '<h1>share-ingest documentation</h1><ul>'
    # Every module built here so far, not only this run's.
    for built in "$output"/*/documentation; do
      module=$(basename "$(dirname "$built")")
      echo "<li><a href=\"$module/documentation/$(lowercase "$module")/\">$module</a></li>"
    done
    echo '</ul>'
  } >"$output/index.html"
  echo "Documentation for ${modules[*]} is in $output. To read it:"
  echo "  python3 -m http.server --directory $output 8000"
  echo "  open http://localhost:8000/ (one link a module)"
else
  echo "Documentation archives are in $root:"
  for module in "${modules[@]}"; do
    echo "  $root/$module.doccarchive"
  done
  echo "To read one, serve it and open its module page, e.g. for ${modules[0]}:"
  echo "  python3 -m http.server --directory $root/${modules[0]}.doccarchive 8000"
  echo "  open http://localhost:8000/documentation/$(lowercase "${modules[0]}")/"
  echo "(scripts/build-docs.sh --static puts every module behind one server.)"
fi
