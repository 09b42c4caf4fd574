#!/usr/bin/env bash
# Writes Sources/UTI/Catalogue/CompiledCatalogue.swift: the built-in type catalogue's graph
# (identifiers, parents, conformance closure, tag indexes), compiled from the SystemCatalogue
# tables and laid out as array literals, so that no process parses and compiles the catalogue
# when it starts. Run it after editing a table; CompiledCatalogueTests fails until then.
#
#   scripts/compile-catalogue.sh
#
# The compiler is CompiledCatalogueSource (Tests/UTITests): the graph code the registry itself
# runs for an application's declarations, rendered as Swift. With UPDATE_COMPILED_CATALOGUE=1
# the test writes the file instead of comparing it; the tests then run again on the new file.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
UPDATE_COMPILED_CATALOGUE=1 swift test --skip-build --filter 'CompiledCatalogueTests/upToDate'
swift build --build-tests
swift test --skip-build --filter CompiledCatalogueTests
echo "wrote Sources/UTI/Catalogue/CompiledCatalogue.swift"
