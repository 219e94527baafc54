#!/usr/bin/env bash
# PayPhone beside its peers on one corpus, in one run: payphone-bench phone,
# C++ libphonenumber (Debian's libphonenumber-dev), and the Python port
# (PyPI phonenumbers) as it is by default and with its pattern cache
# on. Prints each one's line and payphone's speed-up over each.
#
#   bash Tools/peers/run.sh                  # 200,000 numbers
#   COUNT=50000 REPEAT=3 bash Tools/peers/run.sh
#   PYTHON_COUNT=20000 bash Tools/peers/run.sh   # the slow default Python port on fewer lines
#
# Needs: apt-get install -y libphonenumber-dev g++ (the C++ peer; skipped
# when missing), python3 with the reference phonenumbers (Tools/oracle/python.sh
# installs it). Work files go to ${OUT:-.build/peers}.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
here="$root/Tools/peers"
count="${COUNT:-200000}"
seed="${SEED:-1}"
repeat="${REPEAT:-1}"
python_count="${PYTHON_COUNT:-$count}"
out="${OUT:-$root/.build/peers}"
mkdir -p "$out"
python="$(bash "$root/Tools/oracle/python.sh")"

corpus="$out/corpus-$count-$seed.tsv"
[ -s "$corpus" ] || "$python" "$here/corpus.py" --count "$count" --seed "$seed" >"$corpus"
python_corpus="$corpus"
if [ "$python_count" -lt "$count" ]; then
  python_corpus="$out/corpus-$count-$seed-head$python_count.tsv"
  head -n "$python_count" "$corpus" >"$python_corpus"
fi

(cd "$root" && swift build -c release --product payphone-bench >&2)
bench="$root/.build/release/payphone-bench"

cpp=""
if [ -f /usr/include/phonenumbers/phonenumberutil.h ] && command -v g++ >/dev/null; then
  version="$(dpkg-query -W -f='${Version}' libphonenumber-dev 2>/dev/null | sed -e 's/^[0-9]*://' -e 's/[+~-].*$//')"
  cpp="$out/peer_cpp"
  g++ -O2 -std=c++17 -DNDEBUG -DLIBPHONENUMBER_VERSION="\"${version:-unknown}\"" "$here/peer_cpp.cc" -o "$cpp" \
    -lphonenumber -lprotobuf
else
  echo "run.sh: no libphonenumber-dev (apt-get install -y libphonenumber-dev g++): C++ peer skipped" >&2
fi

# Each tool prints its line on stdout and its CPU time per number on stderr;
# the CPU figure is the steadier one on a shared machine.
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p"; }
measure() {
  local errors
  errors="$(mktemp)"
  line="$("$@" 2>"$errors")"
  cpu_ns="$(field cpu_ns_per_number <"$errors")"
  rm -f "$errors"
}
for _ in $(seq "$repeat"); do
  measure "$bench" phone "$corpus"
  echo "$line cpu_ns_per_number=$cpu_ns"
  ours_wall="$(echo "$line" | field ns_per_number)" ours_cpu="$cpu_ns"
  peers=()
  [ -n "$cpp" ] && peers+=("$cpp $corpus")
  peers+=("$python $here/peer_python.py $corpus --pattern-cache" "$python $here/peer_python.py $python_corpus")
  for peer in "${peers[@]}"; do
    # shellcheck disable=SC2086
    measure $peer
    echo "$line cpu_ns_per_number=$cpu_ns"
    awk -v ow="$ours_wall" -v oc="$ours_cpu" -v tw="$(echo "$line" | field ns_per_number)" -v tc="$cpu_ns" \
      -v name="$(echo "$line" | cut -d' ' -f1 | cut -c6-)" \
      'BEGIN { printf "  payphone: %.1fx faster than %s (wall), %.1fx (CPU)\n", tw / ow, name, tc / oc }'
  done
done
