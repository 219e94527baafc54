#!/usr/bin/env bash
# Fails when a generated file differs from what its generator writes now.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 Tools/phone-metadata/generate.py --check
(cd Tools/phone-metadata && python3 -m unittest -q test_generate)
python3 Tools/cards/generate_card_brands.py --check
(cd Tools/cards && python3 -m unittest -q test_generate_card_brands)
bash Tools/oracle/regenerate.sh --check
python3 Tools/phone-metadata/generate_alternate_formats.py --check
(cd Tools/phone-metadata && python3 -m unittest -q test_generate_alternate_formats)
