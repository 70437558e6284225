#!/usr/bin/env bash
# Formats benchmark (issue 13): photolib's renditions and metadata-only index of HEIF, PNG and
# RAW files against the tools people would use instead, on the same files, one run each
# (short: a few seconds). Wall seconds; ratio = the other tool's time / photolib's.
#
#   bench/formats.sh [PHOTOLIB]      PHOTOLIB defaults to .build/release/photolib
#
# Environment: PHOTOLIB_CORPUS (default ../shared/corpus: its formats/ folder), COPIES (each
# HEIF and PNG copied this many times, each copy made distinct, default 5, so that process
# start-up does not dominate; the RAWs once: a CRW's directory is at its end), RAW_COPIES (hard
# links of each RAW for `render --force`, default 10; wall and CPU, best of ROUNDS, default 3),
# META_FILES (default 1000), JOBS (default 1: every tool gets one core; xargs runs the per-file
# tools).
# Per format: HEIF thumbnail+preview against heif-thumbnailer (embedded thumbnail; -p primary
# image at 1280) and vipsthumbnail (256 and 1280); RAW previews against dcraw_emu -h and
# exiftool -b -JpgFromRaw/-PreviewImage piped into vipsthumbnail; PNG against vipsthumbnail;
# metadata-only index against exiftool -n -json -fast -r per format on META_FILES (default 1000)
# hard links of each format's files; the HEIF thumbnail alone
# (render --kind thumbnail: the embedded thumbnail) against heif-thumbnailer and vipsthumbnail.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
photolib=$(realpath "${1:-$root/.build/release/photolib}" 2>/dev/null || true)
corpus=${PHOTOLIB_CORPUS:-$root/../shared/corpus}
copies=${COPIES:-5}
jobs=${JOBS:-1}

fail() { echo "formats.sh: $*" >&2; exit 1; }
[ -x "$photolib" ] || fail "no photolib binary at '${1:-$root/.build/release/photolib}' (run 'make build')"
[ -x /usr/bin/time ] || fail "GNU time is missing (run 'make bench-deps')"
[ -d "$corpus/formats" ] || fail "no corpus formats/ folder at $corpus (set PHOTOLIB_CORPUS)"
for tool in heif-thumbnailer vipsthumbnail vips heif-enc dcraw_emu exiftool; do
    command -v "$tool" >/dev/null || fail "$tool is missing (run 'make bench-deps')"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/photolib-formats-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
out="$work/out"
mkdir -p "$out"

# Each format's files in its own library, COPIES times under new names.
fill() {
    local name=$1 count=$2
    shift 2
    mkdir -p "$work/$name"
    for file in "$@"; do
        for copy in $(seq 1 "$count"); do
            # Renditions are cached by content: each copy gets its own trailing bytes (after
            # IEND or the last HEIF box, which readers ignore), so each is really decoded.
            cp "$file" "$work/$name/$copy-$(basename "$file")"
            [ "$count" -eq 1 ] || printf 'copy %d' "$copy" >>"$work/$name/$copy-$(basename "$file")"
        done
    done
    "$photolib" init "$work/$name" >/dev/null
}
f=$corpus/formats
fill heif "$copies" "$f/IMG_8565.HEIC" "$f/iphone_13_pro_max.HEIC"
fill png "$copies" "$f/exif.png" "$f/uncompressed_rgb.png" "$f/pil123rgba.png" "$f/hopper.png"
fill raw 1 "$f/CRW_0304.CRW" "$f/DC0008L.KDC"
# RAW renditions on RAW_COPIES hard links of each raw (a CRW cannot be made distinct: its
# directory's offset is its last four bytes), timed as `render --force` after an untimed
# `index --no-renditions`: every asset is decoded again, whatever its fingerprint.
raw_copies=${RAW_COPIES:-10}
mkdir -p "$work/rawmany"
for file in "$f/CRW_0304.CRW" "$f/DC0008L.KDC"; do
    for copy in $(seq 1 "$raw_copies"); do ln "$file" "$work/rawmany/$copy-$(basename "$file")"; done
done
"$photolib" init "$work/rawmany" >/dev/null
"$photolib" index --library "$work/rawmany" --no-renditions >/dev/null 2>&1

