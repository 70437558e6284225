#!/usr/bin/env bash
# Colour benchmark (issue 27): how far photolib's previews are from libvips' colour-managed
# ones, per set of photos, and what the conversion costs.
#
#   bench/colour.sh [PHOTOLIB]      PHOTOLIB defaults to .build/release/photolib
#
# Sets, made from COUNT (default 8) corpus camera JPEGs (or SampleLibrary's photos without a
# corpus) by libvips' icc_transform: Adobe RGB, ColorMatch RGB and ProPhoto JPEGs, CMYK JPEGs
# (ghostscript's SWOP profile), Display P3 HEICs (heif-enc, profile in colr prof), a gray
# JPEG with an L* gray profile; and the corpus' own HEICs (iPhones, Display P3) as they are.
# Each photo is indexed by photolib; its preview is compared with
# `vipsthumbnail --size 1280x1280 --export-profile srgb`, both reduced to 64 pixels wide by
# area averaging (vips shrink), as CIE76 ΔE: per set the mean of the photos' mean ΔE and the
# largest 95th percentile. Goal: mean ≤ 1.0, p95 ≤ 3.
# Then the cost: `render --force` CPU time (perf's task-clock, the median of RUNS, default 3)
# on COST_COUNT (default 24) corpus JPEGs reduced to COST_SIZE (default 2048) pixels, or at
# their own size with COST_SIZE=0 (the corpus' photos of 8 MP or more), against the same
# photos in Adobe RGB, and on P3 HEICs against the same pixels encoded without a
# profile: the difference is the conversion's share.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
photolib=$(realpath "${1:-$root/.build/release/photolib}" 2>/dev/null || true)
corpus=${PHOTOLIB_CORPUS:-$root/../shared/corpus}
count=${COUNT:-8}
runs=${RUNS:-3}

fail() { echo "colour.sh: $*" >&2; exit 1; }
[ -x "$photolib" ] || fail "no photolib binary at '${1:-$root/.build/release/photolib}' (run 'make build')"
for tool in vips vipsthumbnail heif-enc python3 perf; do
    command -v "$tool" >/dev/null || fail "$tool is missing (run 'make bench-deps')"
