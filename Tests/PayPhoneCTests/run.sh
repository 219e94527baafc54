#!/usr/bin/env bash
# Builds the C ABI as it ships (release, Swift runtime linked statically),
# checks what it needs at run time, compiles the C test programs against
# payphone.h (payphone_test.c, and arrow_test.c for the Arrow entry points)
# and runs them, then compares a batch of numbers answered through
# the C ABI with `payphone phone --jsonl`, line for line.
#
#   bash Tests/PayPhoneCTests/run.sh [BUILD_CONFIGURATION]   (default: release)
set -euo pipefail
cd "$(dirname "$0")/../.."
configuration="${1:-release}"
here=Tests/PayPhoneCTests
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The same flags for both products (and as Tests/PayPhonePythonTests/run.sh
# uses for its worker CLI), so that neither build recompiles the
# other's modules. Static builds have a scratch path of their own: mixed
# with plain builds in one .build, each switch rebuilds everything, and it
# has left a libPayPhoneC.so that still needed libswiftCore.so.
static=(-c "$configuration" -Xswiftc -static-stdlib --scratch-path .build/static)
swift build "${static[@]}" --product PayPhoneC
swift build "${static[@]}" --product payphone
bin="$(swift build "${static[@]}" --show-bin-path)"
library="$bin/libPayPhoneC.so"

# Only libc, libm, libstdc++/libgcc_s, the dynamic loader and the system ICU.
bash Tools/check-self-contained.sh "$library" "$bin/payphone"
if ldd "$library" | grep -E 'not found|libswift|/opt/swift'; then
  echo "error: libPayPhoneC.so still needs the Swift toolchain at run time" >&2
  exit 1
fi

# The library exports the functions of its header and nothing else
# (Sources/PayPhoneC/exports.map): not the Swift runtime linked into it,
# not the modules' own symbols, not the ICU shim's functions.
declared="$(grep -E '^[a-z_]' Sources/PayPhoneC/include/payphone.h | grep -oE 'payphone_[a-z0-9_]+\(' | tr -d '(' | sort -u)"
exported="$(nm -D --defined-only --extern-only "$library" | awk '{print $3}' | sort -u)"
if [ "$exported" != "$declared" ]; then
  echo "error: libPayPhoneC.so exports other symbols than payphone.h declares (< exported, > declared):" >&2
  diff <(echo "$exported") <(echo "$declared") | grep '^[<>]' | head -20 >&2
  exit 1
fi
echo "libPayPhoneC.so exports the $(echo "$declared" | wc -l) functions of payphone.h and nothing else"

"${CC:-clang}" -std=c11 -Wall -Wextra -Werror -O1 -I Sources/PayPhoneC/include "$here/payphone_test.c" \
  -L "$bin" -lPayPhoneC -Wl,-rpath,"$bin" -lpthread -o "$work/payphone_test"
"${CC:-clang}" -std=c11 -Wall -Wextra -Werror -O1 -I Sources/PayPhoneC/include "$here/arrow_test.c" \
  -L "$bin" -lPayPhoneC -Wl,-rpath,"$bin" -o "$work/arrow_test"
"$work/arrow_test"
"$work/payphone_test"

# The batch's records are the CLI's, byte for byte.
corpus="$work/numbers.txt"
{
  cut -d, -f3 Data/samples/contacts.csv
  printf '%s\n' '020 7946 0958 ext. 123' '+1 (650) 253-0000' 'tel:+33-1-42-68-53-00' '1-800-FLOWERS' \
    '+999 1234' 'hello' '٠٢٠ ٧٩٤٦ ٠٩٥٨' '+44 20 7946 095' '"quoted"' 'back\slash' '+800 1234 5678' ''
} >"$corpus"
"$work/payphone_test" phone-batch GB <"$corpus" >"$work/abi.jsonl"
python3 -c '
import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    print(json.dumps({"number": line.rstrip("\n"), "region": "GB"}, ensure_ascii=False))
' "$corpus" | "$bin/payphone" phone --jsonl >"$work/cli.jsonl"
if ! diff "$work/cli.jsonl" "$work/abi.jsonl"; then
  echo "error: the C ABI's phone records differ from payphone phone --jsonl" >&2
  exit 1
fi
echo "C ABI phone batch = payphone phone --jsonl on $(wc -l <"$corpus") numbers"

# And find's, cards and redaction on: the sample texts and a few more.
texts="$work/texts.txt"
{
  python3 -c '
import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    try:
        text = json.loads(line)["text"]
    except (ValueError, KeyError, TypeError):
        continue  # the sample keeps a few broken lines on purpose
    if "\n" not in text and "\r" not in text:
        print(text)
' Data/samples/texts.jsonl
  printf '%s\n' 'Call 020 7946 0958 or +1 650-253-0000 ext. 12' 'card 4111 1111 1111 1111, tel 020 7946 0958' \
    'pay 3782-822463-10005 now' 'no numbers' '٠٢٠ ٧٩٤٦ ٠٩٥٨ and 07911 123456' \
    'PAN4111.1111.1111.1111 and 4111/1111/1111/1111' '4111111111111111/5555555555554444, order 12 4111 1111 1111 1111' \
    '+4111111111111111; call 020 7946 0958 ext. 4111 - 1111 - 1111 - 1111' ''
} >"$texts"
"$work/payphone_test" find-batch GB <"$texts" >"$work/abi-find.jsonl"
python3 -c '
import json, sys
for line in open(sys.argv[1], encoding="utf-8"):
    print(json.dumps({"text": line.rstrip("\n")}, ensure_ascii=False))
' "$texts" | "$bin/payphone" find --jsonl --cards --redact --region GB >"$work/cli-find.jsonl"
if ! diff "$work/cli-find.jsonl" "$work/abi-find.jsonl"; then
  echo "error: the C ABI's find records differ from payphone find --jsonl --cards --redact" >&2
  exit 1
fi
echo "C ABI find batch = payphone find --jsonl --cards --redact on $(wc -l <"$texts") texts"
