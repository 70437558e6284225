#!/usr/bin/env bash
# First-index memory benchmark (issue 26, item 20): the peak resident memory of a first
# `photolib index` that makes renditions, at the default --jobs (all cores), on a generated tree
# of COUNT large photos in one FORMAT. The goal is under 200 MB (a 2-core machine peaked at
# 381 MB).
#
#   bench/first-index-memory.sh [PHOTOLIB]      PHOTOLIB defaults to .build/release/photolib
#
# Environment: FORMAT (jpeg, the default; png, webp, heic, tiff), COUNT (default 300) photos of
# WIDTH x HEIGHT (default 5600 x 4000, 22.4 MP), FOLDERS (default 10) folders they are spread
# over, JOBS (default: photolib's own default), KEEP=1 to keep the tree (printed) for a second
# look. The photos are one picture libvips makes (smoothed noise: megabytes of entropy data as
# a camera's), saved once in FORMAT: JPEG at quality 90 4:2:0, PNG (libvips' defaults), lossy
# WebP at quality 90, HEIC by heif-enc (quality 90) from the PNG, TIFF uncompressed 8-bit RGB in
# one strip (written here: the worst case for a reader that holds a strip). Each copy is made
# distinct by bytes no decoder reads (a JPEG comment segment after SOI, a PNG tEXt chunk after
# IHDR, an unknown WebP chunk in the extended format, a HEIF `free` box at the end, the TIFF's
# ImageDescription), so that every one is decoded and gets renditions of its own (renditions
# are named by the content hash). Peak RSS is /usr/bin/time's %M: the largest of photolib and
# of any child it waited for.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
photolib=$(realpath "${1:-$root/.build/release/photolib}" 2>/dev/null || true)
count=${COUNT:-300}
width=${WIDTH:-5600}
height=${HEIGHT:-4000}
folders=${FOLDERS:-10}
format=${FORMAT:-jpeg}

fail() { echo "first-index-memory.sh: $*" >&2; exit 1; }
[ -x "$photolib" ] || fail "no photolib binary at '${1:-$root/.build/release/photolib}' (run 'make build')"
case "$format" in
jpeg | png | webp | tiff) ;;
heic) command -v heif-enc >/dev/null || fail "heif-enc is missing (apt-get install libheif-examples)" ;;
*) fail "FORMAT must be jpeg, png, webp, heic or tiff, not '$format'" ;;
esac
for tool in vips python3 /usr/bin/time; do command -v "$tool" >/dev/null || fail "$tool is missing"; done

work=$(mktemp -d "${TMPDIR:-/tmp}/photolib-first-index.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
lib=$work/library
mkdir -p "$lib"

vips gaussnoise "$work/noise.v" "$width" "$height" --mean 128 --sigma 60
vips gaussblur "$work/noise.v" "$work/blur.v" 1.2
vips colourspace "$work/blur.v" "$work/gray.v" b-w
vips bandjoin "$work/gray.v $work/blur.v $work/gray.v" "$work/rgb.v"
vips cast "$work/rgb.v" "$work/base.v" uchar
case "$format" in
jpeg) vips copy "$work/base.v" "$work/base.jpg[Q=90,subsample-mode=on]" ;;
png) vips copy "$work/base.v" "$work/base.png" ;;
webp) vips copy "$work/base.v" "$work/base.webp[Q=90,strip]" ;;
heic)
    vips copy "$work/base.v" "$work/base.png"
    heif-enc -q 90 -o "$work/base.heic" "$work/base.png" >/dev/null
    rm -f "$work/base.png"
    ;;
