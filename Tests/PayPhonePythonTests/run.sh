#!/usr/bin/env bash
# The Python package as a user gets it: builds the wheel
# (Tools/python/build-wheel.sh) and the CLI with the Swift runtime linked
# statically (the build for cluster workers), installs the wheel into a
# fresh virtualenv, checks its type hints (mypy --strict), and runs the
# pytest tests there with no Swift toolchain on PATH. The virtualenv gets
# pyarrow, pandas, polars and duckdb from PyPI, for payphone.arrow and the
# data-frame helpers (their tests skip without them). With --spark, also
# installs pyspark and runs the Spark recipes over 100,000 rows in local
# mode.
#
#   bash Tests/PayPhonePythonTests/run.sh [--spark]
set -euo pipefail
cd "$(dirname "$0")/../.."
spark=false
[ "${1:-}" = "--spark" ] && spark=true
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

step() { printf -- '-- %s (%ss)\n' "$*" "$SECONDS"; }

step "wheel"
bash Tools/python/build-wheel.sh "$work/dist"
wheels=("$work"/dist/*.whl)
[ ${#wheels[@]} -eq 1 ] || { echo "error: expected one wheel, got ${wheels[*]}" >&2; exit 1; }

step "the wheel's tag and libraries (readelf -d, auditwheel)"
# The extension module needs glibc, libstdc++ and libgcc_s alone (no ICU,
# no Swift runtime), and the wheel's manylinux tag is one it meets.
mkdir -p "$work/unpacked"
(cd "$work/unpacked" && python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall()' "${wheels[0]}")
module="$work/unpacked/payphone/_payphone$(python3 -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')"
needed="$(readelf -d "$module" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
echo "$(basename "$module") needs: $(echo $needed)"
if echo "$needed" | grep -Ev '^(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux-[a-z0-9_-]+)\.so'; then
  echo "error: the extension module needs more than glibc, libstdc++ and libgcc_s" >&2
  exit 1
fi
tag="$(basename "${wheels[0]}" .whl | cut -d- -f5)"
python3 -m venv "$work/audit"
"$work/audit/bin/python" -m pip install --no-cache-dir --quiet --disable-pip-version-check auditwheel
"$work/audit/bin/auditwheel" show "${wheels[0]}" | tee "$work/audit.txt"
# auditwheel wraps its lines where the wheel's name falls: read it as one line.
report="$(tr -s ' \n' '  ' <"$work/audit.txt")"
grep -q "consistent with" <<<"$report" && grep -q "\"$tag\"" <<<"$report" \
  || { echo "error: auditwheel does not find the wheel consistent with its tag $tag" >&2; exit 1; }

step "the CLI for workers (-static-stdlib)"
# In the static builds' own scratch path, shared with Tests/PayPhoneCTests/run.sh.
static=(-c release -Xswiftc -static-stdlib --scratch-path .build/static)
swift build "${static[@]}" --product payphone
mkdir -p "$work/worker"
cp "$(swift build "${static[@]}" --show-bin-path)/payphone" "$work/worker/payphone"
bash Tools/check-self-contained.sh "$work/worker/payphone"
if ldd "$work/worker/payphone" | grep -E 'not found|libswift|/opt/swift'; then
  echo "error: the worker's payphone still needs the Swift toolchain at run time" >&2
  exit 1
fi

step "fresh virtualenv"
python3 -m venv "$work/venv"
packages=(pytest mypy "phonenumbers==$(python3 Tools/oracle/_reference.py)" pyarrow "pandas<3" polars duckdb)
$spark && packages+=(pyspark)
"$work/venv/bin/python" -m pip install --no-cache-dir --quiet --disable-pip-version-check "${wheels[0]}" "${packages[@]}"

# PATH without any directory that holds a Swift toolchain, and no library
# path: the wheel must work on a machine that has never seen Swift.
clean_path=""
IFS=: read -r -a entries <<<"$PATH"
for entry in "${entries[@]}"; do
  [ -n "$entry" ] && [ ! -e "$entry/swift" ] && [ ! -e "$entry/swiftc" ] && clean_path="${clean_path:+$clean_path:}$entry"
done
run_tests() {
  env -u LD_LIBRARY_PATH -u PYTHONPATH PATH="$clean_path" PAYPHONE_CLI="$work/worker/payphone" \
    "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$@"
}
(cd "$work" && env -u PYTHONPATH PATH="$clean_path" VENV="$work/venv" "$work/venv/bin/python" -c '
import os, shutil, payphone
assert shutil.which("swift") is None, "swift is still on PATH"
where = os.path.dirname(payphone.__file__)
assert where.startswith(os.environ["VENV"]), where
print("payphone", payphone.version(), "from", where, "->", payphone.parse("020 7946 0958", "GB").e164)
')

step "type hints (mypy --strict)"
(cd Tools/python && "$work/venv/bin/python" -m mypy --strict --no-incremental --cache-dir=/dev/null payphone)

step "pytest (package, differential slice, streaming, Arrow and data frames)"
run_tests -rs Tests/PayPhonePythonTests
if $spark; then
  step "Spark recipes (local mode)"
  run_tests -s -W ignore::DeprecationWarning Tests/PayPhoneSparkTests
fi
step "done"
