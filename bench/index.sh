#!/usr/bin/env bash
# Metadata indexing speed: photolib vs exiftool on the same 10,000 files, in one run.
#
#   bench/index.sh [PHOTOLIB_BINARY] [FILES]
#
# Copies ../shared/corpus/photos (as hard links) until there are FILES files (default 10000),
# then times, warm cache:
#   1. photolib init + index --no-renditions (a fresh catalog each run, all cores)
#   2. exiftool -fast -json -r over the same tree (one process, as people run it)
#   3. photolib index of the unchanged tree (the incremental case), beside
#   4. find -type f -printf '%s %T@\n' (one stat per file: the floor of a re-index)
# and prints the ratios: exiftool / photolib (goal >= 20), re-index / find (goal <= 1.5, wall
# and CPU: the machine may be shared) and the peak RSS of both index runs (flat in the files).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(realpath "${1:-$here/../.build/release/photolib}")
files=${2:-10000}
need exiftool libimage-exiftool-perl
need python3 python3
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
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }
# Wall and CPU time from the same runs (measure, in lib.sh), as bench/scale.sh reports them.
measure first 11 "rm -rf '$lib/.photolib'; '$bin' init '$lib' >/dev/null" "$bin" index --library "$lib" --no-renditions
measure reindex 5 "" "$bin" index --library "$lib" --no-renditions
measure find 5 "" find "$lib" -type f -printf '%s %T@\n'
measure exiftool 1 "" exiftool -fast -json -r "$lib"
assets=$("$bin" list --library "$lib" --ids | wc -l)

printf '%-44s %8s ms wall %8s ms CPU\n' "photolib index --no-renditions (first)" "${ms[first]}" "${cpu[first]}" \
    "photolib index (unchanged tree)" "${ms[reindex]}" "${cpu[reindex]}" \
    "find -type f -printf '%s %T@'" "${ms[find]}" "${cpu[find]}" \
    "exiftool -fast -json -r" "${ms[exiftool]}" "${cpu[exiftool]}"
echo "assets in catalog: $assets; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "exiftool / photolib first index: $(ratio "${ms[exiftool]}" "${ms[first]}")x (goal >= 20x)"
reindex_line reindex find
echo "peak RSS: first index $((rss[first] / 1024)) MB, re-index $((rss[reindex] / 1024)) MB (goal < 120 MB at any size)"
