#!/usr/bin/env bash
# Measures the release `payphone` on hostile streams: wall time and peak
# resident memory (GNU time) for
#   - `phone --jsonl` over LINES lines (default 10,000,000) of mixed numbers;
#   - a 100 MB line and a billion-digit number, in JSONL, plain and CSV mode.
# The big inputs are generated on the fly into a pipe, never stored.
#
#   Tools/Fuzz/measure-hostile.sh [LINES]
set -euo pipefail
cd "$(dirname "$0")/../.."

lines=${1:-10000000}
[ -x .build/release/payphone ] || swift build -c release --product payphone >&2
payphone=.build/release/payphone
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }

measure() {
  local label=$1
  shift
  local log
  log=$(mktemp)
  "$@" 2>"$log" >/dev/null || true
  local wall rss
  wall=$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}')
  rss=$(grep 'Maximum resident set size' "$log" | awk '{print $NF}')
  printf '%-48s wall=%s peak_rss=%s MB\n' "$label" "$wall" "$((rss / 1024))"
  rm -f "$log"
}

digits() {  # $1 ASCII sevens on stdout
  head -c "$1" /dev/zero | tr '\0' '7'
}

jsonl_stream() {
  python3 - "$lines" <<'PYTHON'
import json, os, sys
count = int(sys.argv[1])
samples = []
for target in ("phone", "phone-region"):
    directory = os.path.join("Tools/Fuzz/Corpus", target)
    for name in sorted(os.listdir(directory)):
        data = open(os.path.join(directory, name), "rb").read()
        if target == "phone-region":
            data = data[1:]
        samples.append(json.dumps({"number": data.decode("utf-8", "replace")}, ensure_ascii=False))
samples += ['{"number": "020 7946 0958", "region": "GB"}', '{"number": "+1 650 253 0000"}', "", "{", "\ufffd"]
block = ("\n".join(samples) + "\n").encode("utf-8")
per_block = len(samples)
out = sys.stdout.buffer
written = 0
while written + per_block <= count:
    out.write(block)
    written += per_block
out.write(("\n".join(samples[: count - written]) + ("\n" if count > written else "")).encode("utf-8"))
PYTHON
}

measure "phone --jsonl, $lines lines" \
  bash -c "$(declare -f jsonl_stream); lines=$lines; jsonl_stream | /usr/bin/time -v $payphone phone --jsonl"

for size in 100000000 1000000000; do
  measure "phone --jsonl, one line of $size digits" bash -c \
    "$(declare -f digits); { printf '{\"number\": \"'; digits $size; printf '\"}\n{\"number\": \"+41 44 668 18 00\"}\n'; } | /usr/bin/time -v $payphone phone --jsonl"
  measure "phone (plain), one line of $size digits" bash -c \
    "$(declare -f digits); { digits $size; printf '\n+41 44 668 18 00\n'; } | /usr/bin/time -v $payphone phone"
  measure "phone --csv, a $size-digit phone field" bash -c \
    "$(declare -f digits); { printf 'phone,x\n'; digits $size; printf ',y\n+41 44 668 18 00,z\n'; } | /usr/bin/time -v $payphone phone --csv --column phone"
  measure "card --jsonl, a $size-digit card number" bash -c \
    "$(declare -f digits); { printf '{\"number\": \"'; digits $size; printf '\"}\n'; } | /usr/bin/time -v $payphone card --jsonl"
done
measure "phone --csv, an unbalanced quote then 100 MB" bash -c \
  "$(declare -f digits); { printf 'phone,x\n\"+41 44 668 18 00,'; digits 100000000; printf '\n'; } | /usr/bin/time -v $payphone phone --csv --column phone"
