#!/usr/bin/env bash
# Collections on a large catalog: `collections` and `list --city NAME --ids` against
# 1,000,000 generated assets (goal: each under a second, answered by indexes).
#
#   bench/collections.sh [PHOTOLIB_BINARY] [ASSETS]
#
# The catalog is made through the core API (applyIndexChanges, as index writes) by the
# on-demand test CollectionsBenchmarkCatalog, then the binary is timed, warm cache, median of 5.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(realpath "${1:-$here/../.build/release/photolib}")
assets=${2:-1000000}

work=$(mktemp -d /tmp/photolib-bench-collections.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$work/lib
start=$(date +%s)
(cd "$here/.." && PHOTOLIB_COLLECTIONS_BENCH_LIBRARY=$lib PHOTOLIB_COLLECTIONS_BENCH_ASSETS=$assets \
    swift test --filter CollectionsBenchmarkCatalog 2>&1 | grep -E '^generated' || { echo "bench: generation failed" >&2; exit 1; })
echo "generation took $(($(date +%s) - start)) s; catalog $(du -h "$lib/.photolib/catalog.sqlite" | cut -f1)"

"$bin" collections --library "$lib" >/dev/null   # first open: WAL set-up, page cache
collections=$(median_ms 5 "" "$bin" collections --library "$lib")
json=$(median_ms 5 "" "$bin" collections --json --library "$lib")
bordeaux=$(median_ms 5 "" "$bin" list --city Bordeaux --ids --library "$lib")
rare=$(median_ms 5 "" "$bin" list --city "$("$bin" collections --json --library "$lib" | awk -F'"' '/"selector": "city:/ {sub("city:", "", $4); name = $4} END {print name}')" --ids --library "$lib")
year=$(median_ms 5 "" "$bin" list --collection 2012 --ids --library "$lib")
version=$(median_ms 5 "" "$bin" --version)

printf '%-44s %8s\n' "assets" "$("$bin" list --ids --trashed --library "$lib" | wc -l) trashed of $assets"
printf '%-44s %8s ms\n' "photolib --version (process start)" "$version" \
    "photolib collections" "$collections" "photolib collections --json" "$json" \
    "photolib list --city Bordeaux --ids ($("$bin" list --city Bordeaux --ids --library "$lib" | wc -l) ids)" "$bordeaux" \
    "photolib list --city <last city> --ids" "$rare" \
    "photolib list --collection 2012 --ids ($("$bin" list --collection 2012 --ids --library "$lib" | wc -l) ids)" "$year"
echo "collections listed: $("$bin" collections --json --library "$lib" | grep -c '"kind"')"
