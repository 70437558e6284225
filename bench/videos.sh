#!/usr/bin/env bash
# Video poster benchmark (issue 28): photolib making the thumbnail and the preview of each of
# COUNT clips from its poster frame, against what people use instead: ffmpegthumbnailer run
# twice per clip (-s 256, then -s 1280), and ffmpeg seeking and taking one frame twice
# (-ss OFFSET -frames:v 1, scaled to 256 and 1280), the faster of the two.
#
#   bench/videos.sh [PHOTOLIB]      PHOTOLIB defaults to .build/release/photolib
#
# Environment: COUNT (default 8) clips of CLIP_SECONDS (default 10) s at SIZE (default 1920x1080),
# 30 fps, H.264 with a key frame a second as phones write them, made by ffmpeg in a
# temporary folder (every other one stored turned, with a display matrix, as a phone held
# upright records); RUNS (default 5; the median of each is reported). One clip at a time for
# every tool (photolib with --jobs 1), so that the figures compare per-clip work.
# First the metadata-only index of the clips (`index --no-renditions`, a fresh library each
# run) against `exiftool -fast -json -r` on the same folder (goal: 20x, wall and CPU), over
# METADATA_COPIES (default 1) hard-linked copies of the clips so that a run of hundreds of
# clips, where neither tool's start-up dominates, costs no more encoding; then
# the posters. Goal: photolib at least 2x faster than the faster of the others, wall time.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
photolib=$(realpath "${1:-$root/.build/release/photolib}" 2>/dev/null || true)
count=${COUNT:-8}
seconds=${CLIP_SECONDS:-10}
size=${SIZE:-1920x1080}
runs=${RUNS:-5}
source "$root/bench/lib.sh"

fail() { echo "videos.sh: $*" >&2; exit 1; }
[ -x "$photolib" ] || fail "no photolib binary at '${1:-$root/.build/release/photolib}' (run 'make build')"
need ffmpeg ffmpeg
need ffmpegthumbnailer ffmpegthumbnailer
need python3 python3
need exiftool libimage-exiftool-perl
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (apt-get install time)"

work=$(mktemp -d "${TMPDIR:-/tmp}/photolib-videos-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
library=$work/library
mkdir -p "$library/clips" "$work/out"

for ((i = 0; i < count; i++)); do
    clip=$library/clips/clip-$i.mp4
    ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=size=$size:rate=30:duration=$seconds" \
        -c:v libx264 -preset veryfast -g 30 -pix_fmt yuv420p "$work/plain.mp4"
    if ((i % 2)); then
        ffmpeg -nostdin -loglevel error -y -i "$work/plain.mp4" -c copy -metadata:s:v:0 rotate=90 "$clip"
    else
        mv "$work/plain.mp4" "$clip"
    fi
done
rm -f "$work/plain.mp4"

# 1. Metadata-only index of the clips (a fresh library each run) against exiftool -fast.
copies=${METADATA_COPIES:-1}
meta=$work/metadata
for ((c = 0; c < copies; c++)); do
    mkdir -p "$meta/copy$c"
    ln "$library"/clips/*.mp4 "$meta/copy$c/"
done
clips=$((count * copies))
"$photolib" init "$meta" >/dev/null
find "$library/clips" -type f -exec cat {} + >/dev/null   # warm the page cache for every tool alike
measure index "$runs" "rm -rf '$meta/.photolib'; '$photolib' init '$meta' >/dev/null" \
    "$photolib" index --library "$meta" --no-renditions
measure exiftool "$runs" "" exiftool -fast -json -r "$meta"
assets=$("$photolib" list --library "$meta" --kind video --ids | wc -l)
[ "$assets" -eq "$clips" ] || fail "index made $assets video assets of $clips clips"
echo "clips: $count of ${seconds}s at $size, H.264 (every other one turned), $(du -sh "$library/clips" | cut -f1);" \
    "metadata read from $copies hard-linked copies of each"
"$photolib" init "$library" >/dev/null
"$photolib" index --library "$library" --no-renditions >/dev/null

# What each tool does for all clips, one clip at a time.
photolib_posters() { cd "$library" && "$photolib" render --force --jobs 1; }
thumbnailer_both() {
    local clip
    for clip in "$library"/clips/*.mp4; do
        ffmpegthumbnailer -i "$clip" -o "$work/out/t.jpg" -s 256 -q 8
        ffmpegthumbnailer -i "$clip" -o "$work/out/p.jpg" -s 1280 -q 8
    done
}
# ffmpeg at the offset photolib starts from (min(1 s, a tenth)), autorotated as it does by default.
ffmpeg_both() {
    local clip offset
    offset=$(awk -v s="$seconds" 'BEGIN { print (s / 10 < 1 ? s / 10 : 1) }')
    for clip in "$library"/clips/*.mp4; do
        ffmpeg -nostdin -loglevel error -y -ss "$offset" -i "$clip" -frames:v 1 \
            -vf "scale=256:256:force_original_aspect_ratio=decrease" "$work/out/t.jpg"
        ffmpeg -nostdin -loglevel error -y -ss "$offset" -i "$clip" -frames:v 1 \
            -vf "scale=1280:1280:force_original_aspect_ratio=decrease" "$work/out/p.jpg"
    done
}
export -f photolib_posters thumbnailer_both ffmpeg_both
export library photolib work seconds

photolib_posters >/dev/null 2>&1
made=$(cd "$library" && "$photolib" render --force --jobs 1 2>&1 | tail -1)
echo "photolib render: $made"
measure photolib "$runs" "" bash -c photolib_posters
measure thumbnailer "$runs" "" bash -c thumbnailer_both
measure ffmpeg "$runs" "" bash -c ffmpeg_both

printf '%-34s %10s %10s %10s\n' "metadata of $clips clips" "wall ms" "CPU ms" "ms/clip"
printf '%-34s %10s %10s %10s\n' "photolib index --no-renditions" "${ms[index]}" "${cpu[index]}" \
    "$(awk -v t="${ms[index]}" -v n="$clips" 'BEGIN { printf "%.2f", t / n }')"
printf '%-34s %10s %10s %10s\n' "exiftool -fast -json -r" "${ms[exiftool]}" "${cpu[exiftool]}" \
    "$(awk -v t="${ms[exiftool]}" -v n="$clips" 'BEGIN { printf "%.2f", t / n }')"
echo "photolib vs exiftool: wall $(ratio "${ms[exiftool]}" "${ms[index]}")x," \
    "CPU $(ratio "${cpu[exiftool]}" "${cpu[index]}")x faster (goal >= 20x)"
echo
printf '%-34s %10s %10s %10s\n' "tool (thumbnail + preview)" "wall ms" "CPU ms" "ms/clip"
for name in photolib thumbnailer ffmpeg; do
    label=$name
    [ "$name" = photolib ] && label="photolib render --force --jobs 1"
    [ "$name" = thumbnailer ] && label="ffmpegthumbnailer -s 256, -s 1280"
    [ "$name" = ffmpeg ] && label="ffmpeg -ss -frames:v 1, twice"
    printf '%-34s %10s %10s %10s\n' "$label" "${ms[$name]}" "${cpu[$name]}" "$((ms[$name] / count))"
done
fastest=thumbnailer
[ "${ms[ffmpeg]}" -lt "${ms[thumbnailer]}" ] && fastest=ffmpeg
echo "photolib vs $fastest: wall $(ratio "${ms[$fastest]}" "${ms[photolib]}")x," \
    "CPU $(ratio "${cpu[$fastest]}" "${cpu[photolib]}")x faster (goal >= 2x)"
