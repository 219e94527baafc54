#!/usr/bin/env bash
# Fails when a generated file differs from what its generator writes now.
# Data flows one way: upstream (PyPI phonenumbers) -> Data/ -> Sources/*/Generated.
#   bash Tools/check-generated.sh            # both parts (CI runs this)
#   bash Tools/check-generated.sh --offline  # part 1 only: no phonenumbers, no network
set -euo pipefail
cd "$(dirname "$0")/.."

# 1. Offline, always first: Data/ -> generated Swift. Python's standard
#    library only; these compilers never import phonenumbers.
python3 Tools/phone-metadata/compile_metadata.py --check
(cd Tools/phone-metadata && python3 -m unittest -q test_compile_metadata)
python3 Tools/short-metadata/compile_short_metadata.py --check
(cd Tools/short-metadata && python3 -m unittest -q test_compile_short_metadata)
python3 Tools/describe-data/compile_describe.py --check
(cd Tools/describe-data && python3 -m unittest -q test_compile_describe)
python3 Tools/cards/generate_card_brands.py --check
(cd Tools/cards && python3 -m unittest -q test_generate_card_brands)
python3 Tools/phone-metadata/compile_alternate_formats.py --check
(cd Tools/phone-metadata && python3 -m unittest -q test_compile_alternate_formats)

if [ "${1:-}" = "--offline" ]; then exit 0; fi

# 2. Upstream: PyPI phonenumbers (the version Tools/oracle/_reference.py
#    names) -> Data/, and the oracle fixtures.
#    Needs phonenumbers (.ci/run installs it; Tools/oracle/python.sh finds or
#    installs it for the fixtures).
python3 Tools/phone-metadata/generate.py --check
(cd Tools/phone-metadata && python3 -m unittest -q test_generate)
python3 Tools/short-metadata/generate.py --check
(cd Tools/short-metadata && python3 -m unittest -q test_generate)
python3 Tools/describe-data/generate.py --check && (cd Tools/describe-data && python3 -m unittest -q test_generate)
bash Tools/oracle/regenerate.sh --check
python3 Tools/phone-metadata/generate_alternate_formats.py --check
(cd Tools/phone-metadata && python3 -m unittest -q test_generate_alternate_formats)
