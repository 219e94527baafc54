#!/usr/bin/env bash
# Fails loudly unless each FILE (a binary or library built with
# -Xswiftc -static-stdlib) is self-contained: readelf -d lists no
# libswift*.so and nothing beyond libc, libm, libstdc++/libgcc_s, the
# dynamic loader and the system ICU, so it runs where no Swift toolchain is.
#
#   bash Tools/check-self-contained.sh FILE ...
set -euo pipefail
if [ $# -eq 0 ]; then
  echo "usage: bash Tools/check-self-contained.sh FILE ..." >&2
  exit 2
fi
status=0
for file in "$@"; do
  needed="$(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
  echo "$(basename "$file") needs: $(echo $needed)"
  swift_libraries="$(echo "$needed" | grep -E '^libswift|^libFoundation|^libdispatch|^libBlocksRuntime' || true)"
  if [ -n "$swift_libraries" ]; then
    echo "error: $file needs the Swift runtime at run time ($(echo $swift_libraries)): it was not built" \
      "with -static-stdlib, or a plain build in the same scratch path got mixed in" >&2
    status=1
    continue
  fi
  unexpected="$(echo "$needed" | grep -Ev '^(libc|libm|libstdc\+\+|libgcc_s|libdl|libpthread|librt|ld-linux-x86-64|libicuuc|libicudata|libicui18n)\.so' || true)"
  if [ -n "$unexpected" ]; then
    echo "error: $file needs more than libc, libstdc++ and ICU: $(echo $unexpected)" >&2
    status=1
  fi
done
exit $status
