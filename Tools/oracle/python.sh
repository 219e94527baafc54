#!/usr/bin/env bash
# Prints the path of a python3 that has the oracle, PyPI phonenumbers at the
# version Tools/oracle/_reference.py names, installing it when the system
# python lacks it: into a virtual environment
# under the build directory when python3's venv module works, else into the
# user's site-packages. Used by the differential tests.
set -euo pipefail
want="$(python3 "$(dirname "$0")/_reference.py")"
check='import sys, phonenumbers; sys.exit(phonenumbers.__version__ != "'$want'")'
if python3 -c "$check" 2>/dev/null; then
  command -v python3
  exit 0
fi
venv="${PAYPHONE_ORACLE_VENV:-$(cd "$(dirname "$0")/../.." && pwd)/.build/oracle-venv}"
if "$venv/bin/python" -c "$check" 2>/dev/null; then
  echo "$venv/bin/python"
  exit 0
fi
if python3 -m venv "$venv" >&2 2>/dev/null && "$venv/bin/pip" install --quiet "phonenumbers==$want" >&2; then
  echo "$venv/bin/python"
  exit 0
fi
python3 -m pip install --quiet --user "phonenumbers==$want" >&2 \
  || python3 -m pip install --quiet --user --break-system-packages "phonenumbers==$want" >&2
python3 -c "$check"
command -v python3