done
python3 -c 'import numpy' 2>/dev/null || fail "python3-numpy is missing"
profile() {
    local name
    for name in "/usr/share/color/icc/colord/$1" "/usr/share/color/icc/$1" "/usr/share/color/icc/ghostscript/$1"; do
        [ -e "$name" ] && { echo "$name"; return; }
    done
    fail "profile $1 is missing (colord-data, icc-profiles-free, libgs-common)"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/photolib-colour-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The sources: the corpus' camera JPEGs, else SampleLibrary's, each reduced to 2048 pixels
# wide first (the previews are 1280; heif-enc would take minutes on a full-size photo).
mapfile -t originals < <(
    if [ -d "$corpus/photos/digicam-corpus" ]; then
        find "$corpus/photos/digicam-corpus" -iname '*.jpg' | sort | head -n "$count"
    else
        find "$root/SampleLibrary" -iname '*.jpg' | sort | head -n "$count"
    fi)
[ "${#originals[@]}" -gt 0 ] || fail "no source photos"
mkdir -p "$work/sources"
sources=()
for original in "${originals[@]}"; do
    reduced="$work/sources/${#sources[@]}.jpg"
    vips thumbnail "$original" "$reduced[Q=95]" 2048 --export-profile srgb 2>/dev/null || continue
    sources+=("$reduced")
done

make_set() {  # make_set NAME SUFFIX PROFILE
    local name=$1 suffix=$2 target=$3 i=0 source
    mkdir -p "$work/sets/$name"
    for source in "${sources[@]}"; do
        i=$((i + 1))
        case $suffix in
            heic)
                vips icc_transform "$source" "$work/sets/$name/$i.png" "$target" 2>/dev/null
                heif-enc -q 90 "$work/sets/$name/$i.png" -o "$work/sets/$name/$i.heic" >/dev/null 2>&1
                rm "$work/sets/$name/$i.png" ;;
            *) vips icc_transform "$source" "$work/sets/$name/$i.$suffix[Q=92]" "$target" 2>/dev/null ;;
        esac
    done
}
echo "colour.sh: ${#sources[@]} source photos; making the sets" >&2
make_set adobe-rgb jpg "$(profile AdobeRGB1998.icc)"
make_set colormatch jpg "$(profile ColorMatchRGB.icc)"
make_set prophoto jpg "$(profile ProPhotoRGB.icc)"
make_set cmyk-swop jpg "$(profile default_cmyk.icc)"
make_set gray-lstar jpg "$(profile Gray-CIE_L.icc)"
make_set p3-heic heic p3
if compgen -G "$corpus/formats/*.HEIC" >/dev/null; then
    mkdir -p "$work/sets/iphone-heic"
    cp "$corpus"/formats/*.HEIC "$work/sets/iphone-heic/"
fi

# ΔE of every photo of a set: photolib's preview against vipsthumbnail's.
compare_set() {
    local name=$1 library=$work/libraries/$1 file preview
    mkdir -p "$library" "$work/oracle/$name"
    cp -r "$work/sets/$name/." "$library/"
    "$photolib" init "$library" >/dev/null
    "$photolib" --library "$library" index >/dev/null 2>"$work/$name.stderr" || true
    "$photolib" --library "$library" list --format '{relativePath}	{renditions.preview.path}' >"$work/$name.list" 2>/dev/null ||
        "$photolib" --library "$library" list --jsonl | python3 -c '
import json, sys
for line in sys.stdin:
    a = json.loads(line); print(a["relativePath"] + "\t" + a["renditions"]["preview"]["path"])' >"$work/$name.list"
    while IFS=$'\t' read -r file preview; do
        vipsthumbnail "$library/$file" --size 1280x1280 --export-profile srgb -o "$work/oracle/$name/$file.jpg[Q=95]"
        echo "$preview	$work/oracle/$name/$file.jpg"
    done <"$work/$name.list" >"$work/$name.pairs"
    python3 - "$work/$name.pairs" "$name" <<'PY'
import os, re, subprocess, sys, tempfile
import numpy as np
def pixels(path, width=64):
    with tempfile.TemporaryDirectory() as folder:
        header = subprocess.run(["vipsheader", "-f", "width", path], capture_output=True, text=True, check=True)
        factor = int(header.stdout) / width
        out = os.path.join(folder, "small.ppm")
        subprocess.run(["vips", "shrink", path, out, str(factor), str(factor)], check=True)
        data = open(out, "rb").read()
        # P6 header: magic, width, height, maxval (libvips adds a comment line after the magic)
        data = re.sub(rb"#[^\n]*\n", b"", data, count=1)
        parts = data.split(maxsplit=4)
        w, h = int(parts[1]), int(parts[2])
        return np.frombuffer(parts[4][: w * h * 3], dtype=np.uint8).reshape(h, w, 3).astype(float) / 255
def lab(rgb):
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = linear @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)
means, p95s = [], []
for line in open(sys.argv[1]):
    made, expected = line.rstrip("\n").split("\t")
    a, b = pixels(made), pixels(expected)
    h = min(a.shape[0], b.shape[0])
    d = np.sqrt(((lab(a[:h]) - lab(b[:h])) ** 2).sum(-1)).ravel()
    means.append(d.mean()); p95s.append(np.percentile(d, 95))
print(f"{sys.argv[2]:<14} {len(means):>3} photos  mean ΔE {np.mean(means):5.2f} (worst photo {max(means):5.2f})  "
      f"p95 worst {max(p95s):5.2f}  {'met' if np.mean(means) <= 1 and max(p95s) <= 3 else 'NOT met'}")
PY
}

echo
echo "ΔE of photolib's preview against vipsthumbnail --export-profile srgb (64 px, CIE76)"
for set in "$work"/sets/*; do compare_set "$(basename "$set")"; done

# CPU milliseconds of `render --force` on a library of FILES..., the median of RUNS.
render_cpu() {
    local library=$work/cpu/$1 run
    shift
    mkdir -p "$library"
    cp "$@" "$library/"
    "$photolib" init "$library" >/dev/null
    "$photolib" --library "$library" index --no-renditions >/dev/null 2>&1
    for run in $(seq "$runs"); do
        perf stat -x, -e task-clock -- "$photolib" --library "$library" render --force --jobs 1 2>&1 >/dev/null |
            awk -F, '$3 == "task-clock" { print $1 }'
    done | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# The cost set: more photos than the colour sets, so that start-up is a small part. Both
# halves are saved at the same quality from the same pixels, so that only the profile differs.
# COST_SIZE=0 takes the corpus photos of 8 MP or more (bench/renditions.sh's JPEG set) at
# their own size instead.
mkdir -p "$work/cost/srgb" "$work/cost/adobe" "$work/cost/reduced"
cost_size=${COST_SIZE:-2048}
mapfile -t cost_originals < <(
    if [ "$cost_size" = 0 ] && [ -f "$corpus/ground-truth.json" ]; then
        python3 -c 'import json, sys
files = json.load(open(sys.argv[1]))["files"]
for name in sorted(n for n, f in files.items() if (f.get("megapixels") or 0) >= 8):
    print(sys.argv[2] + "/" + name)' "$corpus/ground-truth.json" "$corpus" | head -n "${COST_COUNT:-24}"
    elif [ -d "$corpus/photos" ]; then
        find "$corpus/photos" -iname '*.jpg' | sort | head -n "${COST_COUNT:-24}"
    else
        find "$root/SampleLibrary" -iname '*.jpg' | sort | head -n "${COST_COUNT:-24}"
    fi)
for original in "${cost_originals[@]}"; do
    i=$(ls "$work/cost/srgb" | wc -l)
    reduced=$work/cost/reduced/$i.jpg
    if [ "$cost_size" = 0 ]; then
        vips icc_transform "$original" "$reduced[Q=95]" srgb --embedded 2>/dev/null || continue
    else
        vips thumbnail "$original" "$reduced[Q=95]" "$cost_size" --export-profile srgb 2>/dev/null || continue
    fi
    vips copy "$reduced" "$work/cost/srgb/$i.jpg[Q=92]" 2>/dev/null
    vips icc_transform "$reduced" "$work/cost/adobe/$i.jpg[Q=92]" "$(profile AdobeRGB1998.icc)" 2>/dev/null
done

echo
echo "Conversion cost: render --force CPU ms (task-clock), one job, median of $runs"
plain=$(render_cpu jpeg-srgb "$work"/cost/srgb/*)
converted=$(render_cpu jpeg-adobe "$work"/cost/adobe/*)
mkdir -p "$work/sets/p3-bare"
i=0
for source in "${sources[@]}"; do
    i=$((i + 1))
    vips icc_transform "$source" "$work/sets/p3-bare/$i.png" p3 2>/dev/null
    vips copy "$work/sets/p3-bare/$i.png" "$work/sets/p3-bare/$i-bare.png[strip]"
    heif-enc -q 90 "$work/sets/p3-bare/$i-bare.png" -o "$work/sets/p3-bare/$i.heic" >/dev/null 2>&1
    rm "$work/sets/p3-bare/"*.png
done
heic_plain=$(render_cpu heic-bare "$work"/sets/p3-bare/*.heic)
heic_converted=$(render_cpu heic-p3 "$work"/sets/p3-heic/*.heic)
awk -v n="$(ls "$work/cost/srgb" | wc -l)" -v a="$plain" -v b="$converted" -v c="$heic_plain" -v d="$heic_converted" 'BEGIN {
    printf "JPEG (%d photos): sRGB %.0f ms, Adobe RGB %.0f ms: conversion %.1f%% of rendition CPU (goal <= 5%%)\n", n, a, b, (b - a) / b * 100
    printf "HEIC: no profile %.0f ms, Display P3 %.0f ms: conversion %.1f%% of rendition CPU (goal <= 5%%)\n", c, d, (d - c) / d * 100
}'
echo "load: $(uptime | sed 's/.*load average/load average/')"
