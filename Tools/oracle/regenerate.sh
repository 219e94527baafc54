#!/usr/bin/env bash
# Writes the oracle's stored answers: every generator Tools/oracle/<name>.py
# (files starting with "_" are shared helpers) prints fixture
# Tests/Fixtures/<name>.jsonl from PyPI phonenumbers (Tools/oracle/_reference.py
# names the version). With --check,
# writes nothing and fails when a stored fixture differs from what its
# generator prints now (CI runs this: the live oracle tier).
#   bash Tools/oracle/regenerate.sh [--check] [NAME ...]
set -euo pipefail
shopt -s nullglob
root="$(cd "$(dirname "$0")/../.." && pwd)"
check=0
if [ "${1:-}" = "--check" ]; then check=1; shift; fi
python="$(bash "$root/Tools/oracle/python.sh")"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for script in "$root"/Tools/oracle/[a-z]*.py; do
    names+=("$(basename "$script" .py)")
  done
fi
status=0
for name in "${names[@]}"; do
  fixture="$root/Tests/Fixtures/$name.jsonl"
  fresh="$(mktemp)"
  PYTHONHASHSEED=0 "$python" "$root/Tools/oracle/$name.py" >"$fresh"
  if [ $check -eq 1 ]; then
    if ! cmp -s "$fresh" "$fixture"; then
      echo "stale fixture: Tests/Fixtures/$name.jsonl (run bash Tools/oracle/regenerate.sh $name)" >&2
      status=1
    fi
    rm -f "$fresh"
  else
    mv "$fresh" "$fixture"
    chmod 644 "$fixture"
    echo "wrote Tests/Fixtures/$name.jsonl ($(wc -l <"$fixture") lines)"
  fi
done
exit $status
