#!/usr/bin/env bash
# Browse speed in a large library, as a person sees it on the terminal: time from starting
# `photolib browse` to its first full screen of thumbnails, from a key press to the redrawn
# screen, and from Space to the peek with its picture, driven through a pseudo-terminal.
# Goals (issue 15): first grid under 150 ms at 100,000 assets whose renditions exist, a key
# press under 30 ms, a peek under 60 ms with the symbols renderer.
#
#   bench/browse.sh [PHOTOLIB_BINARY] [ASSETS] [RUNS]
#
# The library is SampleLibrary/ hard-linked into ASSETS files (no disk cost) and indexed once,
# which makes every rendition. The driver (bench/browse-driver/main.swift, built here with
# swiftc together with the tests' pseudo-terminal and screen model) starts browse at 80x24 and
# at 200x60, RUNS times each, and reads what it draws as a terminal would; a frame is complete
# when its synchronized update ends. Warm cache, symbols renderer, 2 picture threads.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(realpath "${1:-$here/../.build/release/photolib}")
assets=${2:-100000}
runs=${3:-5}
sample=$here/../SampleLibrary
support=$here/../Tests/photolibTests/Support

work=$(mktemp -d /tmp/photolib-bench-browse.XXXXXX)
trap 'rm -rf "$work"' EXIT
swiftc -O "$here/browse-driver/main.swift" "$support/PseudoTerminal.swift" "$support/ScreenModel.swift" \
    -o "$work/browse-driver"

lib=$work/lib
per_copy=$(find "$sample" -name '*.jpg' | wc -l)
copies=$(((assets + per_copy - 1) / per_copy))
mkdir -p "$lib/copies"
for ((c = 0; c < copies; c++)); do cp -al "$sample" "$lib/copies/$(printf '%05d' "$c")"; done
find "$lib/copies" -type f ! -name '*.jpg' -delete
find "$lib/copies" -type f | sort | tail -n +"$((assets + 1))" | xargs -r rm -f
"$bin" init "$lib" >/dev/null
start=$(date +%s%N)
"$bin" index --library "$lib" >/dev/null
index_ms=$((($(date +%s%N) - start) / 1000000))
count=$("$bin" list --library "$lib" --ids | wc -l)
version=$(median_ms 21 "" "$bin" --version)
collections=$(median_ms 11 "" "$bin" collections --library "$lib")
page=$(median_ms 11 "" "$bin" list --library "$lib" --limit 160 --ids)

echo "photolib browse bench: $count assets with renditions (indexed in $index_ms ms), $(nproc) cores, warm cache"
echo "for scale: photolib --version $version ms (process start); collections $collections ms; list --limit 160 $page ms"
for size in "80 24" "200 60"; do
    set -- $size
    echo
    echo "== ${1}x${2}, sorted by path (the default), $runs runs"
    "$work/browse-driver" "$bin" "$lib" "$1" "$2" "$runs"
done
echo
echo "== 200x60, --sort taken (keyset pages in two segments: dated, then undated), $runs runs"
"$work/browse-driver" "$bin" "$lib" 200 60 "$runs" --sort taken
echo
echo "goals: first frame under 150 ms; a key under 30 ms; peek under 60 ms"
