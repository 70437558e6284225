#!/usr/bin/env bash
# Peek speed in a large library: wall time of `photolib peek` of one asset whose preview
# exists, in a catalog of 100,000 assets (goal: well under 50 ms).
#
#   bench/peek.sh [PHOTOLIB_BINARY] [ASSETS]
#
# Builds the library from SampleLibrary/ (hard links, so it costs no disk), indexes it once,
# makes the preview of one photo with a first peek (untimed), then times, warm cache, the
# median of 21 runs of each: peek --json by short id, by path, and with the kitty picture.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(realpath "${1:-$here/../.build/release/photolib}")
assets=${2:-100000}
sample=$here/../SampleLibrary

work=$(mktemp -d /tmp/photolib-bench-peek.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$work/lib
mkdir -p "$lib/tutorial"
cp "$sample/2015/bordeaux-art.jpg" "$lib/tutorial/"
per_copy=$(find "$sample" -name '*.jpg' | wc -l)
copies=$(((assets - 1 + per_copy - 1) / per_copy))
mkdir -p "$lib/copies"
for ((c = 0; c < copies; c++)); do
    mkdir "$lib/copies/$c"
    find "$sample" -name '*.jpg' -exec ln {} "$lib/copies/$c/" \;
done
# Trim to exactly ASSETS files.
find "$lib/copies" -type f | sort | tail -n +"$assets" | xargs -r rm -f
"$bin" init "$lib" >/dev/null
start=$(date +%s%N)
"$bin" index --library "$lib" >/dev/null
index_ms=$((($(date +%s%N) - start) / 1000000))
count=$("$bin" list --library "$lib" --ids | wc -l)
target=$lib/tutorial/bordeaux-art.jpg
short=$("$bin" list --library "$lib" --format '{shortId} {relativePath}' | awk '$2 == "tutorial/bordeaux-art.jpg" { print $1 }')
"$bin" peek --library "$lib" "$short" --json >/dev/null   # makes the preview

echo "photolib peek bench: $count assets (indexed in $index_ms ms), $(nproc) cores, warm cache, median of 21"
json=$(median_ms 21 "" "$bin" peek --library "$lib" "$short" --json)
bypath=$(median_ms 21 "" "$bin" peek --library "$lib" "$target" --json)
kitty=$(median_ms 21 "" "$bin" peek --library "$lib" "$short" --image kitty --height 24)
version=$(median_ms 21 "" "$bin" --version)
printf '%-52s %6s ms\n' "peek $short --json" "$json" "peek <path> --json" "$bypath" \
    "peek $short --image kitty (decode + encode picture)" "$kitty" "photolib --version (process start)" "$version"
echo "goal: peek well under 50 ms"
