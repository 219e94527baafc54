#!/usr/bin/env bash
# The Python package's tests with its extension module built under
# AddressSanitizer: a read after free, an overflow or a double free in the
# module (threads changing the input list meanwhile, signal handlers and
# __del__ calling in, reloads, ...) stops the interpreter and fails the run.
#
#   bash Tests/PayPhonePythonTests/asan.sh
#
# The interpreter is not instrumented, so the sanitizer's runtime is
# preloaded; leak detection is off (an interpreter keeps what it allocates
# until exit). The one test that runs the interpreter under an address-space
# limit is left out: the sanitizer reserves more address space than any such
# limit allows, so that test runs in the plain build (run.sh) only.
set -euo pipefail
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

include="$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
build=(-c release -Xswiftc -sanitize=address --scratch-path .build/python-asan --disable-default-traits
  --traits Python -Xcc "-I$include")
swift build "${build[@]}" --product PayPhonePython
swift build -c release --product payphone
mkdir -p "$work/site"
cp -R Tools/python/payphone "$work/site/"
module="$work/site/payphone/_payphone$("$python" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')"
cp "$(swift build "${build[@]}" --show-bin-path)/libPayPhonePython.so" "$module"
# Instrumented: its memory accesses call the sanitizer's checks.
nm -D "$module" | grep ' U __asan_report_load' >/dev/null \
  || { echo "error: the module is not built with AddressSanitizer" >&2; exit 1; }

asan="$(find "$(dirname "$(command -v swift)")/../lib" -name 'libclang_rt.asan-x86_64.so' 2>/dev/null | head -1)"
[ -n "$asan" ] || { echo "error: no libclang_rt.asan-x86_64.so beside the Swift toolchain" >&2; exit 1; }
swift_libraries="$(dirname "$(command -v swift)")/../lib/swift/linux"

"$python" -m venv "$work/venv"
# The data-frame libraries too, so the Arrow calls run under the sanitizer.
"$work/venv/bin/python" -m pip install --no-cache-dir --quiet --disable-pip-version-check pytest \
  "phonenumbers==$("$python" Tools/oracle/_reference.py)" pyarrow "pandas<3" polars duckdb
env LD_PRELOAD="$asan" LD_LIBRARY_PATH="$swift_libraries" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
  PYTHONPATH="$work/site" PAYPHONE_CLI="$(swift build -c release --show-bin-path)/payphone" \
  "$work/venv/bin/python" -m pytest -q -p no:cacheprovider Tests/PayPhonePythonTests \
  --deselect Tests/PayPhonePythonTests/test_extension.py::test_running_out_of_memory_raises_memory_error
