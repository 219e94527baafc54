#!/usr/bin/env bash
# Prints the path of a python3 that has the oracle, PyPI phonenumbers==9.0.43,
# installing it into a virtual environment under the build directory when the
# system python lacks it. Used by the differential tests.
set -euo pipefail
want=9.0.43
check='import sys, phonenumbers; sys.exit(phonenumbers.__version__ != "'$want'")'
if python3 -c "$check" 2>/dev/null; then
  command -v python3
  exit 0
fi
venv="${PAYPHONE_ORACLE_VENV:-$(cd "$(dirname "$0")/../../.." && pwd)/.build/oracle-venv}"
if ! "$venv/bin/python" -c "$check" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet "phonenumbers==$want" >&2
fi
echo "$venv/bin/python"
