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
floor=$(median_ms 5 "" find "$lib" -type f -printf '%s %T@\n')
exif=$(median_ms 1 "" exiftool -fast -json -r "$lib")
assets=$("$bin" list --library "$lib" --ids | wc -l)

# cpu_ms RUNS COMMAND...: median user+sys CPU time in ms (GNU time), and the last run's peak RSS in KB.
cpu_ms() {
    local runs=$1; shift
    local cpus=() out
    for ((i = 0; i < runs; i++)); do
        out=$( (/usr/bin/time -f '%U %S %M' "$@" 2>&1 >/dev/null || true) | tail -1)
        cpus+=($(awk '{ printf "%d", ($1 + $2) * 1000 }' <<<"$out"))
        rss=$(awk '{ print $3 }' <<<"$out")
    done
    printf '%s %s\n' "$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" "$rss"
}
read -r reindex_cpu reindex_rss < <(cpu_ms 5 "$bin" index --library "$lib" --no-renditions)
read -r floor_cpu _ < <(cpu_ms 5 find "$lib" -type f -printf '%s %T@\n')
rm -rf "$lib/.photolib"; "$bin" init "$lib" >/dev/null
read -r _ first_rss < <(cpu_ms 1 "$bin" index --library "$lib" --no-renditions)

printf '%-44s %8s ms\n' "photolib index --no-renditions (first)" "$first" \
    "photolib index (unchanged tree)" "$reindex" "find -type f -printf '%s %T@'" "$floor" \
    "exiftool -fast -json -r" "$exif"
echo "assets in catalog: $assets; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "exiftool / photolib first index: $(ratio "$exif" "$first")x (goal >= 20x)"
echo "re-index / find, wall: $(ratio "$reindex" "$floor")x; CPU (user+sys): $(ratio "$reindex_cpu" "$floor_cpu")x ($reindex_cpu ms / $floor_cpu ms) (goal <= 1.5x)"
echo "peak RSS: first index $((first_rss / 1024)) MB, re-index $((reindex_rss / 1024)) MB (goal < 120 MB at any size)"
