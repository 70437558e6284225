#!/usr/bin/env bash
# photolib at scale: each command beside the floor it should approach, on the same tree, in one run.
#
#   bench/scale.sh [--big] [N] [PHOTOLIB_BINARY]     (in any order)
#
# Builds an N-file tree (default 10000; 1,000,000 with --big) of hard links of the sample
# photos (../shared/corpus/photos, or PHOTOLIB_CORPUS; without it, small JPEGs made here with
# cjpeg), 52 a folder, in a temporary folder, then times, warm cache:
#   index --no-renditions (first)         no floor: its cost a file
#   index (unchanged tree)                find . -type f -printf '%s %T@\n'
#   list --jsonl                          sqlite3 -json over the same columns, same order
#   list --jsonl | head -c 1              the first byte (goal: 50 ms)
#   list --json                           (the same floor)
#   list --ids                            sqlite3 selecting the ids, same order
#   collections --json                    sqlite3 running its count queries
#   peek --json (one asset, preview made) sqlite3 selecting that asset's row
# with the peak RSS of each (/usr/bin/time -f %M) and the ratios photolib / floor.
# Medians of 3 runs (first index: 1 run; --big: 1 run each).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
runs=3 files=10000 bin=$here/../.build/release/photolib
for arg in "$@"; do
    case $arg in
    --big) files=1000000 runs=1 ;;
    *[!0-9]*) bin=$arg ;;
    *) files=$arg ;;
    esac
done
bin=$(realpath "$bin")
need sqlite3 sqlite3
need python3 python3
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }

work=$(mktemp -d /tmp/photolib-bench-scale.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$work/lib
samples=$work/samples
mkdir -p "$lib" "$samples"

# The sample photos: the corpus's JPEGs, or a few generated ones for a clone without it.
corpus=${PHOTOLIB_CORPUS:-$here/../../shared/corpus}/photos
if [ -d "$corpus" ]; then
    n=0
    while IFS= read -r photo; do
        n=$((n + 1))
        ln "$photo" "$samples/$(printf %02d $n).jpg"
    done < <(find "$corpus" -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) | sort | head -n 52)
    source_note="corpus photos"
else
    need cjpeg libjpeg-turbo-progs
    for ((i = 0; i < 52; i++)); do
        # A 64x48 gradient, different in each file (so fingerprints differ), as a binary PPM.
        { printf 'P6\n64 48\n255\n'; awk -v s="$i" 'BEGIN { for (y = 0; y < 48; y++) for (x = 0; x < 64; x++) printf "%c%c%c", (x * 4 + s) % 256, (y * 5) % 256, (s * 7) % 256 }'; } |
            cjpeg -quality 80 >"$samples/gen$(printf %02d $i).jpg"
    done
    source_note="generated 64x48 JPEGs"
fi
# One folder of links to the samples, copied as links (cp -al) into as many folders as it takes.
per_folder=$(find "$samples" -type f | wc -l)
folders=$(((files + per_folder - 1) / per_folder))
for ((f = 0; f < folders; f++)); do cp -al "$samples" "$lib/$(printf 'd%05d' $f)"; done
((folders * per_folder > files)) && find "$lib/$(printf 'd%05d' $((folders - 1)))" -type f | sort |
    tail -n $((folders * per_folder - files)) | xargs -r rm -f
