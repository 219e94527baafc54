#!/usr/bin/env bash
# The reviewed list of the library's public API, Tools/api/public-api.txt,
# against what the sources declare now. A change to the public surface must
# come with the list rewritten (bash Tools/api/check.sh --write) and
# reviewed in the same commit. Also prints how many public declarations lack
# a doc comment (Tools/api/undocumented.txt lists them).
#   bash Tools/api/check.sh [--write]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
# dump-symbol-graph builds every target with every trait on, the Python
# extension module too, which needs the interpreter's headers (Debian:
# python3-dev); it cannot extract that module's graph (nor the test
# modules'), so its status is not the verdict: every library module's graph,
# written by this run, is.
python_include="$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
started="$(mktemp)"
log="$(mktemp)"
swift package -Xcc "-I$python_include" dump-symbol-graph --minimum-access-level public >"$log" 2>&1 || true
graphs="$(ls -d .build/*/symbolgraph | head -1)"
for module in $(python3 Tools/api/public-api.py --modules); do
  if [ ! "$graphs/$module.symbols.json" -nt "$started" ]; then
    cat "$log" >&2
    echo "api: no fresh symbol graph for $module" >&2
    exit 1
  fi
done
rm -f "$started" "$log"
current="$(mktemp)"
python3 Tools/api/public-api.py "$graphs" >"$current"
python3 Tools/api/public-api.py "$graphs" --undocumented >Tools/api/undocumented.txt.new
if [ "${1:-}" = "--write" ]; then
  mv "$current" Tools/api/public-api.txt
  mv Tools/api/undocumented.txt.new Tools/api/undocumented.txt
  echo "wrote Tools/api/public-api.txt ($(wc -l <Tools/api/public-api.txt) declarations)"
  exit 0
fi
status=0
if ! diff -u Tools/api/public-api.txt "$current"; then
  echo "The public API changed: review it, then run bash Tools/api/check.sh --write" >&2
  status=1
fi
if ! cmp -s Tools/api/undocumented.txt Tools/api/undocumented.txt.new; then
  diff -u Tools/api/undocumented.txt Tools/api/undocumented.txt.new || true
  echo "The undocumented public declarations changed: document them, then run bash Tools/api/check.sh --write" >&2
  status=1
fi
rm -f "$current" Tools/api/undocumented.txt.new
exit $status
