#!/usr/bin/env bash
# Finding phone numbers in CRM-like notes: payphone-bench find and the
# Python peer (phonenumbers' PhoneNumberMatcher, as it comes, and with its
# pattern cache on) on the same notes, in the same run, then the ratio of
# their CPU throughput at each leniency.
#   bash Tools/peers/run-find.sh [COUNT]     (default 5000 notes, about 1 MB)
#   ROUNDS=5 bash Tools/peers/run-find.sh    (default 3 rounds)
# Each round runs the three, one after another; each side's figure is its
# best (highest) round, the steadier figure on a shared machine, where a
# neighbour's load slows whichever side happens to run under it. Every
# round's own ratios are printed too, to show the spread.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${ROUNDS:-3}"
corpus="$(mktemp)"
results="$(mktemp)"
trap 'rm -f "$corpus" "$results"' EXIT
python3 Tools/peers/find_peer.py --write-corpus "$corpus" "${1:-5000}"
swift build -c release --product payphone-bench >&2
for round in $(seq "$rounds"); do
  {
    .build/release/payphone-bench find "$corpus" | sed "s/^/round=$round side=payphone /"
    python3 Tools/peers/find_peer.py "$corpus" | sed "s/^/round=$round side=peer /"
    python3 Tools/peers/find_peer.py --pattern-cache "$corpus" | sed "s/^/round=$round side=cached /"
  } | tee -a "$results"
done
python3 - "$results" "$rounds" <<'PY'
import re, sys
best, each = {}, {}
for line in open(sys.argv[1]):
    fields = dict(re.findall(r"(\w+)=(\S+)", line))
    if "cards" in fields:
        continue
    key = (fields["side"], fields["leniency"])
    figure = float(fields["cpu_mb_per_s"])
    best[key] = max(best.get(key, 0.0), figure)
    each.setdefault(key, []).append(figure)
for leniency in ["possible", "valid", "strict_grouping", "exact_grouping"]:
    ours, peer, cached = (best[(side, leniency)] for side in ("payphone", "peer", "cached"))
    spread = [a / b for a, b in zip(each[("payphone", leniency)], each[("peer", leniency)])]
    print(f"leniency={leniency} rounds={sys.argv[2]} payphone_cpu_mb_per_s={ours} peer_cpu_mb_per_s={peer} "
          f"speedup={ours / peer:.1f}x speedup_over_pattern_cache={ours / cached:.1f}x "
          f"round_speedups={','.join(f'{r:.0f}' for r in spread)}")
PY