count=$(find "$lib" -type f | wc -l)
cat "$samples"/* >/dev/null # warm the page cache

catalog=$lib/.photolib/catalog.sqlite
"$bin" init "$lib" >/dev/null
measure index 1 "" "$bin" index --library "$lib" --no-renditions
measure reindex "$runs" "" "$bin" index --library "$lib" --no-renditions
measure find "$runs" "" find "$lib" -type f -printf '%s %T@\n'
assets=$("$bin" list --library "$lib" --ids | wc -l)

# The floors read the columns the asset JSON shows, in list's order (path), unchanged by photolib.
columns="id, CAST(relative_path AS TEXT) AS relative_path, file_size, modified_ns, fingerprint, format, mime_type, \
pixel_width, pixel_height, orientation, taken_local, taken_offset, camera_make, camera_model, gps_latitude, \
gps_longitude, gps_altitude, caption, caption_source, city, city_source, country, favourite, liked, trashed, \
missing, damage, indexed_at, region, country_name, rating, taken_source, gps_source, popped_at, trashed_at"
shown="FROM assets WHERE trashed = 0 ORDER BY relative_path"
measure jsonl "$runs" "" "$bin" list --library "$lib" --jsonl
# The first byte: photolib stops at the first write after head has gone, so this is an upper bound.
measure first "$runs" "" sh -c "'$bin' list --library '$lib' --jsonl | head -c 1"
measure json "$runs" "" "$bin" list --library "$lib" --json
measure sqljson "$runs" "" sqlite3 -readonly -json "$catalog" "SELECT $columns $shown"
measure ids "$runs" "" "$bin" list --library "$lib" --ids
measure sqlids "$runs" "" sqlite3 -readonly "$catalog" "SELECT id $shown"
measure collections "$runs" "" "$bin" collections --library "$lib" --json
measure sqlcollections "$runs" "" sqlite3 -readonly "$catalog" \
    "SELECT count(*) FROM assets WHERE trashed = 0 AND missing = 0;
     SELECT count(*) FROM assets WHERE favourite = 1 AND trashed = 0 AND missing = 0;
     SELECT count(*) FROM assets WHERE liked = 1 AND trashed = 0 AND missing = 0;
     SELECT min(city), count(*) FROM assets WHERE trashed = 0 AND missing = 0 AND city IS NOT NULL GROUP BY city COLLATE NOCASE;
     SELECT substr(taken_local, 1, 4), count(*) FROM assets WHERE trashed = 0 AND missing = 0 AND taken_local IS NOT NULL GROUP BY 1"
one=$("$bin" list --library "$lib" --ids --limit 1 --sort taken)
"$bin" peek --library "$lib" --json "$one" >/dev/null # makes its preview: the run below times the lookup
measure peek "$runs" "" "$bin" peek --library "$lib" --json "$one"
measure sqlpeek "$runs" "" sqlite3 -readonly -json "$catalog" "SELECT $columns FROM assets WHERE id = '$one'"
measure version "$runs" "" "$bin" --version
measure sqlversion "$runs" "" sqlite3 --version

per() { awk -v t="$1" -v n="$2" 'BEGIN { printf "%.1f", (n > 0 ? 1000 * t / n : 0) }'; }
echo "photolib scale bench: $count files ($source_note, $per_folder a folder), $assets assets, $(nproc) cores," \
    "load $(cut -d' ' -f1-3 /proc/loadavg), warm cache, median of $runs; CPU = user + system"
format='%-30s %7s %7s %8s %6s | %-26s %7s %7s %6s | %6s %6s\n'
printf "$format" "photolib" "wall ms" "CPU ms" "µs/asset" "RSS MB" "floor" "wall ms" "CPU ms" "RSS MB" "wall" "CPU"
row() { # row LABEL NAME FLOOR-LABEL FLOOR-NAME
    local f=${4:-}
    printf "$format" "$1" "${ms[$2]}" "${cpu[$2]}" "$(per "${ms[$2]}" "$assets")" "$((${rss[$2]} / 1024))" "$3" \
        "${f:+${ms[$f]}}" "${f:+${cpu[$f]}}" "${f:+$((${rss[$f]} / 1024))}" \
        "${f:+$(ratio "${ms[$2]}" "${ms[$f]}")x}" "${f:+$(ratio "${cpu[$2]}" "${cpu[$f]}")x}"
}
row "index --no-renditions (first)" index "-" ""
row "index (unchanged)" reindex "find -type f -printf '%s %T@'" find
row "list --jsonl" jsonl "sqlite3 -json, same columns" sqljson
row "list --jsonl | head -c 1" first "first byte (goal 50 ms)" ""
row "list --json" json "sqlite3 -json, same columns" sqljson
row "list --ids" ids "sqlite3, the ids" sqlids
row "collections --json" collections "sqlite3, its counts" sqlcollections
row "peek --json (1 asset)" peek "sqlite3 -json, its row" sqlpeek
row "--version (process start)" version "sqlite3 --version" sqlversion
reindex_line reindex find
echo "goals (wall): re-index <= 1.5x find, list --jsonl <= 3x sqlite3 -json, list --ids <= 2x sqlite3"
