#!/usr/bin/env bash
# Builds and runs PayPhone's libFuzzer targets (with AddressSanitizer and
# LeakSanitizer), outside the normal SwiftPM build.
#
#   Tools/Fuzz/run.sh TARGET [SECONDS]   build, then fuzz TARGET (default 600 s)
#   Tools/Fuzz/run.sh all [SECONDS]      every target in turn, SECONDS each (default 600)
#   Tools/Fuzz/run.sh build              build every target, run nothing
#   Tools/Fuzz/run.sh list               the target names
#
# Targets: phone, phone-region, as-you-type, mask, card, expiry, jsonl, find, csv (see
# each Tools/Fuzz/*Fuzzer.swift). The library modules are built by SwiftPM in
# release mode with coverage instrumentation into .build/fuzz; each target is
# one Swift file plus Tools/Fuzz/Support, linked by swiftc with libFuzzer's
# main. `jsonl` and `csv` compile the CLI's sources (all but its @main) into
# the target. The seed corpus of each target is Tools/Fuzz/Corpus/TARGET (read
# only); what the run finds goes to .build/fuzz/corpus/TARGET, crashes to
# .build/fuzz/artifacts/. Reproduce a crash with
#   .build/fuzz/bin/TARGET .build/fuzz/artifacts/TARGET-crash-...
#
# PAYPHONE_FUZZ_SKIP_BUILD=1 runs the binaries already in .build/fuzz/bin
# (for several runs side by side). Each run ends with one summary line:
# target, executions, cov, ft, crashes. Exit status: 0 when no target found
# a crash, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/../.."

targets=(phone phone-region as-you-type mask card expiry jsonl find csv)
build_path=.build/fuzz
products=$build_path/release
bin=$build_path/bin

source_of() {
  case "$1" in
    phone) echo PhoneFuzzer.swift ;;
    phone-region) echo PhoneRegionFuzzer.swift ;;
    as-you-type) echo AsYouTypeFuzzer.swift ;;
    mask) echo MaskFuzzer.swift ;;
    card) echo CardFuzzer.swift ;;
    expiry) echo ExpiryFuzzer.swift ;;
    jsonl) echo JSONLinesFuzzer.swift ;;
    find) echo FindFuzzer.swift ;;
    csv) echo CSVFuzzer.swift ;;
    *) echo "unknown fuzz target '$1' (targets: ${targets[*]})" >&2; exit 2 ;;
  esac
}

build_library() {
  [ -z "${PAYPHONE_FUZZ_SKIP_BUILD:-}" ] || return 0
  echo "== building the library for fuzzing (release, -sanitize=fuzzer,address)" >&2
  # The umbrella, and the describe, records, requests and streaming modules the CLI's
  # sources (jsonl, csv) import.
  local target
  for target in PayPhone PayPhoneDescribe PayPhoneRecords PayPhoneRequests PayPhoneStreaming; do
    swift build -c release --build-path "$build_path" --target "$target" \
      -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address >&2
  done
}

build_target() {
  [ -z "${PAYPHONE_FUZZ_SKIP_BUILD:-}" ] || return 0
  local target=$1 file
  file=$(source_of "$target")
  local sources=("Tools/Fuzz/$file" Tools/Fuzz/Support/*.swift)
  if [ "$target" = jsonl ] || [ "$target" = csv ]; then
    local source
    for source in Sources/PayPhoneCLI/*.swift; do
      [ "$(basename "$source")" = PayPhoneTool.swift ] || sources+=("$source")
    done
  fi
  local objects=()
  local module
  for module in PayPhoneCore PayPhoneText PayPhoneMasks PayPhoneNumbers PayPhoneCards PayPhone PayPhoneDescribe \
    PayPhoneRecords PayPhoneRequests PayPhoneStreaming CPayPhoneSystem CPayPhoneICU; do
    objects+=("$products/$module.build"/*.o)
  done
  mkdir -p "$bin"
  # The package's name, as SwiftPM compiled the modules with it: the CLI's
  # sources use the modules' `package` declarations.
  local package_name
  package_name=$(grep -o '"-package-name","[^"]*"' "$build_path/release.yaml" | head -1 | cut -d'"' -f4)
  echo "== linking $target" >&2
  # shellcheck disable=SC2046
  swiftc -O -sanitize=fuzzer,address -parse-as-library -swift-version 6 -use-ld=lld \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
    -module-name "Fuzz_${target//-/_}" -package-name "$package_name" -I "$products/Modules" \
    -Xcc -fmodule-map-file="$products/CPayPhoneICU.build/module.modulemap" \
    -Xcc -fmodule-map-file="$products/CPayPhoneSystem.build/module.modulemap" \
    -Xcc -fmodule-map-file=Sources/CArrowData/module.modulemap \
    "${sources[@]}" "${objects[@]}" $(pkg-config --libs icu-uc) -o "$bin/$target"
}

run_target() {
  local target=$1 seconds=$2
  local corpus=$build_path/corpus/$target artifacts=$build_path/artifacts log=$build_path/logs/$target.log
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  local seeds=Tools/Fuzz/Corpus/$target
  [ -d "$seeds" ] || seeds=""
  echo "== fuzzing $target for ${seconds}s (log: $log)" >&2
  local status=0
  # The Swift runtime's own crash backtracer would read memory AddressSanitizer guards.
  SWIFT_BACKTRACE=enable=no "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$target-" "$corpus" ${seeds:+"$seeds"} >"$log" 2>&1 || status=$?
  local last runs cov ft
  last=$(grep -a -E '^#[0-9]+' "$log" | tail -1 || true)
  runs=$(grep -a -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  [ -n "$runs" ] || runs=$(echo "$last" | grep -oE '^#[0-9]+' | tr -d '#')
  cov=$(echo "$last" | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+' || true)
  ft=$(echo "$last" | grep -oE 'ft: [0-9]+' | grep -oE '[0-9]+' || true)
  if [ "$status" -eq 0 ]; then
    printf 'fuzz %-13s executions=%s cov=%s ft=%s crashes=0\n' "$target" "${runs:-?}" "${cov:-?}" "${ft:-?}"
  else
    printf 'fuzz %-13s executions=%s cov=%s ft=%s crashes=1 (status %s)\n' \
      "$target" "${runs:-?}" "${cov:-?}" "${ft:-?}" "$status"
    grep -a -E 'ERROR|fuzz check failed|SUMMARY|Test unit written' "$log" | head -20 >&2 || true
  fi
  return "$status"
}

command=${1:-}
seconds=${2:-600}
case "$command" in
  list)
    printf '%s\n' "${targets[@]}"
    ;;
  build)
    build_library
    for target in "${targets[@]}"; do build_target "$target"; done
    ;;
  all)
    build_library
    for target in "${targets[@]}"; do build_target "$target"; done
    failed=0
    for target in "${targets[@]}"; do run_target "$target" "$seconds" || failed=1; done
    exit "$failed"
    ;;
  "" | -h | --help)
    sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'
    ;;
  *)
    source_of "$command" >/dev/null
    build_library
    build_target "$command"
    run_target "$command" "$seconds"
    ;;
esac
