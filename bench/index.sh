#!/usr/bin/env bash
# Metadata indexing speed: photolib vs exiftool on the same 10,000 files, in one run.
#
#   bench/index.sh [PHOTOLIB_BINARY] [FILES]
#
# Copies ../shared/corpus/photos (as hard links) until there are FILES files (default 10000),
# then times, warm cache:
#   1. photolib init + index --no-renditions (a fresh catalog each run, all cores)
#   2. exiftool -fast -json -r over the same tree (one process, as people run it)
#   3. photolib index of the unchanged tree (the incremental case)
# and prints the ratios: exiftool / photolib (goal >= 20) and re-index / first index (goal < 5%).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(realpath "${1:-$here/../.build/release/photolib}")
files=${2:-10000}
need exiftool libimage-exiftool-perl
photos=$(corpus_photos)

work=$(mktemp -d /tmp/photolib-bench-index.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$work/lib
mkdir -p "$lib"
per_copy=$(find "$photos" -type f | wc -l)
copies=$(((files + per_copy - 1) / per_copy))
for ((c = 0; c < copies; c++)); do cp -al "$photos" "$lib/copy$(printf %03d $c)"; done
# Trim to exactly FILES files.
find "$lib" -type f | sort | tail -n +$((files + 1)) | xargs -r rm -f
count=$(find "$lib" -type f | wc -l)
find "$lib" -type f -exec cat {} + >/dev/null   # warm the page cache for every tool alike

echo "photolib index bench: $count files ($(du -sh --apparent-size "$lib" | cut -f1)), $(nproc) cores, warm cache"
first=$(median_ms 3 "rm -rf '$lib/.photolib'; '$bin' init '$lib' >/dev/null" "$bin" index --library "$lib" --no-renditions)
reindex=$(median_ms 5 "" "$bin" index --library "$lib" --no-renditions)
exif=$(median_ms 1 "" exiftool -fast -json -r "$lib")
assets=$("$bin" list --library "$lib" --ids | wc -l)

printf '%-44s %8s ms\n' "photolib index --no-renditions (first)" "$first" \
    "photolib index (unchanged tree)" "$reindex" "exiftool -fast -json -r" "$exif"
echo "assets in catalog: $assets"
echo "exiftool / photolib first index: $(ratio "$exif" "$first")x (goal >= 20x)"
echo "re-index / first index: $(awk -v a="$reindex" -v b="$first" 'BEGIN { printf "%.1f%%", 100 * a / b }') (goal < 5%)"
