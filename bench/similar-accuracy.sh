#!/usr/bin/env bash
# How often `photolib similar` is right: a labelled set built from the corpus photos, the
# precision/recall curve of the fingerprint distance over every pair, and the threshold that
# meets the goal (precision >= 0.98, recall >= 0.95) with the widest margin.
#
#   [SOURCES=40] [HEIC=1] [SET=DIR] bench/similar-accuracy.sh [PHOTOLIB_BINARY]
#
# Each source photo (the corpus's camera photos of 200 pixels or more a side, leaving out
# derived/, the damaged test files, all but one of each set of orientation examples, which
# are one picture, and the two files that are another's copy or burst frame) gets copies
# made with libvips and ImageMagick: resized by vipsthumbnail (to 1024 and 400 pixels),
# recompressed at quality 50 and 90, converted to WebP (and HEIC with HEIC=1), cropped by 2,
# 5 and 10% (centred), brightened and darkened by 15%, and stripped of metadata (at quality
# 75). A pair is positive when both come from one source, negative otherwise: among the
# negatives are frames of one camera (exif-samples/gps/DSCN00*, one scene minutes apart; the
# Canon HDR pair, 26 s apart). Fingerprints are those photolib stores when it indexes
# (renditions on), read from `list --jsonl`. The curve is printed twice: for the whole
# picture's hash alone, and for the fingerprint's distance `similar` uses (the nearest of
# whole/whole, whole/middle, middle/whole).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
need vipsthumbnail libvips-tools
[ -x /usr/bin/convert ] || { echo "bench: /usr/bin/convert not found (apt-get install imagemagick)" >&2; exit 1; }
need exiftool libimage-exiftool-perl
bin=$(realpath "${1:-$here/../.build/release/photolib}")
work=$(mktemp -d /tmp/photolib-bench-similar.XXXXXX)
trap 'rm -rf "$work"' EXIT
photos=$(corpus_photos)
# SET=DIR keeps the labelled set in DIR, or takes it from there when an earlier run made it
# (making it takes minutes on a loaded machine); the library's catalog is made afresh.
lib=${SET:-$work/lib}
mkdir -p "$lib"
rm -rf "$lib/.photolib"
if [ -z "${SET:-}" ] || [ -z "$(ls "$lib")" ]; then

