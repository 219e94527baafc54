#!/usr/bin/env bash
# Builds the documentation site: one DocC archive per library module, each
# transformed for static hosting, and an index page that links them.
#   bash Tools/docs/build.sh OUTDIR
# Serve OUTDIR at the root of a web server (python3 -m http.server -d OUTDIR);
# set DOCS_BASE_PATH=/some/prefix when the site lives below the root.
# Uses only the toolchain: the compiler emits the public symbols of a debug
# build (Tools/docs/symbol-graphs.sh) and `docc convert` renders each
# module's catalog, Sources/<Module>/<Module>.docc.
# Any DocC warning (a broken symbol link, a bad topic) fails the build, and
# so does a file that still refers to a spec document outside the repository.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: bash Tools/docs/build.sh OUTDIR" >&2
  exit 2
fi
root="$(cd "$(dirname "$0")/../.." && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"
cd "$root"
# Every module with a catalog, Sources/<Module>/<Module>.docc; the umbrella first.
modules=(PayPhone)
for catalog in Sources/*/*.docc; do
  module="$(basename "$catalog" .docc)"
  if [ "$catalog" = "Sources/$module/$module.docc" ] && [ "$module" != PayPhone ]; then
    modules+=("$module")
  fi
done
base="${DOCS_BASE_PATH:-}"
base="${base%/}"

# The articles are the repository's own documents: nothing may point at the
# spec files they were written from, outside the repository.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  outside='\.\./shared|(^|[^A-Za-z_/])docs/[A-Za-z_-]+\.md|cli-contract\.md|(^|[^A-Za-z_-])(masks|card-brands|design|style)\.md'
  if git grep -nIE "$outside" -- . ':!Tools/docs/build.sh' >&2; then
    echo "docs: the lines above refer to documents outside the repository; point them at Sources/<Module>/<Module>.docc/" >&2
    exit 1
  fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

graphs="$work/symbol-graphs"
bash "$root/Tools/docs/symbol-graphs.sh" "$graphs" --skip-synthesized-members
for module in "${modules[@]}"; do
  if [ ! -s "$graphs/$module.symbols.json" ]; then
    echo "docs: no symbol graph for $module" >&2
    exit 1
  fi
done

warnings=0
for module in "${modules[@]}"; do
  mkdir -p "$work/graphs/$module"
  cp "$graphs/$module.symbols.json" "$work/graphs/$module/"
  for extra in "$graphs/$module"@*.symbols.json; do
    [ -e "$extra" ] && cp "$extra" "$work/graphs/$module/"
  done
  rm -rf "${out:?}/$module"
  status=0
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$work/graphs/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "payphone.$module" \
    --transform-for-static-hosting \
    --hosting-base-path "$base/$module" \
    --warnings-as-errors \
    --output-path "$out/$module" >"$work/$module.log" 2>&1 || status=$?
  count="$(grep -cE '(warning|error):' "$work/$module.log" || true)"
  if [ "$status" -ne 0 ] || [ "$count" -ne 0 ]; then
    cat "$work/$module.log" >&2
    warnings=$((warnings + count + (status != 0)))
  fi
done
if [ "$warnings" -ne 0 ]; then
  echo "docs: $warnings DocC diagnostic(s); fix them (the site is not done)" >&2
  exit 1
fi

{
  cat <<HTML
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>PayPhone documentation</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em}</style>
</head>
<body>
<h1>PayPhone documentation</h1>
<p>Phone numbers, cards, expiry dates, masks and text at a checkout, in Swift.
Start with <a href="$base/PayPhone/documentation/payphone/gettingstarted">Getting started</a>.</p>
<ul>
HTML
  for module in "${modules[@]}"; do
    lower="$(printf '%s' "$module" | tr '[:upper:]' '[:lower:]')"
    # The landing page's summary: its first paragraph after the title.
    summary="$(awk 'NR > 1 && NF == 0 && started { exit } NR > 1 && NF { started = 1; printf "%s ", $0 }' \
      "Sources/$module/$module.docc/$module.md" | sed 's/&/\&amp;/g; s/</\&lt;/g; s/ $//')"
    printf '<li><a href="%s/%s/documentation/%s">%s</a>: %s</li>\n' "$base" "$module" "$lower" "$module" "$summary"
  done
  cat <<HTML
</ul>
</body>
</html>
HTML
} >"$out/index.html"
echo "docs: ${#modules[@]} modules, 0 warnings, site in $out"
