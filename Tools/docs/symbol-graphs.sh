#!/usr/bin/env bash
# Writes the symbol graphs of the library modules into OUTDIR, as the
# compiler emits them while it builds the two library products (PayPhone,
# PayPhoneDescribe) from scratch, with the default traits: every module is
# compiled, and its graph written, by this run. (Not `swift package
# dump-symbol-graph`, which builds every target with every trait on, the
# Python extension module's too.) A module's graph holds the declarations of
# the modules it re-exports as well: readers keep those whose source lies
# in Sources/<Module>/.
#   bash Tools/docs/symbol-graphs.sh OUTDIR [--skip-synthesized-members]
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: bash Tools/docs/symbol-graphs.sh OUTDIR [--skip-synthesized-members]" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
extra=()
if [ "${2:-}" = "--skip-synthesized-members" ]; then extra=(-Xswiftc -symbol-graph-skip-synthesized-members); fi
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
cd "$root"
for product in PayPhone PayPhoneDescribe; do
  swift build --scratch-path "$build" --product "$product" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$out" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public "${extra[@]}" >"$build/log" 2>&1 || {
    cat "$build/log" >&2
    echo "symbol graphs: the build of $product failed" >&2
    exit 1
  }
done