seconds() {
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
ratio() { printf '%.2f' "$(echo "$1 / $2" | bc -l)"; }
report() { printf '%-34s %8.3f s   %6sx\n' "$1" "$2" "${3:--}"; }

files() { find "$work/$1" -maxdepth 1 -type f | sort; }
# Each file's command goes on when one fails (xargs stops at a command's status 255, which
# vipsthumbnail gives a RAW without an embedded preview).
per_file() { files "$1" | xargs -P "$jobs" -I{} sh -c "{ $2; } || :" >/dev/null 2>&1; }

echo "files: $(files heif | wc -l) HEIF, $(files png | wc -l) PNG, $(files raw | wc -l) RAW; jobs $jobs"
echo
for format in heif png raw; do
    own=$(seconds "$photolib" index --library "$work/$format" --jobs "$jobs")
    report "photolib index+renditions ($format)" "$own"
    case $format in
    heif)
        t=$(seconds per_file heif "heif-thumbnailer -s 256 {} $out/t.png && heif-thumbnailer -p -s 1280 {} $out/p.png")
        report "heif-thumbnailer 256 + -p 1280" "$t" "$(ratio "$t" "$own")"
        ;;
    raw)
        t=$(seconds per_file "$format" "dcraw_emu -h -Z - {} > $out/x.ppm")
        report "dcraw_emu -h" "$t" "$(ratio "$t" "$own")"
        t=$(seconds per_file "$format" "(exiftool -b -PreviewImage {}; exiftool -b -JpgFromRaw {}) | vipsthumbnail stdin -s 1280 -o $out/x.jpg")
        report "exiftool preview | vipsthumbnail" "$t" "$(ratio "$t" "$own")"
        ;;
    esac
    if [ "$format" = heif ] || [ "$format" = png ]; then
        t=$(seconds per_file "$format" "vipsthumbnail {} -s 256 --export-profile srgb -o $out/%s-t.jpg && vipsthumbnail {} -s 1280 --export-profile srgb -o $out/%s-p.jpg")
        report "vipsthumbnail 256 + 1280" "$t" "$(ratio "$t" "$own")"
    fi
done

# RAW renditions on the hard links, wall and CPU (user + system, children included) of one
# run, best of ROUNDS (default 3) rounds that take each tool in turn (a shared machine's load
# then weighs on each alike).
timed() { /usr/bin/time -o "$work/time" -f '%e %U %S' "$@" >/dev/null 2>&1 || true; awk '{ print $1, $2 + $3 }' "$work/time"; }
files rawmany >"$work/rawmany.list"
rawmany_each() { timed xargs -a "$work/rawmany.list" -P "$jobs" -I{} sh -c "{ $1; } || :"; }
declare -A best_wall best_cpu
for _ in $(seq 1 "${ROUNDS:-3}"); do
    for tool in photolib dcraw exiftool; do
        case $tool in
        photolib) read -r w c < <(timed "$photolib" render --force --library "$work/rawmany" --jobs "$jobs") ;;
        dcraw) read -r w c < <(rawmany_each "dcraw_emu -h -Z - {} > $out/x.ppm") ;;
        exiftool) read -r w c < <(rawmany_each "(exiftool -b -PreviewImage {}; exiftool -b -JpgFromRaw {}) | vipsthumbnail stdin -s 1280 -o $out/x.jpg") ;;
        esac
        if [ -z "${best_wall[$tool]:-}" ] || [ "$(echo "$w < ${best_wall[$tool]}" | bc -l)" = 1 ]; then best_wall[$tool]=$w; fi
        if [ -z "${best_cpu[$tool]:-}" ] || [ "$(echo "$c < ${best_cpu[$tool]}" | bc -l)" = 1 ]; then best_cpu[$tool]=$c; fi
    done
done
echo
printf '%-34s %8s %8s   %8s %8s\n' "RAW renditions, best of ${ROUNDS:-3}" wall ratio CPU ratio
for tool in photolib dcraw exiftool; do
    case $tool in
    photolib) label="photolib render --force ($(wc -l <"$work/rawmany.list") RAW)" ;;
    dcraw) label="dcraw_emu -h" ;;
    exiftool) label="exiftool preview | vipsthumbnail" ;;
    esac
    printf '%-34s %6.2f s %7sx   %6.2f s %7sx\n' "$label" "${best_wall[$tool]}" \
        "$(ratio "${best_wall[$tool]}" "${best_wall[photolib]}")" "${best_cpu[$tool]}" \
        "$(ratio "${best_cpu[$tool]}" "${best_cpu[photolib]}")"
done

