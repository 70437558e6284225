#!/usr/bin/env bash
# Limits (issue 6): hostile inputs and a huge folder, with wall time and peak RSS of each run.
#
#   bench/limits.sh [PHOTOLIB]      PHOTOLIB defaults to .build/release/photolib
#
# Environment: FILES (default 100000) files for the big-folder run; PHOTOLIB_CORPUS (default
# ../shared/corpus) for the pixel-limit file broken/sof_65500x65500.jpg (skipped without it).
# Needs python3 (to craft the inputs) and /usr/bin/time (GNU time, for %M: peak RSS in KiB).
# Every run must end with status 0, 1 (verify: problems found) or 2 (some files reported), never a crash.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
photolib=$(realpath "${1:-$root/.build/release/photolib}" 2>/dev/null || true)
corpus=${PHOTOLIB_CORPUS:-$root/../shared/corpus}
files=${FILES:-100000}

fail() { echo "limits.sh: $*" >&2; exit 1; }
[ -x "$photolib" ] || fail "no photolib binary at '${1:-$root/.build/release/photolib}' (run 'make build')"
[ -x /usr/bin/time ] || fail "/usr/bin/time not found (apt-get install time)"
command -v python3 >/dev/null || fail "python3 not found"

work=$(mktemp -d "${TMPDIR:-/tmp}/photolib-limits.XXXXXX")
trap 'rm -rf "$work"' EXIT

# measure LABEL COMMAND...: runs it, prints "LABEL: status S, T s, P MiB peak RSS" and the
# command's stderr lines (the files it reported); fails on a status other than 0 or 2.
measure() {
    local label=$1; shift
    local status=0
    /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err" || status=$?
    read -r seconds kib < <(tail -1 "$work/time")
    printf '%-34s status %d, %6.2f s, %6.1f MiB peak RSS\n' "$label:" "$status" "$seconds" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')"
    sed -n '1,5s/^/    /p' "$work/err"
    [ "$status" -le 2 ] || fail "$label ended with status $status"
}

echo "photolib limits: $("$photolib" --version | head -1), $(nproc) cores"

# 1. EXIF with absurd counts and offsets, 5 MB of extended XMP, a 5 MB sidecar.
lib=$work/hostile
mkdir -p "$lib"
python3 "$root/Scripts/limits/make-inputs.py" "$lib" | sed 's/^/    /'
"$photolib" init "$lib" >/dev/null
measure "index hostile metadata (3 files)" "$photolib" index --library "$lib"
"$photolib" list --library "$lib" --format '    {relativePath}: city {city}, damaged {damaged}'

# 2. The pixel limit: a 65500x65500 frame header is refused before any pixel buffer exists.
if [ -f "$corpus/broken/sof_65500x65500.jpg" ]; then
    lib=$work/huge
    mkdir -p "$lib" && cp "$corpus/broken/sof_65500x65500.jpg" "$lib/huge.jpg" && chmod 644 "$lib/huge.jpg"
    "$photolib" init "$lib" >/dev/null
    measure "index 65500x65500 header" "$photolib" index --library "$lib"
    measure "render 65500x65500 header" "$photolib" render --library "$lib"
else
    echo "pixel limit: skipped (no corpus at $corpus)"
fi

# 3. One folder of $files files, metadata only: a quarter are hard links to one small real JPEG
# (a thumbnail made above), the rest empty files, tiny non-JPEGs and JPEG headers cut short.
lib=$work/many
mkdir -p "$lib/inbox"
small=$(find "$work/hostile/.photolib/renditions" -name '*thumbnail*.jpg' | head -1)
python3 - "$lib/inbox" "$files" "$small" <<'PY'
import os, sys
folder, count, small = sys.argv[1], int(sys.argv[2]), sys.argv[3]
for index in range(count):
    kind = index % 4
    path = os.path.join(folder, f"IMG_{index:06d}.jpg")
    if kind == 3:
        os.link(small, path)
        continue
    with open(path, "wb") as file:
        if kind == 1:
            file.write(b"not a jpeg")
        elif kind == 2:
            file.write(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00")
PY
"$photolib" init "$lib" >/dev/null
measure "index $files files, first pass" "$photolib" index --no-renditions --library "$lib"
sed -n '$s/^/    /p' "$work/out"
measure "index $files files, again" "$photolib" index --no-renditions --library "$lib"
sed -n '$s/^/    /p' "$work/out"
measure "verify that library" "$photolib" verify --library "$lib"
sed -n '$s/^/    /p' "$work/out"
