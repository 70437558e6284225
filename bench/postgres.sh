#!/usr/bin/env bash
# The PostgreSQL catalog: index and render throughput with 1, 2 and 4 worker processes
# against one server, compared with the SQLite catalog on the same tree; then `collections`
# and `list --city X --ids` on 1,000,000 assets moved there with `catalog copy`.
#
#   bench/postgres.sh [PHOTOLIB_BINARY] [COPIES] [ASSETS]
#
# COPIES (default 5) distinct copies of each corpus photo make the tree (bytes appended
# after the end-of-image marker, so each copy is an asset of its own). ASSETS (default
# 1000000) is the size of the generated catalog. The server is a private durable cluster
# (fsync on) started by Scripts/pg-test-cluster on loopback, stopped at the end.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(realpath "${1:-$here/../.build/release/photolib}")
copies=${2:-5}
assets=${3:-1000000}
photos=$(corpus_photos)

work=$(mktemp -d /tmp/photolib-bench-postgres.XXXXXX)
chmod 755 "$work"   # the server's user must reach its folder inside
cluster=$work/pg
trap '"$here/../Scripts/pg-test-cluster" stop "$cluster" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
"$here/../Scripts/pg-test-cluster" start "$cluster" --durable >/dev/null
eval "$("$here/../Scripts/pg-test-cluster" env "$cluster")"
url=$("$here/../Scripts/pg-test-cluster" url "$cluster")

# The tree: COPIES distinct copies of every corpus JPEG, 25 to a folder.
tree=$work/tree
mkdir -p "$tree"
n=0
while IFS= read -r -d '' photo; do
    for ((c = 0; c < copies; c++)); do
        folder=$tree/set$((n / 25))
        mkdir -p "$folder"
        { cat "$photo"; printf 'photolib-bench-copy-%d' "$n"; } >"$folder/photo-$n.jpg"
        n=$((n + 1))
    done
done < <(find "$photos" -type f \( -iname '*.jpg' -o -iname '*.jpeg' \) -print0 | sort -z)
files=$n
echo "tree: $files photos in $(find "$tree" -type d | wc -l) folders ($(du -sh "$tree" | cut -f1)); $(nproc) cores; PostgreSQL $(psql -Atc 'SHOW server_version' 2>/dev/null || echo '?') on loopback, fsync on"

# fresh KIND: a new library over the tree (SQLite, or a schema of its own on the server).
fresh() {
    rm -rf "$tree/.photolib"
    if [ "$1" = sqlite ]; then "$bin" init "$tree" >/dev/null; else "$bin" init --catalog "$url" "$tree" >/dev/null; fi
}

# timed_ms COMMAND...: wall milliseconds of one run.
timed_ms() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

# workers N ARGS...: N photolib processes at once, each with ARGS; waits for all.
workers() {
    local count=$1 i
    shift
    for ((i = 0; i < count; i++)); do "$bin" "$@" --library "$tree" >/dev/null 2>&1 & done
    wait
}

rate() { awk -v n="$files" -v ms="$1" 'BEGIN { printf "%.0f", (ms > 0 ? n * 1000 / ms : 0) }'; }
row() { printf '%-48s %8s ms %8s files/s\n' "$1" "$2" "$(rate "$2")"; }

echo
echo "index (no renditions), $files new files, one run each:"
fresh sqlite; sqlite_index=$(timed_ms "$bin" index --no-renditions --jobs 1 --library "$tree"); row "SQLite, index --jobs 1" "$sqlite_index"
fresh sqlite; sqlite_index2=$(timed_ms "$bin" index --no-renditions --library "$tree"); row "SQLite, index (--jobs $(nproc))" "$sqlite_index2"
fresh postgres; pg_index=$(timed_ms "$bin" index --no-renditions --jobs 1 --library "$tree"); row "PostgreSQL, index --jobs 1" "$pg_index"
declare -A index_ms render_ms
for count in 1 2 4; do
    fresh postgres
    index_ms[$count]=$(timed_ms workers "$count" index --worker --no-renditions --jobs 1)
    row "PostgreSQL, $count x index --worker --jobs 1" "${index_ms[$count]}"
done
reindex=$(timed_ms "$bin" index --library "$tree"); row "PostgreSQL, index again (nothing changed)" "$reindex"

