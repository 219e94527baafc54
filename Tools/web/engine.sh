#!/usr/bin/env bash
# Builds the WebAssembly engine (Tools/wasm/build.sh) into OUTDIR when
# payphone.wasm or payphone.mjs is missing there, or older than any file of
# the library's sources, Package.swift or Tools/wasm.
#
#   bash Tools/web/engine.sh OUTDIR
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -ne 1 ]; then
  echo "usage: bash Tools/web/engine.sh OUTDIR" >&2
  exit 2
fi
out="$1"
wasm="$out/payphone.wasm"
module="$out/payphone.mjs"
if [ -f "$wasm" ] && [ -f "$module" ] \
  && [ -z "$(find Sources Tools/wasm Package.swift -newer "$wasm" -print -quit)" ] \
  && [ -z "$(find Sources Tools/wasm Package.swift -newer "$module" -print -quit)" ]; then
  echo "engine in $out is up to date"
  exit 0
fi
echo "building the engine into $out (Tools/wasm/build.sh)"
mkdir -p "$out"
bash Tools/wasm/build.sh "$out"
