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
graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT
bash Tools/docs/symbol-graphs.sh "$graphs" --skip-synthesized-members
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
