#!/usr/bin/env bash
# Today's tree beside an earlier commit's, in the same runs: the library
# (payphone-bench phone), `find` (payphone-bench find on the notes corpus),
# the CLI (Tools/peers/run-cli.sh with each tree's binaries) and the Python
# package (Tools/python/bench.py with each tree's wheel). The earlier tree
# is checked out with `git worktree` and built with its own scripts; the
# two sides run alternately, ROUNDS times, each measurement's line tagged
# `side=today` or `side=REV`. The library, `find` and Python runs are
# pinned to one core with taskset when there is one (the CLI's runs use
# --jobs 2 as well). A floor stated as "no lower than at REV" is checked
# with this, on whatever machine, since the peers' own times move with the
# machine.
#
#   bash Tools/peers/against.sh REV [ROUNDS]          # e.g. 2fc38d3 3
#   COUNT=200000 bash Tools/peers/against.sh REV      # a smaller corpus (1,000,000 lines by default)
#
# Needs what Tools/peers/run-cli.sh and Tools/python/build-wheel.sh need.
# Work files (the worktree, wheels, corpora) go to ${OUT:-.build/against}.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: bash Tools/peers/against.sh REV [ROUNDS]" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/../.." && pwd)"
rev="$(git -C "$root" rev-parse --short "$1^{commit}")"
rounds="${2:-3}"
count="${COUNT:-1000000}"
out="${OUT:-$root/.build/against}"
mkdir -p "$out"
python="$(bash "$root/Tools/oracle/python.sh")"
pin=()
command -v taskset >/dev/null && pin=(taskset -c 1)

base="$out/tree-$rev"
[ -d "$base" ] || git -C "$root" worktree add --detach "$base" "$rev" >&2

# Each tree's benchmark, CLI and Python package (unpacked, for PYTHONPATH).
build() {
  local tree=$1 side=$2
  (cd "$tree" && swift build -c release --product payphone-bench >&2 && swift build -c release --product payphone >&2)
  rm -rf "$out/wheel-$side" "$out/python-$side"
  (cd "$tree" && PYTHON="$python" bash Tools/python/build-wheel.sh "$out/wheel-$side" >&2)
  "$python" -c 'import glob, sys, zipfile; zipfile.ZipFile(glob.glob(sys.argv[1] + "/*.whl")[0]).extractall(sys.argv[2])' \
    "$out/wheel-$side" "$out/python-$side"
}
build "$root" today
build "$base" "$rev"

corpus="$out/corpus-$count-1.tsv"
[ -s "$corpus" ] || "$python" "$root/Tools/peers/corpus.py" --count "$count" --seed 1 >"$corpus"
notes="$out/notes-2000.tsv"
[ -s "$notes" ] || "$python" "$root/Tools/peers/find_peer.py" --write-corpus "$notes" 2000 >&2

run_side() {
  local tree=$1 side=$2
  local bench="$tree/.build/release/payphone-bench"
  "${pin[@]}" "$bench" phone "$corpus" 2>/dev/null | sed "s/^/side=$side bench=phone /"
  "${pin[@]}" "$bench" find "$notes" | sed "s/^/side=$side /"
  PAYPHONE="$tree/.build/release/payphone" BENCH="$bench" OUT="$out/cli" CORPUS="$corpus" \
    bash "$root/Tools/peers/run-cli.sh" 2>/dev/null | grep -E '^(library|jsonl|csv)' | sed "s/^/side=$side bench=cli /"
  PYTHONPATH="$out/python-$side" "${pin[@]}" "$python" -P "$root/Tools/python/bench.py" 20000 3 \
    | grep -E '^(per_call|batch|numbers)' | sed "s/^/side=$side bench=python /"
}

results="$out/results-$rev.txt"
: >"$results"
for round in $(seq 1 "$rounds"); do
  run_side "$root" today | sed "s/^/round=$round /" | tee -a "$results"
  run_side "$base" "$rev" | sed "s/^/round=$round /" | tee -a "$results"
done

# Each figure's best round on each side, and today's against REV's (above
# 1: today is faster).
"$python" - "$results" "$rev" <<'PY'
import re, sys
results, rev = sys.argv[1:3]
figures = [  # (name, line pattern, field, whether more is faster)
    ("library ns/number", r"bench=phone ", "ns_per_number", False),
    *[(f"find {name} MB/s", rf"bench=find leniency={name} texts", "cpu_mb_per_s", True)
      for name in ("possible", "valid", "strict_grouping", "exact_grouping")],
    ("jsonl ns/row (--jobs 1, CPU)", r"jsonl-jobs1 ", "cpu_ns_per_row", False),
    ("csv ns/row (--jobs 1, CPU)", r"csv-jobs1 ", "cpu_ns_per_row", False),
    ("python parse ns", r"per_call: ", "payphone_parse_ns", False),
    ("python normalize ns", r"batch: ", "payphone_normalize_ns", False),
]
best = {}
for line in open(results, encoding="utf-8"):
    side = re.search(r"side=(\S+)", line).group(1)
    for name, pattern, field, faster_is_more in figures:
        found = re.search(rf"{field}=([0-9.]+)", line)
        if re.search(pattern, line) and found:
            value = float(found.group(1))
            key = (name, side)
            best[key] = value if key not in best else (max if faster_is_more else min)(best[key], value)
for name, _, _, faster_is_more in figures:
    today, then = best.get((name, "today")), best.get((name, rev))
    if today and then:
        speed = today / then if faster_is_more else then / today
        print(f"{name}: today {today:g}, {rev} {then:g}, today {speed:.2f}x as fast")
PY
