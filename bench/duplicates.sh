#!/usr/bin/env bash
# Duplicate finding: `photolib duplicates` against what people would use instead on the same
# tree: `fdupes -r -A` (size, then partial MD5, then a byte-for-byte compare) and `xxhsum -H2`
# over `find` (every file hashed whole, XXH3-128 as photolib does; grouping left to sort/uniq).
#
#   bench/duplicates.sh [PHOTOLIB_BINARY] [COPIES]
#
# Builds a tree of COPIES real copies (not hard links: fdupes would skip those) of the corpus
# photos, each copy a duplicate group, indexes it without renditions (so no content hash is
# known yet), and times one run of each, warm cache. photolib's run reads every file and
# stores the hashes; a second run (hashes known) only queries the catalog.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
need fdupes fdupes
need xxhsum xxhash
bin=$(realpath "${1:-$here/../.build/release/photolib}")
copies=${2:-4}
work=$(mktemp -d /tmp/photolib-bench-duplicates.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$work/lib
corpus_copies "$copies" "$lib"
"$bin" init "$lib" >/dev/null
"$bin" index --no-renditions --library "$lib" >/dev/null 2>&1 || true   # 2: some corpus photos are damaged on purpose
count=$("$bin" list --library "$lib" --ids | wc -l)
bytes=$(find "$lib" -path "$lib/.photolib" -prune -o -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
find "$lib" -path "$lib/.photolib" -prune -o -type f -exec cat {} + >/dev/null   # warm cache

photolib_cold=$(time_ms "$bin" duplicates --library "$lib")
photolib_warm=$(time_ms "$bin" duplicates --library "$lib")
fdupes_ms=$(time_ms fdupes -r -A "$lib")
xxhsum_ms=$(time_ms sh -c "find '$lib' -path '$lib/.photolib' -prune -o -type f -print0 | xargs -0 -P \"\$(nproc)\" -n 64 xxhsum -H2 | sort | uniq -D -w 32")

groups=$("$bin" duplicates --json --library "$lib" | grep -c '"contentHash"' || true)
fdupes_groups=$(fdupes -r -A "$lib" 2>/dev/null | awk 'BEGIN { g = 0; inside = 0 } /^$/ { inside = 0; next } { if (!inside) g++; inside = 1 } END { print g }')

echo "photolib duplicates bench: $count files, $((bytes / 1048576)) MiB, $copies copies of each photo, $(nproc) cores, warm cache, one run each"
printf '%-62s %7s ms\n' \
    "photolib duplicates (hashes every file, stores; $groups groups)" "$photolib_cold" \
    "photolib duplicates again (hashes known)" "$photolib_warm" \
    "fdupes -r ($fdupes_groups groups)" "$fdupes_ms" \
    "find | xargs -P xxhsum -H2 | sort | uniq -D (no grouping output)" "$xxhsum_ms"
echo "ratios: fdupes / photolib = $(ratio "$fdupes_ms" "$photolib_cold"), xxhsum / photolib = $(ratio "$xxhsum_ms" "$photolib_cold"), fdupes / photolib again = $(ratio "$fdupes_ms" "$photolib_warm")"
echo "throughput: photolib duplicates (first run) $(awk -v b="$bytes" -v t="$photolib_cold" 'BEGIN { printf "%.0f", (t > 0 ? b / 1048576 / (t / 1000) : 0) }') MiB/s, xxhsum $(awk -v b="$bytes" -v t="$xxhsum_ms" 'BEGIN { printf "%.0f", (t > 0 ? b / 1048576 / (t / 1000) : 0) }') MiB/s"
