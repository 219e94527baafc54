#!/usr/bin/env bash
# The demo page's tests in headless Chromium: installs what they need on a
# fresh Debian machine (chromium, chromium-driver, selenium in a virtualenv),
# builds the WebAssembly engine when stale, the `payphone` tool and
# payphone-web-oracle, then types, deletes, pastes and moves the caret in
# every field and checks each step against the native library's answers.
#
#   bash Tests/PayPhoneWebTests/run.sh [PATTERN]   (default 'test_*.py'; e.g. test_phone.py)
#
# Environment: PAYPHONE_WASM_DIR (an engine already built: no build; by
# default .build/wasm, the Node tests' folder, rebuilt only when stale),
# SWIFT_BUILD_FLAGS (extra `swift build` flags: pass those of a build already
# made, so it is reused), PAYPHONE_WEB_SCREENSHOTS (default
# .build/web-tests/screenshots).
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
step() { printf '\n== %s (%ss)\n' "$*" "$((SECONDS - started))"; }

step "system packages"
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
# The engine's build.
[ -e /usr/lib/wasm32-wasi/libc.a ] || need+=(wasi-libc)
command -v wasm-opt >/dev/null 2>&1 || need+=(binaryen)
# Flags and emoji in the screenshots.
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || need+=(fonts-noto-color-emoji)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi

step "selenium"
venv=".build/web-tests/venv"
python="$venv/bin/python"
if ! "$python" -c 'import selenium' >/dev/null 2>&1; then
  if python3 -m venv "$venv" >/dev/null 2>&1; then
    "$python" -m pip install --quiet selenium
  else
    python="python3"
    python3 -c 'import selenium' >/dev/null 2>&1 \
      || python3 -m pip install --quiet selenium \
      || python3 -m pip install --quiet --break-system-packages selenium
  fi
fi

step "WebAssembly engine"
if [ -z "${PAYPHONE_WASM_DIR:-}" ]; then
  export PAYPHONE_WASM_DIR="$PWD/.build/wasm"
  bash Tools/web/engine.sh "$PAYPHONE_WASM_DIR"
fi

step "payphone and payphone-web-oracle"
# shellcheck disable=SC2086  # the flags are words
swift build --product payphone ${SWIFT_BUILD_FLAGS:-}
# shellcheck disable=SC2086
swift build --product payphone-web-oracle ${SWIFT_BUILD_FLAGS:-}
export PAYPHONE_BIN
PAYPHONE_BIN="$(swift build --show-bin-path ${SWIFT_BUILD_FLAGS:-})"

step "browser tests"
export PAYPHONE_WEB_SCREENSHOTS="${PAYPHONE_WEB_SCREENSHOTS:-$PWD/.build/web-tests/screenshots}"
export PAYPHONE_WEB_QUIET=1
rm -rf "$PAYPHONE_WEB_SCREENSHOTS"
"$python" -m unittest discover -v -s Tests/PayPhoneWebTests -p "${1:-test_*.py}"
step "done; screenshots in $PAYPHONE_WEB_SCREENSHOTS"
