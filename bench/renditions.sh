#!/usr/bin/env bash
# Renditions benchmark (issue 3): photolib making a thumbnail and a preview of every large
# corpus photo, against vipsthumbnail making the same two and against the decode floor
# (djpeg -scale 1/2, the least decoding any 1280-pixel preview needs).
#
#   bench/renditions.sh [PHOTOLIB]      PHOTOLIB defaults to .build/release/photolib
#
# Environment: PHOTOLIB_CORPUS (default ../shared/corpus), JOBS (default: all cores),
# MIN_MEGAPIXELS (default 8), RUNS (default 5; the median run of each tool is reported).
# Every tool gets the whole batch in one run with all cores: photolib through
# 'render --force --jobs N', the others through 'xargs -P N'. Wall and CPU seconds (user+sys)
# come from /usr/bin/time; peak RSS is its %M, which for xargs is the largest single process.
# Goals: photolib at least 2.5x faster than vipsthumbnail in wall time, and photolib's CPU
# seconds within 1.3x of djpeg's.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
photolib=$(realpath "${1:-$root/.build/release/photolib}" 2>/dev/null || true)
corpus=${PHOTOLIB_CORPUS:-$root/../shared/corpus}
jobs=${JOBS:-$(nproc)}
min_megapixels=${MIN_MEGAPIXELS:-8}
runs=${RUNS:-5}

fail() { echo "renditions.sh: $*" >&2; exit 1; }
[ -x "$photolib" ] || fail "no photolib binary at '${1:-$root/.build/release/photolib}' (run 'make build')"
[ -f "$corpus/ground-truth.json" ] || fail "no corpus at $corpus (set PHOTOLIB_CORPUS)"
for tool in vipsthumbnail djpeg perl; do
    command -v "$tool" >/dev/null || fail "$tool is missing (run 'make bench-deps')"
done
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (apt-get install time)"

work=$(mktemp -d "${TMPDIR:-/tmp}/photolib-renditions-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The photos of at least MIN_MEGAPIXELS, copied flat into a fresh library.
mapfile -t photos < <(perl -MJSON::PP -e '
    local $/; open my $in, "<", $ARGV[0] or die "$ARGV[0]: $!";
    my $files = decode_json(<$in>)->{files};
    print "$_\n" for sort grep { $files->{$_}{megapixels} >= $ARGV[1] } keys %$files;
' "$corpus/ground-truth.json" "$min_megapixels")
[ "${#photos[@]}" -gt 0 ] || fail "no corpus photo has $min_megapixels megapixels or more"
library=$work/library
mkdir -p "$library/photos" "$work/vipsthumbnail" "$work/results"
for photo in "${photos[@]}"; do cp "$corpus/$photo" "$library/photos/${photo//\//_}"; done
megapixels=$(perl -MJSON::PP -e '
    local $/; open my $in, "<", $ARGV[0] or die; my $files = decode_json(<$in>)->{files}; my $sum = 0;
    $sum += $files->{$_}{megapixels} for @ARGV[1..$#ARGV]; printf "%.0f", $sum;
' "$corpus/ground-truth.json" "${photos[@]}")

# Catalog the photos first, so that the timed run only makes renditions.
"$photolib" init "$library" >/dev/null
(cd "$library" && "$photolib" index --jobs "$jobs" --no-renditions >/dev/null)

# measure NAME FUNCTION: one timed run of an exported function below (through bash -c, the
# same small cost for every tool), appended to $work/results/NAME as "wall cpu rss_kb".
measure() {
    local name=$1
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" bash -c "$2" >/dev/null 2>&1 || true
    read -r wall user kernel rss < <(tail -n 1 "$work/time")
    awk -v wall="$wall" -v user="$user" -v kernel="$kernel" -v rss="$rss" 'BEGIN { print wall, user + kernel, rss }' >> "$work/results/$name"
}

photolib_render() { cd "$library" && "$photolib" render --force --jobs "$jobs"; }
vips_both() {
    printf '%s\0' "$library"/photos/* | xargs -0 -n 1 -P "$jobs" sh -c '
        vipsthumbnail -s 1280 -o "$0/%s-preview.jpg[Q=82,strip]" "$1" || true
        vipsthumbnail -s 256 -o "$0/%s-thumbnail.jpg[Q=82,strip]" "$1" || true' "$work/vipsthumbnail"
}
djpeg_floor() { printf '%s\0' "$library"/photos/* | xargs -0 -n 1 -P "$jobs" djpeg -scale 1/2 -outfile /dev/null; }
export photolib library work jobs
export -f photolib_render vips_both djpeg_floor

# Interleaved, so that a busy moment of the machine hits every tool alike.
for _ in $(seq "$runs"); do
    measure photolib photolib_render
    measure vips vips_both
    measure djpeg djpeg_floor
done
made=$(find "$library/.photolib/renditions" -name '*.jpg' | wc -l)
[ "$made" -eq $((2 * ${#photos[@]})) ] || fail "photolib made $made renditions for ${#photos[@]} photos"

# median NAME COLUMN: the median of one column over the runs.
median() { cut -d' ' -f"$2" "$work/results/$1" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "Renditions of ${#photos[@]} corpus photos of ${min_megapixels}+ MP ($megapixels MP in all), $jobs jobs, median of $runs runs"
printf '%-44s %8s %8s %10s\n' tool "wall s" "CPU s" "peak RSS"
row() { printf '%-44s %8.2f %8.2f %7d MB\n' "$1" "$(median "$2" 1)" "$(median "$2" 2)" $(( $(median "$2" 3) / 1024 )); }
row "photolib render --force (both renditions)" photolib
row "vipsthumbnail -s 1280 + -s 256" vips
row "djpeg -scale 1/2 (decode floor)" djpeg
awk -v vips="$(median vips 1)" -v wall="$(median photolib 1)" -v cpu="$(median photolib 2)" -v djpeg="$(median djpeg 2)" 'BEGIN {
    speedup = vips / wall; ratio = cpu / djpeg
    printf "vipsthumbnail wall / photolib wall: %.2fx (goal >= 2.5x: %s)\n", speedup, (speedup >= 2.5 ? "met" : "NOT met")
    printf "photolib CPU / djpeg CPU:           %.2fx (goal <= 1.3x: %s)\n", ratio, (ratio <= 1.3 ? "met" : "NOT met")
}'
