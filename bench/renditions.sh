#!/usr/bin/env bash
# Renditions benchmark (issues 3 and 16): photolib making a thumbnail and a preview of COUNT
# big corpus photos, against vipsthumbnail making the same two and against the decode floor
# (djpeg -scale 1/2, the least decoding a 1280-pixel preview of an 8 MP photo needs).
#
#   bench/renditions.sh [PHOTOLIB]      PHOTOLIB defaults to .build/release/photolib
#
# Environment: PHOTOLIB_CORPUS (default ../shared/corpus), JOBS (default: all cores),
# COUNT (default 20) photos: those of MIN_MEGAPIXELS (default 8) or more, in name order, and
# when there are fewer than COUNT of them the largest others fill up (the list is printed);
# RUNS (default 5; the median run of each tool is reported); CALLGRIND=1 also counts the
# instructions of one run of photolib (one job) and of djpeg on every file under valgrind's
# callgrind, which unlike CPU seconds does not depend on what else the machine is doing.
# Every tool gets the whole batch in one run with all cores: photolib through
# 'render --force --jobs N', the others through 'xargs -P N'. Wall and CPU seconds (user+sys)
# come from /usr/bin/time; peak RSS is its %M, which for xargs is the largest single process.
# Goals: photolib at least 4x faster than vipsthumbnail in wall time, and photolib's CPU
# seconds within 1.3x of djpeg's.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
photolib=$(realpath "${1:-$root/.build/release/photolib}" 2>/dev/null || true)
corpus=${PHOTOLIB_CORPUS:-$root/../shared/corpus}
jobs=${JOBS:-$(nproc)}
min_megapixels=${MIN_MEGAPIXELS:-8}
count=${COUNT:-20}
runs=${RUNS:-5}
callgrind=${CALLGRIND:-0}

fail() { echo "renditions.sh: $*" >&2; exit 1; }
[ -x "$photolib" ] || fail "no photolib binary at '${1:-$root/.build/release/photolib}' (run 'make build')"
[ -f "$corpus/ground-truth.json" ] || fail "no corpus at $corpus (set PHOTOLIB_CORPUS)"
for tool in vipsthumbnail djpeg perl; do
    command -v "$tool" >/dev/null || fail "$tool is missing (run 'make bench-deps')"
done
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (apt-get install time)"

work=$(mktemp -d "${TMPDIR:-/tmp}/photolib-renditions-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# COUNT photos: those of at least MIN_MEGAPIXELS by name, then the largest others (ties by
# name), each printed as "megapixels width x height path"; copied flat into a fresh library.
mapfile -t listed < <(perl -MJSON::PP -e '
    local $/; open my $in, "<", $ARGV[0] or die "$ARGV[0]: $!";
    my ($min, $count) = @ARGV[1, 2]; my $files = decode_json(<$in>)->{files};
    my @big = sort grep { $files->{$_}{megapixels} >= $min } keys %$files;
    my @rest = sort { $files->{$b}{megapixels} <=> $files->{$a}{megapixels} || $a cmp $b }
        grep { $files->{$_}{megapixels} < $min } keys %$files;
    my @chosen = (@big, @rest)[0 .. $count - 1];
    printf "%6.2f %5dx%-5d %s\n", $files->{$_}{megapixels}, $files->{$_}{width}, $files->{$_}{height}, $_
        for grep { defined } @chosen;
' "$corpus/ground-truth.json" "$min_megapixels" "$count")
[ "${#listed[@]}" -gt 0 ] || fail "no corpus photo listed in $corpus/ground-truth.json"
photos=()
for line in "${listed[@]}"; do photos+=("${line##* }"); done
big=$(printf '%s\n' "${listed[@]}" | awk -v min="$min_megapixels" '$1 >= min' | wc -l)
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

echo "Renditions of ${#photos[@]} corpus photos ($big of ${min_megapixels}+ MP, the others the largest below; $megapixels MP in all), $jobs jobs, median of $runs runs:"
printf '  %s\n' "${listed[@]}"
printf '%-44s %8s %8s %10s\n' tool "wall s" "CPU s" "peak RSS"
row() { printf '%-44s %8.2f %8.2f %7d MB\n' "$1" "$(median "$2" 1)" "$(median "$2" 2)" $(( $(median "$2" 3) / 1024 )); }
row "photolib render --force (both renditions)" photolib
row "vipsthumbnail -s 1280 + -s 256" vips
row "djpeg -scale 1/2 (decode floor)" djpeg
awk -v vips="$(median vips 1)" -v wall="$(median photolib 1)" -v cpu="$(median photolib 2)" -v djpeg="$(median djpeg 2)" 'BEGIN {
    speedup = vips / wall; ratio = cpu / djpeg
    printf "vipsthumbnail wall / photolib wall: %.2fx (goal >= 4x: %s)\n", speedup, (speedup >= 4 ? "met" : "NOT met")
    printf "photolib CPU / djpeg CPU:           %.2fx (goal <= 1.3x: %s)\n", ratio, (ratio <= 1.3 ? "met" : "NOT met")
}'

[ "$callgrind" = 1 ] || exit 0
echo "Counting instructions under callgrind (takes minutes)..." >&2
command -v valgrind >/dev/null || fail "CALLGRIND=1 needs valgrind"
# valgrind cannot read the DWARF of Swift binaries: count a copy without it (same code).
objcopy --strip-debug "$photolib" "$work/photolib-nodebug"
# A damaged photo makes photolib exit 2 and djpeg exit 2: count the instructions anyway.
instructions() {
    { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null || true; } \
        | awk '/Collected :/ { print $NF }'
}
photolib_count=$(cd "$library" && instructions "$work/photolib-nodebug" render --force --jobs 1)
djpeg_count=0
for photo in "$library"/photos/*; do
    djpeg_count=$((djpeg_count + $(instructions djpeg -scale 1/2 -outfile /dev/null "$photo")))
done
awk -v photolib="$photolib_count" -v djpeg="$djpeg_count" 'BEGIN {
    printf "callgrind instructions: photolib %.2f G (one process, one job), djpeg -scale 1/2 %.2f G (one process a photo)\n", photolib / 1e9, djpeg / 1e9
    printf "photolib instructions / djpeg instructions: %.2fx\n", photolib / djpeg
}'
