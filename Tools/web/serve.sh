#!/usr/bin/env bash
# Serves the demo page on http://127.0.0.1:PORT/ (default 8028), first
# building the WebAssembly engine into .build/wasm when it is missing or
# stale.
#
#   bash Tools/web/serve.sh [PORT]
set -euo pipefail
cd "$(dirname "$0")/../.."
port="${1:-8028}"
engine_dir=".build/wasm"
bash Tools/web/engine.sh "$engine_dir"
exec python3 Tools/web/serve.py "$port" "$engine_dir"
