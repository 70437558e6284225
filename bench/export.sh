#!/usr/bin/env bash
# Export speed: `photolib export` of a whole library into dated folders, against what people
# would use instead: `cp -r` (no names from metadata) and `rsync -a` (incremental, no names;
# with --fsync it syncs each file as export does).
#
#   bench/export.sh [PHOTOLIB_BINARY] [ASSETS]
#
# Builds the library from SampleLibrary/ (hard links, so the originals cost no disk; each copy
# is a distinct asset with a distinct short id), indexes it without renditions, then times one
# run of each, warm cache: the first export (every byte copied), and a second one where nothing
# changed (`export --update`, which only looks at the copies; `rsync -a`, which does the same
# by size and time).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
need rsync rsync
bin=$(realpath "${1:-$here/../.build/release/photolib}")
assets=${2:-2000}
sample=$here/../SampleLibrary

work=$(mktemp -d /tmp/photolib-bench-export.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$work/lib
per_copy=$(find "$sample" -name '*.jpg' | wc -l)
copies=$(((assets + per_copy - 1) / per_copy))
for ((c = 0; c < copies; c++)); do
    mkdir -p "$lib/copies/$c"
    find "$sample" -name '*.jpg' -exec ln {} "$lib/copies/$c/" \;
done
find "$lib/copies" -type f | sort | tail -n +"$((assets + 1))" | xargs -r rm -f
"$bin" init "$lib" >/dev/null
"$bin" index --no-renditions --library "$lib" >/dev/null
count=$("$bin" list --library "$lib" --ids | wc -l)
bytes=$(find "$lib/copies" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
cat "$lib"/copies/*/* >/dev/null   # warm cache

export_first=$(time_ms "$bin" export "$work/out" --library "$lib" --directory '{takenAt:%Y:-undated}/{takenAt:%m:-00}' \
    --filename '{baseName}-{shortId}')
export_update=$(time_ms "$bin" export "$work/out" --update --library "$lib" \
    --directory '{takenAt:%Y:-undated}/{takenAt:%m:-00}' --filename '{baseName}-{shortId}')
cp_first=$(time_ms cp -r "$lib/copies" "$work/cp")
rsync_first=$(time_ms rsync -a "$lib/copies/" "$work/rsync/")
rsync_again=$(time_ms rsync -a "$lib/copies/" "$work/rsync/")
# Export syncs each copy before its name appears (a crash never leaves a half copy under a
# photo's name); rsync does that with --fsync.
rsync_fsync=$(time_ms rsync -a --fsync "$lib/copies/" "$work/rsync-fsync/")
exported=$(find "$work/out" -type f | wc -l)

echo "photolib export bench: $count assets, $((bytes / 1048576)) MiB, $(nproc) cores, warm cache, one run each"
printf '%-58s %7s ms\n' \
    "photolib export (dated folders, $exported files)" "$export_first" \
    "cp -r (same files, no names from metadata)" "$cp_first" \
    "rsync -a (same files)" "$rsync_first" \
    "rsync -a --fsync (same files, each synced as export does)" "$rsync_fsync" \
    "photolib export --update, nothing changed" "$export_update" \
    "rsync -a again, nothing changed" "$rsync_again"
echo "ratios: export / cp -r = $(ratio "$export_first" "$cp_first"), export / rsync --fsync = $(ratio "$export_first" "$rsync_fsync"), update / rsync again = $(ratio "$export_update" "$rsync_again")"