tiff) vips rawsave "$work/base.v" "$work/base.raw" ;;
esac
rm -f "$work"/*.v
python3 - "$format" "$work"/base.* "$lib" "$count" "$folders" "$width" "$height" <<'PY'
import os, struct, sys, zlib
format, base, lib = sys.argv[1], sys.argv[2], sys.argv[3]
count, folders, width, height = map(int, sys.argv[4:8])
data = open(base, 'rb').read()
extension = {'jpeg': 'jpg', 'png': 'png', 'webp': 'webp', 'heic': 'heic', 'tiff': 'tif'}[format]

def chunk(kind, payload):  # a PNG chunk
    return struct.pack('>I', len(payload)) + kind + payload + struct.pack('>I', zlib.crc32(kind + payload))

def tiff(description):  # baseline RGB, uncompressed, one strip; `data` is the raw pixels
    text = description + b'\0'
    entries = [(256, 4, 1, width), (257, 4, 1, height), (258, 3, 3, None), (259, 3, 1, 1), (262, 3, 1, 2),
               (270, 2, len(text), None), (273, 4, 1, None), (277, 3, 1, 3), (278, 4, 1, height),
               (279, 4, 1, len(data)), (284, 3, 1, 1)]
    ifd_size = 2 + 12 * len(entries) + 4
    bits_at = 8 + ifd_size
    text_at = bits_at + 6
    pixels_at = text_at + len(text)
    out = bytearray(b'II*\0' + struct.pack('<I', 8) + struct.pack('<H', len(entries)))
    for tag, kind, n, value in entries:
        value = {258: bits_at, 270: text_at, 273: pixels_at}.get(tag, value)
        packed = struct.pack('<HI', value, 0)[:4] if kind == 3 and n == 1 else struct.pack('<I', value)
        out += struct.pack('<HHI', tag, kind, n) + packed
    out += struct.pack('<I', 0) + struct.pack('<HHH', 8, 8, 8) + text
    return bytes(out) + data

def distinct(n):
    mark = f'photolib first-index bench {n:05d}'.encode()
    if format == 'jpeg':
        assert data[:2] == b'\xff\xd8'
        return data[:2] + b'\xff\xfe' + (len(mark) + 2).to_bytes(2, 'big') + mark + data[2:]
    if format == 'png':
        return data[:33] + chunk(b'tEXt', b'Comment\0' + mark) + data[33:]
    if format == 'webp':
        assert data[:4] == b'RIFF' and data[8:12] == b'WEBP'
        body = data[12:]
        if body[:4] != b'VP8X':  # simple format: unknown chunks need the extended one
            canvas = (width - 1).to_bytes(3, 'little') + (height - 1).to_bytes(3, 'little')
            body = b'VP8X' + struct.pack('<I', 10) + bytes(4) + canvas + body
        body += b'PLBN' + struct.pack('<I', len(mark)) + mark + (b'\0' if len(mark) % 2 else b'')
        return b'RIFF' + struct.pack('<I', 4 + len(body)) + b'WEBP' + body
    if format == 'heic':
        return data + struct.pack('>I', 8 + len(mark)) + b'free' + mark
    return tiff(mark)

for n in range(count):
    folder = os.path.join(lib, f'{2000 + n % folders}')
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, f'IMG_{n:05d}.{extension}'), 'wb') as out:
        out.write(distinct(n))
PY
size=$(du -sm "$lib" | cut -f1)
echo "tree: $count $format files of ${width}x${height} ($(( width * height / 1000000 )) MP), ${size} MB, in $folders folders: $lib"

"$photolib" init "$lib" >/dev/null
jobs_arg=()
[ -n "${JOBS:-}" ] && jobs_arg=(--jobs "$JOBS")
/usr/bin/time -f '%e %U %S %M' -o "$work/time" "$photolib" index "${jobs_arg[@]}" --library "$lib" >"$work/out" 2>"$work/err" || true
read -r wall user sys peak <"$work/time"
echo "photolib index (first, with renditions, jobs ${JOBS:-default $(nproc)}): $(cat "$work/out")"
echo "wall ${wall} s, cpu $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }') s, peak RSS $(( peak / 1024 )) MB"
[ -s "$work/err" ] && { echo "stderr:"; head -5 "$work/err"; }
echo "load: $(uptime | sed 's/.*load average: //')"
