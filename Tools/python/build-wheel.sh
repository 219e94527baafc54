#!/usr/bin/env bash
# Builds the Python package `payphone` as one wheel in OUTDIR: the release
# build of its extension module (product PayPhonePython, trait Python, the
# Swift runtime linked statically, the ICU trait off so the standard
# library's Unicode data answers) against the headers of the Python that
# runs this script (PYTHON, else python3; Debian: python3-dev), bundled as
# payphone/_payphone.abi3.so beside the package's Python files. The module
# uses CPython's stable ABI (3.10), so the wheel serves CPython 3.10 and
# later; its readelf -d must name only glibc, libstdc++ and libgcc_s.
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

include="$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
if [ ! -f "$include/Python.h" ]; then
  echo "error: no Python.h in $include: install the interpreter's headers (Debian: apt-get install python3-dev)" >&2
  exit 1
fi
# A scratch path of its own: other traits than the plain and C ABI builds,
# and static builds mixed with plain ones have left libraries that still
# needed libswiftCore.so.
build=(-c release -Xswiftc -static-stdlib --scratch-path .build/python --disable-default-traits --traits Python
  -Xcc "-I$include")
swift build "${build[@]}" --product PayPhonePython >&2
library="$(swift build "${build[@]}" --show-bin-path)/libPayPhonePython.so"

# Nothing but glibc, libstdc++ and libgcc_s: not the Swift runtime, not ICU.
needed="$(readelf -d "$library" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
echo "_payphone.abi3.so needs: $(echo $needed)" >&2
unexpected="$(echo "$needed" | grep -Ev '^(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux-[a-z0-9_-]+)\.so' || true)"
if [ -n "$unexpected" ]; then
  echo "error: the extension module needs more than glibc, libstdc++ and libgcc_s: $(echo $unexpected)" >&2
  exit 1
fi
"$python" Tools/python/make_wheel.py "$library" "$outdir"
