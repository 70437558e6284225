#!/usr/bin/env bash
# `photolib similar` over a million fingerprints (goal: under 30 s on the 2-core machine).
#
#   bench/similar-scale.sh [PHOTOLIB_BINARY] [ASSETS]        ASSETS=1000000 by default
#   LIBRARY=DIR bench/similar-scale.sh [PHOTOLIB_BINARY]     time a catalog made before
#
# (Making a million assets takes 7 to 10 minutes; LIBRARY keeps them: the folder is made
# when missing and left in place.)
#
# The catalog is made through the core API (applyIndexChanges, as index writes) by the
# on-demand test SimilarBenchmarkCatalog: synthetic fingerprints, 90% unrelated pictures and
# 10% copies of one of them with 0 to 12 bits flipped in each of the two hashes. Then the
# binary is timed, warm cache: `similar --jsonl` (every group, written out) and `list --ids`
# (reading the catalog alone, for scale), wall and CPU time and peak RSS, median of RUNS (3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(realpath "${1:-$here/../.build/release/photolib}")
assets=${2:-1000000}
runs=${RUNS:-3}
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }

work=$(mktemp -d /tmp/photolib-bench-similar-scale.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=${LIBRARY:-$work/lib}
if [ ! -e "$lib/.photolib/catalog.sqlite" ]; then
    start=$(date +%s)
    (cd "$here/.." && PHOTOLIB_SIMILAR_BENCH_LIBRARY=$lib PHOTOLIB_SIMILAR_BENCH_ASSETS=$assets \
        swift test --skip-build --filter SimilarBenchmarkCatalog 2>&1 | grep -E '^generated' || { echo "bench: generation failed" >&2; exit 1; })
    echo "generation took $(($(date +%s) - start)) s"
fi
assets=$("$bin" list --ids --library "$lib" | wc -l)   # also the first open: WAL set-up, page cache
echo "catalog $(du -h "$lib/.photolib/catalog.sqlite" | cut -f1), $assets assets"

echo "photolib similar over $assets fingerprints: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), warm cache, median of $runs runs"
printf '%-40s %8s %8s %8s\n' "run" "wall ms" "CPU ms" "RSS MB"
measure similar "$runs" "" "$bin" similar --jsonl --library "$lib"
measure list "$runs" "" "$bin" list --ids --library "$lib"
groups=$("$bin" similar --jsonl --library "$lib" | wc -l)
printf '%-40s %8s %8s %8s\n' "similar --jsonl ($groups groups)" "${ms[similar]}" "${cpu[similar]}" "$((rss[similar] / 1024))" \
    "list --ids (the catalog read alone)" "${ms[list]}" "${cpu[list]}" "$((rss[list] / 1024))"
