#!/usr/bin/env bash
# The command-line tool's throughput beside the library's, in one run on the
# same numbers: payphone-bench phone on the peers' corpus (REGION<TAB>RAW),
# then `payphone phone --jsonl` and `payphone phone --csv` on the same
# numbers as JSON lines and as CSV, each with --jobs 1 and --jobs 2. Prints
# ns per number (library), ns per row (CLI, CPU and wall), the --jobs
# speed-up, peak RSS and minor page faults (/usr/bin/time -v). Beside the
# --jobs 2 speed-up it prints what splitting the input by hand gives: two
# independent --jobs 1 processes, each on half the input, side by side
# (nothing shared between them, but each loads its own tables), their wall
# time against --jobs 1's. With REPEAT > 1 it ends with each figure's best
# (lowest) run, the steadier figure on a shared machine.
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

# Each input's two halves (the CSV's each with the header), for the ceiling.
half_lines=$(( ($(wc -l <"$jsonl") + 1) / 2 ))
for mode in jsonl csv; do
  source_file="$jsonl"
  [ "$mode" = csv ] && source_file="$csv"
  if [ ! -s "$source_file.half2" ]; then
    if [ "$mode" = jsonl ]; then
      head -n "$half_lines" "$source_file" >"$source_file.half1"
      tail -n +"$((half_lines + 1))" "$source_file" >"$source_file.half2"
    else
      head -n "$((half_lines + 1))" "$source_file" >"$source_file.half1"
      { head -n 1 "$source_file"; tail -n +"$((half_lines + 2))" "$source_file"; } >"$source_file.half2"
    fi
  fi
done

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

# Two independent --jobs 1 processes on the two halves, side by side: the
# wall time until both are done, per row of the whole input.
run_halves() {
  local input=$1
  shift
  local start end
  start=$(date +%s%N)
  "$payphone" "$@" --jobs 1 <"$input.half1" >/dev/null &
  "$payphone" "$@" --jobs 1 <"$input.half2" >/dev/null
  wait
  end=$(date +%s%N)
  awk -v ns="$((end - start))" -v n="$lines" 'BEGIN { printf "%.0f", ns / n }'
}
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
    halves="$(run_halves "$input" "${args[@]}")"
    echo "$one"
    echo "$two"
    echo "$mode-halves n=$lines two_processes_wall_ns_per_row=$halves"
    echo "$mode-jobs1 $(echo "$one" | field cpu_ns_per_row) $(echo "$one" | field wall_ns_per_row)" >>"$best"
    echo "$mode-jobs2 $(echo "$two" | field cpu_ns_per_row) $(echo "$two" | field wall_ns_per_row)" >>"$best"
    echo "$mode-halves 0 $halves" >>"$best"
    awk -v one="$(echo "$one" | field cpu_ns_per_row)" -v wall1="$(echo "$one" | field wall_ns_per_row)" \
      -v wall2="$(echo "$two" | field wall_ns_per_row)" -v halves="$halves" -v lib="$library" -v mode="$mode" \
      'BEGIN { printf "  %s: %.2fx the library per number (CPU, --jobs 1); --jobs 2 %.2fx faster than --jobs 1 (wall); two independent processes %.2fx\n", mode, one / lib, wall1 / wall2, wall1 / halves }'
  done
done
if [ "$repeat" -gt 1 ]; then
  awk '
    { if (!($1 in cpu) || $2 < cpu[$1]) cpu[$1] = $2; if (NF > 2 && (!($1 in wall) || $3 < wall[$1])) wall[$1] = $3 }
    END {
      printf "best of %d: library %.0f ns/number\n", NR / 7, cpu["library"]
      split("jsonl csv", modes, " ")
      for (i = 1; i <= 2; i++) {
        m = modes[i]
        printf "  %s: jobs1 %.0f ns/row CPU (%.2fx the library), %.0f wall; jobs2 %.0f wall: %.2fx faster; two independent processes %.0f wall: %.2fx\n", m, cpu[m "-jobs1"], cpu[m "-jobs1"] / cpu["library"], wall[m "-jobs1"], wall[m "-jobs2"], wall[m "-jobs1"] / wall[m "-jobs2"], wall[m "-halves"], wall[m "-jobs1"] / wall[m "-halves"]
      }
    }' "$best"
fi
rm -f "$best"
