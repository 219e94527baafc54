#!/usr/bin/env bash
# Runs `payphone` over a mixed input, every command and mode, under
# AddressSanitizer with LeakSanitizer (default) or under valgrind, and fails
# on any leak or memory error.
#
#   Tools/Fuzz/leak-check.sh             build payphone with --sanitize=address
#                                        into .build/asan and run it
#   Tools/Fuzz/leak-check.sh --valgrind  run .build/release/payphone (built if
#                                        missing) under valgrind --leak-check=full
#
# The mixed input: the fuzz seed corpora turned into JSONL, plain and CSV
# lines, plus broken lines (blank, not JSON, invalid UTF-8, NUL bytes, lines
# past the reader's 16 MiB limit, an unbalanced CSV quote).
set -euo pipefail
cd "$(dirname "$0")/../.."

mode=${1:-asan}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PYTHON'
import json, os, sys
work = sys.argv[1]
corpus = "Tools/Fuzz/Corpus"
def texts(target, skip=0):
    directory = os.path.join(corpus, target)
    for name in sorted(os.listdir(directory)):
        yield open(os.path.join(directory, name), "rb").read()[skip:].decode("utf-8", "replace")
broken = [b"", b"   ", b"{", b"not json", b"\xff\xfe", b'{"number": "1\x00"}', b"[" * 5000, b'{"number": 12}']
huge = b'{"number": "' + b"9" * ((16 << 20) + 16) + b'"}'
def write(name, lines, raw=()):
    with open(os.path.join(work, name), "wb") as out:
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False).encode("utf-8") + b"\n")
        for line in raw:
            out.write(line + b"\n")
phones = list(texts("phone"))
write("phone.jsonl", [{"number": t} for t in phones] + [{"number": t, "region": "GB"} for t in phones[:50]],
      broken + [huge])
write("card.jsonl", [{"number": t} for t in texts("card")], broken)
write("expiry.jsonl", [{"expiry": t} for t in texts("expiry", 2)] + [{"expiry": "12/34", "today": "2026-11-29"}],
      broken)
masks = ["+1 ([000]) [000]-[0000]", "[00]/[00]", "##/##", "[0…]", "[AAA]-[___]", "[00", "+٩٦٦ ## ### ####"]
write("mask.jsonl", [{"mask": m, "text": t, "caret": i % 7} for i, (m, t) in
                     enumerate((m, t) for m in masks for t in phones[:30])], broken)
write("text.jsonl", [{"text": t, "limit": 10} for t in phones], broken)
with open(os.path.join(work, "plain.txt"), "wb") as out:
    for t in phones + list(texts("card")):
        out.write(t.replace("\n", " ").encode("utf-8") + b"\n")
    out.write(b"\xff\n\x00\n")
with open(os.path.join(work, "long.txt"), "wb") as out:
    out.write(b"7" * ((16 << 20) + 16) + b"\n+44 20 7946 0958\n")
with open(os.path.join(work, "contacts.csv"), "wb") as out:
    out.write(b"name,phone,country\n")
    for i, t in enumerate(phones):
        out.write(b'"n %d",' % i + json.dumps(t.replace("\n", " "), ensure_ascii=False).encode("utf-8") + b",GB\n")
    out.write(b'x,"+41 44 668 18 00\n' + b"y,1\n" * 1000)
PYTHON

case "$mode" in
  asan | --asan)
    # Linked by lld, as the fuzz targets are: gold warns once per
    # AddressSanitizer helper symbol (about 140 lines) that it cannot export.
    swift build --sanitize=address --build-path .build/asan --product payphone -Xswiftc -use-ld=lld >&2
    payphone=(.build/asan/debug/payphone)
    export ASAN_OPTIONS=detect_leaks=1:exitcode=86:abort_on_error=0
    ;;
  --valgrind)
    [ -x .build/release/payphone ] || swift build -c release --product payphone >&2
    payphone=(valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect
      --errors-for-leak-kinds=definite,indirect --error-exitcode=86 .build/release/payphone)
    ;;
  *)
    echo "usage: $0 [--valgrind]" >&2
    exit 2
    ;;
esac

failed=0
check() {
  local input=$1
  shift
  local status=0
  local started=$SECONDS
  "${payphone[@]}" "$@" <"$work/$input" >/dev/null 2>"$work/stderr" || status=$?
  if [ "$status" -eq 86 ] || grep -q -E 'LeakSanitizer|AddressSanitizer|definitely lost|Invalid (read|write)' "$work/stderr"; then
    echo "leak-check: payphone $* < $input: status $status" >&2
    head -40 "$work/stderr" >&2
    failed=1
  else
    echo "leak-check: payphone $* < $input: clean (status $status, $((SECONDS - started)) s)"
  fi
}

check phone.jsonl phone --jsonl
check phone.jsonl phone --jsonl --region ZZ
check card.jsonl card --jsonl
check expiry.jsonl expiry --jsonl --today 2026-11-29
check mask.jsonl mask --jsonl
check mask.jsonl mask --jsonl --mask '[00]-[00]'
check text.jsonl text --jsonl
check plain.txt phone --region GB
check long.txt phone --region GB
check plain.txt card
check plain.txt expiry --today 2026-11-29
check plain.txt mask --mask '+1 ([000]) [000]-[0000]'
check plain.txt text --limit 5
check contacts.csv phone --csv --column phone --region-column country
check plain.txt regions --jsonl --locale ja
check plain.txt phone --region GB '+44 20 7946 0958' 'x' '4111 1111 1111 1111'
check plain.txt card '4111 1111 1111 1111' '65' '4242/4242'
exit "$failed"