# Metadata only, on a tree big enough that neither tool's start-up counts: each format's files
# (the corpus's and ones made from SampleLibrary's JPEGs with heif-enc and vips) hard
# linked until there are META_FILES of each; photolib init + index --no-renditions (best of 3,
# a fresh catalog each, one core) against exiftool -n -json -fast -r on the same folder.
echo
meta=$work/meta
mkdir -p "$meta/made"
samples=$(find "$root/SampleLibrary" -name '*.jpg' | sort | head -n 6)
for jpeg in $samples; do
    name=$(basename "$jpeg" .jpg)
    heif-enc -q 60 "$jpeg" -o "$meta/made/$name.heic" >/dev/null 2>&1 || true
    vips copy "$jpeg" "$meta/made/$name.png" 2>/dev/null || true
done
meta_files=${META_FILES:-1000}
meta_tree() {
    local format=$1
    shift
    local sources=("$@") n=0
    mkdir -p "$meta/$format"
    while [ "$n" -lt "$meta_files" ]; do
        dir="$meta/$format/$(printf '%04d' $((n / 100)))"
        mkdir -p "$dir"
        for file in "${sources[@]}"; do
            [ "$n" -lt "$meta_files" ] || break
            [ -f "$file" ] || continue
            ln "$file" "$dir/$n-$(basename "$file")" 2>/dev/null || cp "$file" "$dir/$n-$(basename "$file")"
            n=$((n + 1))
        done
    done
}
meta_tree heif "$f/IMG_8565.HEIC" "$f/iphone_13_pro_max.HEIC" "$meta"/made/*.heic
meta_tree png "$f/exif.png" "$f/uncompressed_rgb.png" "$f/pil123rgba.png" "$f/hopper.png" \
    "$f/exif_imagemagick_orientation.png" "$f/xmp_tags_orientation_exiftool.png" "$meta"/made/*.png
meta_tree raw "$f/CRW_0304.CRW" "$f/DC0008L.KDC"
find "$meta" -type f -exec cat {} + >/dev/null # a warm page cache for both tools
# Wall time, and CPU time (user + system, GNU time) since the machine may be shared.
cpu() { /usr/bin/time -o "$work/time" -f '%U %S' "$@" >/dev/null 2>&1 || true; awk '{ s = $1 + $2; print (s < 0.01 ? 0.01 : s) }' "$work/time"; }
printf '%-24s %9s %9s %7s   %9s %9s %7s\n' "metadata only, one core" "photolib" exiftool "wall" "photolib" exiftool "CPU"
for format in heif png raw; do
    own=
    for _ in 1 2 3; do
        rm -rf "$meta/$format/.photolib"
        "$photolib" init "$meta/$format" >/dev/null
        s=$(seconds "$photolib" index --library "$meta/$format" --no-renditions --jobs 1)
        if [ -z "$own" ] || [ "$(echo "$s < $own" | bc -l)" = 1 ]; then own=$s; fi
    done
    t=$(seconds exiftool -n -json -fast -r "$meta/$format")
    rm -rf "$meta/$format/.photolib"
    "$photolib" init "$meta/$format" >/dev/null
    own_cpu=$(cpu "$photolib" index --library "$meta/$format" --no-renditions --jobs 1)
    t_cpu=$(cpu exiftool -n -json -fast -r "$meta/$format")
    printf '%-24s %7.3f s %7.3f s %6sx   %7.2f s %7.2f s %6sx\n' "$meta_files $format files" "$own" "$t" \
        "$(ratio "$t" "$own")" "$own_cpu" "$t_cpu" "$(ratio "$t_cpu" "$own_cpu")"
done
echo "(goal: exiftool / photolib at least 20x; load average $(cut -d' ' -f1-3 /proc/loadavg))"

# The thumbnail alone (what the browser's grid asks for): from a HEIF's embedded thumbnail
# when it is big enough, as heif-thumbnailer and vipsthumbnail do.
echo
own=$(seconds "$photolib" render --kind thumbnail --library "$work/heif" --jobs "$jobs")
report "photolib render --kind thumbnail" "$own"
t=$(seconds per_file heif "heif-thumbnailer -s 256 {} $out/t.png")
report "heif-thumbnailer -s 256" "$t" "$(ratio "$t" "$own")"
t=$(seconds per_file heif "vipsthumbnail {} -s 256 -o $out/%s-t.jpg")
report "vipsthumbnail -s 256" "$t" "$(ratio "$t" "$own")"