n=0
while IFS= read -r -d '' source; do
    relative=${source#"$photos"/}
    case $relative in
        derived/* | exif-samples/invalid/* | exif-samples/tests/* | */corrupted.jpg) continue ;;
        exif-orientation-examples/*) [ "$relative" = exif-orientation-examples/Landscape_1.jpg ] || continue ;;
        exif-samples/orientation/*) [ "$relative" = exif-samples/orientation/portrait_1.jpg ] || continue ;;
        # The same photo as exif-samples/Canon_PowerShot_S40.jpg (one picture: not a negative).
        pillow/flower.jpg) continue ;;
        # A burst frame of iphone_hdr_NO.jpg, 0.53 s later: grouped as a burst, on purpose
        # (BurstCommandTests), so neither a near-duplicate nor a negative here.
        exif-samples/hdr/iphone_hdr_YES.jpg) continue ;;
    esac
    size=$(vipsheader -f width "$source" 2>/dev/null || echo 0)x$(vipsheader -f height "$source" 2>/dev/null || echo 0)
    width=${size%x*} height=${size#*x}
    [ "$width" -ge 200 ] && [ "$height" -ge 200 ] || continue
    [ "$n" -lt "${SOURCES:-40}" ] || break
    label=$(printf 's%03d' "$n")
    n=$((n + 1))
    dir=$lib/$label
    mkdir -p "$dir"
    # The source as it is, and upright, so that every copy starts from what a viewer shows.
    cp "$source" "$dir/original.jpg"
    # At most 1600 pixels a side: what exports and messengers send, and HEIC encoding of a
    # 26-megapixel picture takes minutes.
    /usr/bin/convert "$source" -auto-orient -resize '1600x1600>' "$work/upright.png"
    vipsthumbnail "$work/upright.png" -s 1024 -o "$dir/resized-1024.jpg[Q=80]" 2>/dev/null || true
    vipsthumbnail "$work/upright.png" -s 400 -o "$dir/resized-400.jpg[Q=75]" 2>/dev/null || true
    /usr/bin/convert "$work/upright.png" -quality 50 "$dir/q50.jpg"
    /usr/bin/convert "$work/upright.png" -quality 90 "$dir/q90.jpg"
    /usr/bin/convert "$work/upright.png" -quality 80 "$dir/converted.webp"
    # HEIC (x265) takes minutes a picture on a loaded 2-core machine: HEIC=1 to include it.
    [ "${HEIC:-0}" = 1 ] && { /usr/bin/convert "$work/upright.png" -quality 70 "$dir/converted.heic" 2>/dev/null || true; }
    for crop in 2 5 10; do
        keep=$((100 - crop))
        /usr/bin/convert "$work/upright.png" -gravity center -crop "${keep}%x${keep}%+0+0" +repage -quality 85 "$dir/crop-$crop.jpg"
    done
    /usr/bin/convert "$work/upright.png" -modulate 115 -quality 85 "$dir/brighter.jpg"
    /usr/bin/convert "$work/upright.png" -modulate 85 -quality 85 "$dir/darker.jpg"
    /usr/bin/convert "$source" -strip -auto-orient -quality 75 -resize '1600x1600>' "$dir/stripped.jpg"
done < <(find "$photos" -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) -print0 | sort -z)
fi

"$bin" init "$lib" >/dev/null
"$bin" index --library "$lib" >/dev/null 2>&1 || true
"$bin" list --jsonl --library "$lib" >"$work/assets.jsonl"

for mode in --whole-only --fingerprint; do
python3 - "$work/assets.jsonl" "$mode" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
# visualHash: 16 hex digits of the whole picture's pHash, then 16 of its centre's.
items = [(r["relativePath"].split("/")[0], r["relativePath"],
          (int(r["visualHash"][:16], 16), int(r["visualHash"][16:] or r["visualHash"][:16], 16)))
         for r in rows if r.get("visualHash")]
def bits(x):
    return bin(x).count("1")
def distance(a, b):
    """photolib's: the nearest of whole to whole, whole to centre and centre to whole."""
    return min(bits(a[0] ^ b[0]), bits(a[0] ^ b[1]), bits(a[1] ^ b[0]))
def whole_only(a, b):
    return bits(a[0] ^ b[0])
measure = whole_only if "--whole-only" in sys.argv else distance
missing = len(rows) - len(items)
sources = len({label for label, _, _ in items})
kinds = {}
for label, path, _ in items:
    kinds.setdefault(path.split("/")[1].rsplit(".", 1)[0], 0)
positives = negatives = 0
same = [0] * 65
different = [0] * 65
near_misses = []
for i in range(len(items)):
    for j in range(i + 1, len(items)):
        d = measure(items[i][2], items[j][2])
        if items[i][0] == items[j][0]:
            positives += 1
            same[d] += 1
        else:
            negatives += 1
            different[d] += 1
            if d <= 12:
                near_misses.append((d, items[i][1], items[j][1]))
print("distance:", "whole picture only" if measure is whole_only else "nearest of whole/whole, whole/centre, centre/whole")
print(f"labelled set: {sources} source photos, {len(items)} files ({missing} without a fingerprint), "
      f"{positives} positive pairs, {negatives} negative pairs")
print(f"{'threshold':>9} {'precision':>9} {'recall':>7} {'false +':>7} {'false -':>7}")
best = None
tp = fp = 0
for t in range(0, 21):
    tp += same[t]
    fp += different[t]
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / positives if positives else 0.0
    print(f"{t:>9} {precision:>9.4f} {recall:>7.4f} {fp:>7} {positives - tp:>7}")
    if precision >= 0.98 and recall >= 0.95:
        margin = min(precision - 0.98, recall - 0.95)
        if best is None or margin > best[1]:
            best = (t, margin)
print("goal (precision >= 0.98 and recall >= 0.95) met at thresholds with the widest margin:",
      best[0] if best else "none")
# Recall by kind of copy at each threshold near the choice: which edits the fingerprint misses.
by_kind = {}
originals = {label: h for label, path, h in items if path.endswith("/original.jpg")}
for label, path, h in items:
    if path.endswith("/original.jpg") or label not in originals:
        continue
    kind = path.split("/")[1].rsplit(".", 1)[0]
    by_kind.setdefault(kind, []).append(measure(h, originals[label]))
print("distance to the original by kind of copy (median / 95th percentile / max):")
for kind, ds in sorted(by_kind.items()):
    ds.sort()
    print(f"  {kind:<14} {ds[len(ds) // 2]:>3} {ds[min(len(ds) - 1, int(len(ds) * 0.95))]:>4} {ds[-1]:>4}")
print("closest pairs of different photos:")
for d, a, b in sorted(near_misses)[:8]:
    print(f"  {d:>3}  {a}  {b}")
PY
done
