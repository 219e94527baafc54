#!/usr/bin/env bash
# bash Tools/wasm/build.sh OUTDIR
#
# Builds PayPhone's WebAssembly engine from the library's own sources,
# offline: the library modules compiled with Embedded Swift for wasm32
# (without the ICU trait: the standard library's Unicode data answers),
# the engine's exports (Tools/wasm/Engine), the C shim, linked against
# Debian's wasi-libc and shrunk with binaryen's wasm-opt. Writes
# OUTDIR/payphone.wasm, OUTDIR/payphone.mjs (the ES module that loads it,
# in browsers and Node) and OUTDIR/payphone.d.ts.
#
# Needs a Swift toolchain with the Embedded Swift wasm32 stdlib (6.2 or
# later; SWIFT_TOOLCHAIN or the one `swiftc` on PATH belongs to), Debian's
# wasi-libc and binaryen (apt-get install wasi-libc binaryen).
set -euo pipefail

out=${1:?usage: bash Tools/wasm/build.sh OUTDIR}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)

if [ -n "${SWIFT_TOOLCHAIN:-}" ]; then
  bin=$SWIFT_TOOLCHAIN/usr/bin
else
  bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
fi
embedded=$bin/../lib/swift/embedded/wasm32-unknown-none-wasm
wasi=/usr/lib/wasm32-wasi
wasi_include=/usr/include/wasm32-wasi
for needed in "$bin/swiftc" "$bin/clang" "$bin/wasm-ld" "$embedded/libswiftUnicodeDataTables.a" \
  "$wasi/libc.a" "$wasi_include/stdlib.h"; do
  [ -e "$needed" ] || { echo "build.sh: missing $needed (a Swift 6.2+ toolchain, apt-get install wasi-libc)" >&2; exit 1; }
done
command -v wasm-opt > /dev/null || { echo "build.sh: missing wasm-opt (apt-get install binaryen)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/modules" "$work/c"

# The C shim (locks and the allocator; no locks on single-threaded wasm),
# with a module map so that Swift imports it as SwiftPM would, and the two
# runtime functions the toolchain ships no wasm32 library for.
"$bin/clang" --target=wasm32-unknown-wasi -isystem "$wasi_include" -Os -c \
  -I "$root/Sources/CPayPhoneSystem/include" "$root/Sources/CPayPhoneSystem/CPayPhoneSystem.c" \
  -o "$work/CPayPhoneSystem.o"
"$bin/clang" --target=wasm32-unknown-wasi -isystem "$wasi_include" -Os -c \
  "$root/Tools/wasm/Engine/runtime.c" -o "$work/runtime.o"
cat > "$work/c/module.modulemap" << EOF
module CPayPhoneSystem {
  header "$root/Sources/CPayPhoneSystem/include/CPayPhoneSystem.h"
  export *
}
module CArrowData {
  header "$root/Sources/PayPhoneC/include/payphone.h"
  export *
}
EOF

# Whole-module, in dependency order, each module against the ones before;
# size-optimised, but for PayPhoneNumbers, whose parsing and formatting
# are most of a number's time, optimised for speed (see the Performance
# article for what each costs and gains). With WebAssembly's 128-bit SIMD
# (-msimd128 sets Swift's target features too), so that the SIMD values of
# the hot paths (a pattern's group offsets) stay in registers rather than
# being read through memory lane by lane. The package name lets the
# engine and the modules use one another's `package` declarations.
compile() {
  local module=$1 directory=$2 optimisation=-Osize
  if [ "$module" = PayPhoneNumbers ]; then optimisation=-O; fi
  local sources=()
  while IFS= read -r -d '' source; do sources+=("$source"); done \
    < <(find "$directory" -name '*.swift' -print0 | sort -z)
  "$bin/swiftc" -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo "$optimisation" -Xcc -msimd128 \
    -parse-as-library -package-name PayPhone -swift-version 6 \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
    -Xfrontend -disable-stack-protector -Xcc -isystem -Xcc "$wasi_include" \
    -I "$work/c" -I "$work/modules" -module-name "$module" \
    -emit-module -emit-module-path "$work/modules/$module.swiftmodule" \
    -c "${sources[@]}" -o "$work/modules/$module.o"
}
for module in PayPhoneCore PayPhoneText PayPhoneMasks; do
  compile "$module" "$root/Sources/$module"
done
# Cards and Numbers need only the modules above: Cards compiles beside
# Numbers, the longest.
compile PayPhoneCards "$root/Sources/PayPhoneCards" &
cards=$!
compile PayPhoneNumbers "$root/Sources/PayPhoneNumbers"
wait "$cards"
for module in PayPhone PayPhoneRecords PayPhoneRequests; do
  compile "$module" "$root/Sources/$module"
done
compile PayPhoneWasm "$root/Tools/wasm/Engine"

# Every @_cdecl of the engine is an export.
exports=()
while IFS= read -r name; do exports+=("--export=$name"); done \
  < <(grep -ho '@_cdecl("[a-z_0-9]*")' "$root"/Tools/wasm/Engine/*.swift | cut -d'"' -f2 | sort -u)

"$bin/wasm-ld" --no-entry --gc-sections --strip-all "${exports[@]}" \
  "$work"/modules/*.o "$work/CPayPhoneSystem.o" "$work/runtime.o" "$embedded/libswiftUnicodeDataTables.a" \
  "$wasi/libc.a" -o "$work/payphone.wasm"
wasm-opt -Oz --enable-simd --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
  --enable-nontrapping-float-to-int "$work/payphone.wasm" -o "$out/payphone.wasm"

cp "$root/Tools/wasm/payphone.mjs" "$root/Tools/wasm/payphone.d.ts" "$out/"
echo "build.sh: $out/payphone.wasm ($(wc -c < "$out/payphone.wasm") bytes), payphone.mjs, payphone.d.ts" >&2
