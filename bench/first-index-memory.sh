#!/usr/bin/env bash
# First-index memory benchmark (issue 26, item 20): the peak resident memory of a first
# `photolib index` that makes renditions, at the default --jobs (all cores), on a generated tree
# of COUNT large JPEGs. The goal is under 200 MB (a 2-core machine peaked at 381 MB).
#
#   bench/first-index-memory.sh [PHOTOLIB]      PHOTOLIB defaults to .build/release/photolib
#
# Environment: COUNT (default 300) photos of WIDTH x HEIGHT (default 5600 x 4000, 22.4 MP),
# FOLDERS (default 10) folders they are spread over, JOBS (default: photolib's own default),
# KEEP=1 to keep the tree (printed) for a second look. The photos are one picture libvips makes
# (smoothed noise, quality 90, 4:2:0: megabytes of entropy data as a camera's), each copy made
# distinct by a comment segment after SOI, so that every one is decoded and gets renditions of
# its own (renditions are named by the content hash). Peak RSS is /usr/bin/time's %M.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
photolib=$(realpath "${1:-$root/.build/release/photolib}" 2>/dev/null || true)
count=${COUNT:-300}
width=${WIDTH:-5600}
height=${HEIGHT:-4000}
folders=${FOLDERS:-10}

fail() { echo "first-index-memory.sh: $*" >&2; exit 1; }
[ -x "$photolib" ] || fail "no photolib binary at '${1:-$root/.build/release/photolib}' (run 'make build')"
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
vips copy "$work/base.v" "$work/base.jpg[Q=90,subsample-mode=on]"
rm -f "$work"/*.v
python3 - "$work/base.jpg" "$lib" "$count" "$folders" <<'PY'
import os, sys
base, lib, count, folders = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
data = open(base, 'rb').read()
assert data[:2] == b'\xff\xd8'
for n in range(count):
    folder = os.path.join(lib, f'{2000 + n % folders}')
    os.makedirs(folder, exist_ok=True)
    comment = f'photolib first-index bench {n}'.encode()
    segment = b'\xff\xfe' + (len(comment) + 2).to_bytes(2, 'big') + comment
    with open(os.path.join(folder, f'IMG_{n:05d}.jpg'), 'wb') as out:
        out.write(data[:2] + segment + data[2:])
PY
size=$(du -sm "$lib" | cut -f1)
echo "tree: $count JPEGs of ${width}x${height} ($(( width * height / 1000000 )) MP), ${size} MB, in $folders folders: $lib"

"$photolib" init "$lib" >/dev/null
jobs_arg=()
[ -n "${JOBS:-}" ] && jobs_arg=(--jobs "$JOBS")
/usr/bin/time -f '%e %U %S %M' -o "$work/time" "$photolib" index "${jobs_arg[@]}" --library "$lib" >"$work/out" 2>"$work/err" || true
read -r wall user sys peak <"$work/time"
echo "photolib index (first, with renditions, jobs ${JOBS:-default $(nproc)}): $(cat "$work/out")"
echo "wall ${wall} s, cpu $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }') s, peak RSS $(( peak / 1024 )) MB"
[ -s "$work/err" ] && { echo "stderr:"; head -5 "$work/err"; }
echo "load: $(uptime | sed 's/.*load average: //')"
