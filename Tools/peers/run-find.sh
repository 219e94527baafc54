#!/usr/bin/env bash
# Finding phone numbers in CRM-like notes: payphone-bench find and the
# Python peer (phonenumbers' PhoneNumberMatcher, as it comes, and with its
# pattern cache on) on the same notes, in the same run, then the ratio of
# their CPU throughput at each leniency.
#   bash Tools/peers/run-find.sh [COUNT]     (default 5000 notes, about 1 MB)
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus="$(mktemp)"
trap 'rm -f "$corpus"' EXIT
python3 Tools/peers/find_peer.py --write-corpus "$corpus" "${1:-5000}"
swift build -c release --product payphone-bench >&2
ours="$(.build/release/payphone-bench find "$corpus")"
peer="$(python3 Tools/peers/find_peer.py "$corpus")"
cached="$(python3 Tools/peers/find_peer.py --pattern-cache "$corpus")"
echo "$ours"
echo "$peer"
echo "$cached"
figure() { echo "$1" | grep " leniency=$2 " | grep -oE 'cpu_mb_per_s=[0-9.]+' | cut -d= -f2; }
for leniency in possible valid strict_grouping exact_grouping; do
  a="$(echo "$ours" | grep " leniency=$leniency texts" | grep -oE 'cpu_mb_per_s=[0-9.]+' | cut -d= -f2)"
  b="$(figure "$peer" "$leniency")"
  c="$(figure "$cached" "$leniency")"
  echo "leniency=$leniency speedup=$(python3 -c "print(round($a / $b, 1))")x" \
    "speedup_over_pattern_cache=$(python3 -c "print(round($a / $c, 1))")x"
done
