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
# UPSCALE=1 fills up to COUNT with generated photos of 12 to 24 MP instead: distinct smaller
# corpus photos (at least 0.8 MP, decodable, none of photos/derived, one per camera and size),
# enlarged by libvips (Lanczos3) and saved at quality 90 with 4:2:0 chroma and their metadata,
# EXIF orientation included, in the temporary folder (labelled "generated" in the list);
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
upscale=${UPSCALE:-0}

fail() { echo "renditions.sh: $*" >&2; exit 1; }
[ -x "$photolib" ] || fail "no photolib binary at '${1:-$root/.build/release/photolib}' (run 'make build')"
[ -f "$corpus/ground-truth.json" ] || fail "no corpus at $corpus (set PHOTOLIB_CORPUS)"
for tool in vipsthumbnail djpeg perl $([ "$upscale" = 1 ] && echo vips vipsheader); do
    command -v "$tool" >/dev/null || fail "$tool is missing (run 'make bench-deps')"
done
[ -x /usr/bin/time ] || fail "/usr/bin/time is missing (apt-get install time)"

work=$(mktemp -d "${TMPDIR:-/tmp}/photolib-renditions-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# COUNT photos: those of at least MIN_MEGAPIXELS by name, then the largest others (ties by
# name), each printed as "megapixels width x height path"; copied flat into a fresh library.
# With UPSCALE=1 the others are distinct photos (one per camera and unordered size, rotated
# ones first among equals), each printed as "megapixels width x height path scale", scale
# being what takes it to its share of 12 to 24 MP.
mapfile -t listed < <(perl -MJSON::PP -e '
    local $/; open my $in, "<", $ARGV[0] or die "$ARGV[0]: $!";
    my ($min, $count, $upscale) = @ARGV[1, 2, 3]; my $files = decode_json(<$in>)->{files};
    my @big = sort grep { $files->{$_}{megapixels} >= $min } keys %$files;
    my @rest = sort { $files->{$b}{megapixels} <=> $files->{$a}{megapixels} || $a cmp $b }
        grep { $files->{$_}{megapixels} < $min } keys %$files;
    if ($upscale) {
        my %rotated = map { $_ => 1 } 5 .. 8; my %seen;
        @rest = grep {
            my $f = $files->{$_}; my @size = sort { $a <=> $b } $f->{width}, $f->{height};
            !$seen{join "/", @size, $f->{make} // "", $f->{model} // ""}++
        } sort {
            $files->{$b}{megapixels} <=> $files->{$a}{megapixels}
                || ($rotated{$files->{$b}{orientation} // 1} // 0) <=> ($rotated{$files->{$a}{orientation} // 1} // 0)
                || $a cmp $b
        } grep {
            my $f = $files->{$_};
            $f->{megapixels} >= 0.8 && $f->{libjpeg_turbo_decode}{ok} && !m{^photos/derived/}
        } @rest;
    }
    my @chosen = grep { defined } (@big, @rest)[0 .. $count - 1];
    my $generated = @chosen - grep { $files->{$_}{megapixels} >= $min } @chosen;
    my $index = 0;
    for (@chosen) {
        my $f = $files->{$_};
        my $line = sprintf "%6.2f %5dx%-5d %s", $f->{megapixels}, $f->{width}, $f->{height}, $_;
        if ($upscale && $f->{megapixels} < $min) {
            my $target = 12 + ($generated > 1 ? 12 * $index++ / ($generated - 1) : 0);
            $line .= sprintf " %.4f", sqrt($target / $f->{megapixels});
        }
        print "$line\n";
    }
' "$corpus/ground-truth.json" "$min_megapixels" "$count" "$upscale")
[ "${#listed[@]}" -gt 0 ] || fail "no corpus photo listed in $corpus/ground-truth.json"
library=$work/library
mkdir -p "$library/photos" "$work/vipsthumbnail" "$work/results"
photos=()
shown=()
megapixels=0
big=0
for line in "${listed[@]}"; do
    read -r mp size photo scale <<<"$line"
    if [ -n "$scale" ]; then
        # Generated: the corpus photo enlarged, its metadata (EXIF orientation, ICC) kept.
        target=$library/photos/generated-${#photos[@]}-${photo//\//_}
        vips resize "$corpus/$photo" "$target[Q=90,subsample-mode=on]" "$scale" --kernel lanczos3
        width=$(vipsheader -f width "$target")
        height=$(vipsheader -f height "$target")
        mp=$(awk -v w="$width" -v h="$height" 'BEGIN { printf "%.2f", w * h / 1e6 }')
        shown+=("$(printf '%6.2f %5dx%-5d generated: %s enlarged %.2fx' "$mp" "$width" "$height" "$photo" "$scale")")
        big=$((big + 1))
    else
        cp "$corpus/$photo" "$library/photos/${photo//\//_}"
        shown+=("$line")
        if awk -v mp="$mp" -v min="$min_megapixels" 'BEGIN { exit !(mp >= min) }'; then big=$((big + 1)); fi
    fi
    photos+=("$photo")
    megapixels=$(awk -v sum="$megapixels" -v mp="$mp" 'BEGIN { print sum + mp }')
done
megapixels=$(printf '%.0f' "$megapixels")
generated=$(printf '%s\n' "${shown[@]}" | grep -c ' generated: ' || true)

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
        vipsthumbnail -s 1280 --export-profile srgb -o "$0/%s-preview.jpg[Q=82,strip]" "$1" || true
        vipsthumbnail -s 256 --export-profile srgb -o "$0/%s-thumbnail.jpg[Q=82,strip]" "$1" || true' "$work/vipsthumbnail"
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

if [ "$generated" -gt 0 ]; then
    echo "Renditions of ${#photos[@]} photos, all of ${min_megapixels}+ MP ($((${#photos[@]} - generated)) from the corpus, $generated generated: corpus photos enlarged to 12-24 MP, quality 90; $megapixels MP in all), $jobs jobs, median of $runs runs:"
else
    echo "Renditions of ${#photos[@]} corpus photos ($big of ${min_megapixels}+ MP, the others the largest below; $megapixels MP in all), $jobs jobs, median of $runs runs:"
fi
printf '  %s\n' "${shown[@]}"
printf '%-44s %8s %8s %10s\n' tool "wall s" "CPU s" "peak RSS"
row() { printf '%-44s %8.2f %8.2f %7d MB\n' "$1" "$(median "$2" 1)" "$(median "$2" 2)" $(( $(median "$2" 3) / 1024 )); }
row "photolib render --force (both renditions)" photolib
row "vipsthumbnail -s 1280 + -s 256 (--export-profile srgb)" vips
row "djpeg -scale 1/2 (decode floor)" djpeg
awk -v vips="$(median vips 1)" -v wall="$(median photolib 1)" -v cpu="$(median photolib 2)" -v djpeg="$(median djpeg 2)" -v vipscpu="$(median vips 2)" 'BEGIN {
    speedup = vips / wall; ratio = cpu / djpeg
    printf "vipsthumbnail wall / photolib wall: %.2fx (goal >= 4x: %s)\n", speedup, (speedup >= 4 ? "met" : "NOT met")
    printf "vipsthumbnail CPU / photolib CPU:   %.2fx (less dependent on the other load of a shared machine)\n", vipscpu / cpu
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
