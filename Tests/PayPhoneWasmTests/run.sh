#!/usr/bin/env bash
# bash Tests/PayPhoneWasmTests/run.sh
#
# The WebAssembly module's Node tests: builds the module (Tools/wasm/build.sh)
# and the `payphone` tool (`swift build`), then runs `node --test` on this
# folder, which compares the module's answers with the tool's records for the
# same requests. On Debian it installs what the build needs (wasi-libc,
# binaryen) when it is missing. PAYPHONE_CLI names another tool binary;
# PAYPHONE_WASM_DIR an already built module (skipping the build).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"

missing=()
[ -e /usr/lib/wasm32-wasi/libc.a ] || missing+=(wasi-libc)
command -v wasm-opt > /dev/null || missing+=(binaryen)
command -v node > /dev/null || missing+=(nodejs)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  echo "run.sh: installing ${missing[*]}" >&2
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}"
fi

if [ -z "${PAYPHONE_CLI:-}" ]; then
  swift build --product payphone
  export PAYPHONE_CLI="$root/.build/debug/payphone"
fi
if [ -z "${PAYPHONE_WASM_DIR:-}" ]; then
  export PAYPHONE_WASM_DIR="$root/.build/wasm"
  bash Tools/wasm/build.sh "$PAYPHONE_WASM_DIR"
fi
node --test Tests/PayPhoneWasmTests/*.test.mjs
