#!/usr/bin/env bash
# Builds the Python package `payphone` as one wheel in OUTDIR: the release
# build of its extension module (product PayPhonePython, trait Python, the
# Swift runtime linked statically, the ICU trait off so the standard
# library's Unicode data answers) against the headers of the Python that
# runs this script (PYTHON, else python3; Debian: python3-dev), bundled as
# payphone/_payphone<EXT_SUFFIX> beside the package's Python files. The
# module uses CPython's full C API, so the wheel serves that Python's
# version (3.10 or later; not free-threaded): build one wheel per version.
# Its readelf -d must name only glibc, libstdc++ and libgcc_s.
#
#   bash Tools/python/build-wheel.sh OUTDIR
#   python3 -m pip install OUTDIR/payphone-*.whl
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: bash Tools/python/build-wheel.sh OUTDIR" >&2
  exit 2
fi
outdir="$1"
mkdir -p "$outdir"
outdir="$(cd "$outdir" && pwd)"
cd "$(dirname "$0")/../.."
python="${PYTHON:-python3}"

if ! "$python" -c 'import sys, sysconfig; sys.exit(sys.version_info < (3, 10) or bool(sysconfig.get_config_var("Py_GIL_DISABLED")))'; then
  echo "error: $python is not a standard CPython 3.10 or later (free-threaded builds are not supported)" >&2
  exit 1
fi
include="$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
if [ ! -f "$include/Python.h" ]; then
  echo "error: no Python.h in $include: install the interpreter's headers (Debian: apt-get install python3-dev)" >&2
  exit 1
fi
# A scratch path of its own, one per Python version: other traits than the
# plain and C ABI builds, and static builds mixed with plain ones have left
# libraries that still needed libswiftCore.so.
version="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
build=(-c release -Xswiftc -static-stdlib --scratch-path ".build/python-$version" --disable-default-traits --traits Python
  -Xcc "-I$include")
swift build "${build[@]}" --product PayPhonePython >&2
library="$(swift build "${build[@]}" --show-bin-path)/libPayPhonePython.so"

# Nothing but glibc, libstdc++ and libgcc_s: not the Swift runtime, not ICU.
needed="$(readelf -d "$library" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
echo "the extension module needs: $(echo $needed)" >&2
unexpected="$(echo "$needed" | grep -Ev '^(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux-[a-z0-9_-]+)\.so' || true)"
if [ -n "$unexpected" ]; then
  echo "error: the extension module needs more than glibc, libstdc++ and libgcc_s: $(echo $unexpected)" >&2
  exit 1
fi
"$python" Tools/python/make_wheel.py "$library" "$outdir"
