#!/usr/bin/env bash
# The command-line tool's throughput beside the library's, in one run on the
# same numbers: payphone-bench phone on the peers' corpus (REGION<TAB>RAW),
# then `payphone phone --jsonl` and `payphone phone --csv` on the same
# numbers as JSON lines and as CSV, each with --jobs 1 and --jobs 2. Prints
# ns per number (library), ns per row (CLI, CPU and wall), the --jobs
# speed-up, peak RSS and minor page faults (/usr/bin/time -v). With
# REPEAT > 1 it ends with each figure's best (lowest) run, the steadier
# figure on a shared machine.
#
#   bash Tools/peers/run-cli.sh                 # 200,000 numbers
#   COUNT=1000000 REPEAT=3 bash Tools/peers/run-cli.sh
#   PAYPHONE=path/to/payphone BENCH=path/to/payphone-bench bash Tools/peers/run-cli.sh
#
# Work files go to ${OUT:-.build/peers}; the release builds are made unless
# PAYPHONE and BENCH name existing binaries.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
count="${COUNT:-200000}"
seed="${SEED:-1}"
repeat="${REPEAT:-1}"
out="${OUT:-$root/.build/peers}"
mkdir -p "$out"
python="$(bash "$root/Tools/oracle/python.sh")"

corpus="${CORPUS:-$out/corpus-$count-$seed.tsv}"
[ -s "$corpus" ] || "$python" "$root/Tools/peers/corpus.py" --count "$count" --seed "$seed" >"$corpus"
jsonl="${corpus%.tsv}.jsonl"
csv="${corpus%.tsv}.csv"
if [ ! -s "$jsonl" ] || [ ! -s "$csv" ]; then
  "$python" - "$corpus" "$jsonl" "$csv" <<'PY'
import csv, json, sys
source, jsonl, table = sys.argv[1:4]
with open(source, encoding="utf-8", newline="") as lines, open(jsonl, "w", encoding="utf-8", newline="") as j, \
        open(table, "w", encoding="utf-8", newline="") as c:
    writer = csv.writer(c, lineterminator="\n")
    writer.writerow(["id", "region", "phone"])
    for number, line in enumerate(lines):
        region, _, raw = line.rstrip("\n").partition("\t")
        j.write(json.dumps({"number": raw, "region": region}, ensure_ascii=False) + "\n")
        writer.writerow([number, region, raw])
PY
fi

if [ -z "${PAYPHONE:-}" ] || [ -z "${BENCH:-}" ]; then
  (cd "$root" && swift build -c release --product payphone >&2 && swift build -c release --product payphone-bench >&2)
fi
payphone="${PAYPHONE:-$root/.build/release/payphone}"
bench="${BENCH:-$root/.build/release/payphone-bench}"
lines="$(wc -l <"$corpus")"

# One run of the CLI: user+system CPU and wall time per row, and peak RSS.
run_cli() {
  local name=$1 input=$2
  shift 2
  local report
  report="$(mktemp)"
  /usr/bin/time -v "$payphone" "$@" <"$input" >/dev/null 2>"$report"
  awk -v name="$name" -v n="$lines" '
    /User time/ { user = $NF } /System time/ { sys = $NF } /Maximum resident/ { rss = $NF }
    /Minor \(reclaiming a frame\) page faults/ { faults = $NF }
    /Elapsed \(wall clock\)/ { split($NF, t, ":"); wall = (length(t) == 3) ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2] }
    END { printf "%s n=%d cpu_ns_per_row=%.0f wall_ns_per_row=%.0f peak_rss_kb=%d minor_faults=%d\n", name, n, (user + sys) * 1e9 / n, wall * 1e9 / n, rss, faults }
  ' "$report"
  rm -f "$report"
}

field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p"; }
best="$(mktemp)"
for _ in $(seq "$repeat"); do
  errors="$(mktemp)"
  line="$("$bench" phone "$corpus" 2>"$errors")"
  echo "library $line $(cat "$errors")"
  library="$(field cpu_ns_per_number <"$errors")"
  echo "library $library" >>"$best"
  rm -f "$errors"
  for mode in jsonl csv; do
    if [ "$mode" = jsonl ]; then input=$jsonl args=(phone --jsonl); else input=$csv args=(phone --csv --column phone --region-column region); fi
    one="$(run_cli "$mode-jobs1" "$input" "${args[@]}" --jobs 1)"
    two="$(run_cli "$mode-jobs2" "$input" "${args[@]}" --jobs 2)"
    echo "$one"
    echo "$two"
    echo "$mode-jobs1 $(echo "$one" | field cpu_ns_per_row) $(echo "$one" | field wall_ns_per_row)" >>"$best"
    echo "$mode-jobs2 $(echo "$two" | field cpu_ns_per_row) $(echo "$two" | field wall_ns_per_row)" >>"$best"
    awk -v one="$(echo "$one" | field cpu_ns_per_row)" -v wall1="$(echo "$one" | field wall_ns_per_row)" \
      -v wall2="$(echo "$two" | field wall_ns_per_row)" -v lib="$library" -v mode="$mode" \
      'BEGIN { printf "  %s: %.2fx the library per number (CPU, --jobs 1); --jobs 2 %.2fx faster than --jobs 1 (wall)\n", mode, one / lib, wall1 / wall2 }'
  done
done
if [ "$repeat" -gt 1 ]; then
  awk '
    { if (!($1 in cpu) || $2 < cpu[$1]) cpu[$1] = $2; if (NF > 2 && (!($1 in wall) || $3 < wall[$1])) wall[$1] = $3 }
    END {
      printf "best of %d: library %.0f ns/number\n", NR / 5, cpu["library"]
      split("jsonl csv", modes, " ")
      for (i = 1; i <= 2; i++) {
        m = modes[i]
        printf "  %s: jobs1 %.0f ns/row CPU (%.2fx the library), %.0f wall; jobs2 %.0f wall: %.2fx faster\n", m, cpu[m "-jobs1"], cpu[m "-jobs1"] / cpu["library"], wall[m "-jobs1"], wall[m "-jobs2"], wall[m "-jobs1"] / wall[m "-jobs2"]
      }
    }' "$best"
fi
rm -f "$best"
