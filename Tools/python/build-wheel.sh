#!/usr/bin/env bash
# Builds the Python package `payphone` as one wheel in OUTDIR: the release
# build of libPayPhoneC.so (the C ABI, Swift runtime linked statically, so
# the wheel needs only libc, libstdc++ and the system ICU where it is
# installed) bundled beside the ctypes binding.
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

# Static builds have a scratch path of their own (as in
# Tests/PayPhoneCTests/run.sh): mixed with plain builds in one .build, it
# has left a library that still needed libswiftCore.so.
static=(-c release -Xswiftc -static-stdlib --scratch-path .build/static)
swift build "${static[@]}" --product PayPhoneC >&2
library="$(swift build "${static[@]}" --show-bin-path)/libPayPhoneC.so"
bash Tools/check-self-contained.sh "$library" >&2
python3 Tools/python/make_wheel.py "$library" "$outdir"
