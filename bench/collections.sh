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
largest=$("$bin" collections --json --library "$lib" | python3 -c '
import json, sys
cities = [c for c in json.load(sys.stdin) if c["kind"] == "city"]
print(max(cities, key=lambda c: c["count"])["name"])')
ids() { "$bin" list --library "$lib" --ids "$@" | wc -l; }
collections=$(median_ms 5 "" "$bin" collections --library "$lib")
json=$(median_ms 5 "" "$bin" collections --json --library "$lib")
bordeaux=$(median_ms 5 "" "$bin" list --city Bordeaux --ids --library "$lib")
common=$(median_ms 5 "" "$bin" list --city "$largest" --ids --library "$lib")
year=$(median_ms 5 "" "$bin" list --collection 2012 --ids --library "$lib")
version=$(median_ms 5 "" "$bin" --version)

echo "photolib collections bench: $assets assets ($(ids --trashed) trashed), $("$bin" collections --json --library "$lib" | grep -c '"kind"') collections, $(nproc) cores, warm cache, median of 5"
printf '%-56s %6s ms\n' "photolib --version (process start)" "$version" \
    "photolib collections" "$collections" "photolib collections --json" "$json" \
    "photolib list --city Bordeaux --ids ($(ids --city Bordeaux) ids)" "$bordeaux" \
    "photolib list --city '$largest' --ids ($(ids --city "$largest") ids)" "$common" \
    "photolib list --collection 2012 --ids ($(ids --collection 2012) ids)" "$year"