echo
echo "render (thumbnail and preview of $files assets), one run each:"
fresh sqlite; "$bin" index --no-renditions --library "$tree" >/dev/null 2>&1 || true   # exit 2: some corpus photos are damaged
sqlite_render=$(timed_ms "$bin" render --jobs 1 --library "$tree"); row "SQLite, render --jobs 1" "$sqlite_render"
fresh postgres; "$bin" index --no-renditions --library "$tree" >/dev/null 2>&1 || true
for count in 1 2 4; do
    rm -rf "$tree/.photolib/renditions"/*
    render_ms[$count]=$(timed_ms workers "$count" render --worker --jobs 1 --force)
    row "PostgreSQL, $count x render --worker --jobs 1" "${render_ms[$count]}"
done

echo
echo "index workers vs one SQLite process (--jobs 1): 1 x $(ratio "$sqlite_index" "${index_ms[1]}"), 2 x $(ratio "$sqlite_index" "${index_ms[2]}"), 4 x $(ratio "$sqlite_index" "${index_ms[4]}") (speed-up)"
echo "render workers vs one SQLite process (--jobs 1): 1 x $(ratio "$sqlite_render" "${render_ms[1]}"), 2 x $(ratio "$sqlite_render" "${render_ms[2]}"), 4 x $(ratio "$sqlite_render" "${render_ms[4]}") (speed-up)"

# A million assets: generated into SQLite through the core API (the collections bench's
# generator) and timed there, moved to PostgreSQL with catalog copy and timed again. Each
# query is also run bare, by sqlite3 and by psql (the same SQL photolib sends, the rows
# printed and dropped): the floor a client of either database cannot go under.
echo
need sqlite3 sqlite3
need psql postgresql-client
lib=$work/million
start=$(date +%s)
(cd "$here/.." && PHOTOLIB_COLLECTIONS_BENCH_LIBRARY=$lib PHOTOLIB_COLLECTIONS_BENCH_ASSETS=$assets \
    swift test --filter CollectionsBenchmarkCatalog 2>&1 | grep -E '^generated' || { echo "bench: generation failed" >&2; exit 1; })
echo "generation took $(($(date +%s) - start)) s; SQLite catalog $(du -h "$lib/.photolib/catalog.sqlite" | cut -f1)"
"$bin" collections --library "$lib" >/dev/null   # first open: WAL set-up, page cache
largest=$("$bin" collections --json --library "$lib" | python3 -c '
import json, sys
cities = [c for c in json.load(sys.stdin) if c["kind"] == "city"]
print(max(cities, key=lambda c: c["count"])["name"])')
ids() { "$bin" list --library "$lib" --ids "$@" | wc -l; }
bordeaux_ids=$(ids --city Bordeaux)
largest_ids=$(ids --city "$largest")
sq="'"
largest_sql=${largest//$sq/$sq$sq}

# The SQL each backend's catalog sends for `collections` (its city part, the largest) and
# `list --city X --ids` (ids only: the floor does not build assets).
sqlite_db=$lib/.photolib/catalog.sqlite
sqlite_cities="SELECT min(city), count(*) FROM assets WHERE trashed = 0 AND city IS NOT NULL GROUP BY city COLLATE NOCASE ORDER BY city COLLATE NOCASE"
sqlite_city() { echo "SELECT id FROM assets WHERE trashed = 0 AND city = '$1' COLLATE NOCASE ORDER BY relative_path"; }
pg_cities="SELECT min(city), count(*) FROM assets WHERE NOT trashed AND city IS NOT NULL GROUP BY lower(city) ORDER BY lower(city)"
pg_city() { echo "SELECT id FROM assets WHERE NOT trashed AND lower(city) = lower('$1') ORDER BY relative_path"; }

declare -A sqlite_ms sqlite_floor pg_ms pg_floor
sqlite_ms[collections]=$(median_ms 5 "" "$bin" collections --library "$lib")
sqlite_ms[bordeaux]=$(median_ms 5 "" "$bin" list --city Bordeaux --ids --library "$lib")
sqlite_ms[largest]=$(median_ms 5 "" "$bin" list --city "$largest" --ids --library "$lib")
sqlite_floor[collections]=$(median_ms 5 "" sqlite3 "$sqlite_db" "$sqlite_cities")
sqlite_floor[bordeaux]=$(median_ms 5 "" sqlite3 "$sqlite_db" "$(sqlite_city Bordeaux)")
sqlite_floor[largest]=$(median_ms 5 "" sqlite3 "$sqlite_db" "$(sqlite_city "$largest_sql")")

copy=$(timed_ms "$bin" catalog copy --to "$url" --library "$lib")
schema=$("$bin" catalog info --json --library "$lib" | python3 -c 'import json, sys; print(json.load(sys.stdin)["schema"])')
echo "catalog copy of $assets assets to PostgreSQL: $copy ms (now on schema $schema)"
psql -q -c "VACUUM ANALYZE \"$schema\".assets" >/dev/null
echo "catalog size on the server: $(psql -Atc "SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '$schema' AND c.relkind = 'r'")"
export PGOPTIONS="-c search_path=$schema"
"$bin" collections --library "$lib" >/dev/null
[ "$(ids --city Bordeaux)" = "$bordeaux_ids" ] || echo "bench: list --city Bordeaux differs between the catalogs" >&2
pg_ms[collections]=$(median_ms 5 "" "$bin" collections --library "$lib")
pg_ms[bordeaux]=$(median_ms 5 "" "$bin" list --city Bordeaux --ids --library "$lib")
pg_ms[largest]=$(median_ms 5 "" "$bin" list --city "$largest" --ids --library "$lib")
pg_floor[collections]=$(median_ms 5 "" psql -Atc "$pg_cities")
pg_floor[bordeaux]=$(median_ms 5 "" psql -Atc "$(pg_city Bordeaux)")
pg_floor[largest]=$(median_ms 5 "" psql -Atc "$(pg_city "$largest_sql")")
toggle=$(median_ms 5 "" "$bin" action toggle-favourite "$("$bin" list --ids --limit 1 --library "$lib")" --library "$lib")

echo
echo "$assets assets, warm cache, median of 5 (ms): photolib on each catalog, and the bare query in sqlite3 / psql"
printf '%-44s %8s %8s %8s %8s %10s\n' "" SQLite sqlite3 Postgres psql "PG/SQLite"
for key in collections bordeaux largest; do
    case $key in
        collections) label="collections" ;;
        bordeaux) label="list --city Bordeaux --ids ($bordeaux_ids)" ;;
        largest) label="list --city '$largest' --ids ($largest_ids)" ;;
    esac
    printf '%-44s %8s %8s %8s %8s %10s\n' "$label" "${sqlite_ms[$key]}" "${sqlite_floor[$key]}" \
        "${pg_ms[$key]}" "${pg_floor[$key]}" "$(ratio "${pg_ms[$key]}" "${sqlite_ms[$key]}")x"
done
echo "action toggle-favourite (one asset, PostgreSQL, fsync on): $toggle ms"
echo "photolib / psql on PostgreSQL: collections $(ratio "${pg_ms[collections]}" "${pg_floor[collections]}")x, largest city $(ratio "${pg_ms[largest]}" "${pg_floor[largest]}")x"
