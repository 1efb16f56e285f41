#!/usr/bin/env bash
# Runs the core, storage and HTTP tests again under other Node.js majors (default 22 and 24),
# each from the npm package `node@<major>` (through npx, so nothing is installed system-wide).
# better-sqlite3 is a native addon built for one Node ABI, so each run gets a copy of the
# repository beside it: the sources, node_modules as hard links, and better-sqlite3 copied for
# real and rebuilt from source against that Node's own headers.
# The checkout's node_modules is left as it was.
#   scripts/test-node-lts.sh [major ...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
majors=("$@")
[ ${#majors[@]} -gt 0 ] || majors=(22 24)

# The tests each major runs. On Node 24, better-sqlite3 12 (the last line that runs on Node 20)
# can abort the process when V8 collects a statement after Node tore its environment down
# (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook, at exit): its own
# tests of the SQLite storage end that way there. better-sqlite3 13 fixes it and needs Node 22.
# Until the project leaves Node 20, Node 24 runs the HTTP tests without the SQLite storage's,
# and its route tests on PostgreSQL: that is the run of the whole route suite on PostgreSQL
# (Node 20 runs it on memory and SQLite), and it runs the core through its public interface.
# The walk of every documented answer and the reference page in a browser run on Node 20 only;
# the generated hostile requests run here too, on PostgreSQL, whose text columns refuse what
# SQLite stores.
# Node 22 runs the packages' own tests, the core and the SQLite storage included, to keep CI
# within its time.
tests_for() {
  case "$1" in
    24) echo packages/http test/api '!test/api/documented-statuses' '!test/api/reference-page' ;;
    *) echo packages/core packages/storage-sql packages/storage-sqlite packages/http ;;
  esac
}

# The route tests' storage on each major (INVOICING_TEST_STORAGE).
storage_for() {
  case "$1" in
    24) echo postgres ;;
    *) echo memory ;;
  esac
}

# better-sqlite3 is rebuilt for the runs that open SQLite; the others never load its addon
# (it loads on the first database opened), and a test that did would fail on the ABI at once.
needs_sqlite() {
  case "$(tests_for "$1")" in
    *storage-sqlite*) return 0 ;;
    *) return 1 ;;
  esac
}

# The copies live in a temp folder, where `../shared` (the validators and DATEV's sample beside
# the repository) is not: tests that read it are told where it is.
export INVOICING_VALIDATORS_DIR="${INVOICING_VALIDATORS_DIR:-$(dirname "$root")/shared/validators}"

for major in "${majors[@]}"; do
  copy="$(mktemp -d "${TMPDIR:-/tmp}/invoicing-node$major-XXXXXX")"
  trap 'rm -rf "$copy"' EXIT
  tar -C "$root" --exclude=./.git --exclude='./node_modules' --exclude='./*/node_modules' --exclude='./packages/*/node_modules' \
    --exclude=./data -cf - . | tar -C "$copy" -xf -
  for modules in node_modules packages/*/node_modules test/node_modules examples/node_modules; do
    if [ -d "$root/$modules" ]; then cp -al "$root/$modules" "$copy/$modules"; fi
  done
  rm -rf "$copy/node_modules/better-sqlite3"
  cp -a "$root/node_modules/better-sqlite3" "$copy/node_modules/better-sqlite3"

  tests="$(tests_for "$major")"
  storage="$(storage_for "$major")"
  rebuild=0
  if needs_sqlite "$major"; then rebuild=1; fi
  echo "== Node $major: $tests (route tests on $storage$([ $rebuild = 1 ] && echo '; better-sqlite3 rebuilt for its ABI'))"
  INVOICING_COPY="$copy" INVOICING_REBUILD_SQLITE="$rebuild" INVOICING_TEST_STORAGE="$storage" npx --yes --package "node@$major" -- bash -c '
    set -euo pipefail
    node --version
    cd "$INVOICING_COPY"
    if [ "$INVOICING_REBUILD_SQLITE" = 1 ]; then
      # Headers for node-gyp: from the package the node package takes its binary from (the npm
      # cache has it), since no other download is reachable.
      headers="$INVOICING_COPY/.node-headers"
      mkdir -p "$headers"
      package="$(node -p "\"node-\" + process.platform + \"-\" + process.arch + \"@\" + process.versions.node")"
      tarball="$(cd "$headers" && npm pack --silent "$package")"
      tar -xzf "$headers/$tarball" -C "$headers" package/include
      npm_config_nodedir="$headers/package" npm_config_build_from_source=true npm rebuild better-sqlite3 --foreground-scripts=false >/dev/null
      node -e "new (require(\"better-sqlite3\"))(\":memory:\").prepare(\"select 1\").get()"
    fi
    node scripts/run-tests.mjs '"$tests"'
  '
  rm -rf "$copy"
  trap - EXIT
done
