#!/usr/bin/env bash
# `photolib serve` at 100,000 assets, measured in one run with a load tool (wrk) and a real
# browser (headless Chromium through Debian's python3-selenium). Goals (issue 32): a grid page
# (JSON for 200 assets) under 20 ms; renditions at least 5,000 requests/s on loopback with
# keep-alive; the first screen of thumbnails painted under 500 ms.
#
#   bench/serve.sh [PHOTOLIB_BINARY] [ASSETS] [SECONDS]
#
# The library is SampleLibrary/ hard-linked into ASSETS files and indexed once (every
# rendition made; renditions are named by content, so the copies share them). Then, against
# one `serve` on 127.0.0.1:
#   grid page, first                       wrk -t1 -c1: one page after another, latency percentiles
#   grid page, deep (after the 50,000th)   the same, keyset page in the middle of the library
#   view total                             wrk -t1 -c1 on /api/count (asked for after the first page)
#   grid pages, 8 connections              wrk -t2 -c8: throughput
#   thumbnails, 64 connections             wrk -t2 -c64 over 200 thumbnail URLs, keep-alive (as the
#                                          page asks: ?v=content hash; and by id alone)
#   first screen in Chromium               1920x1080, fresh profile, 5 loads: the last thumbnail
#                                          of the first screen painted (Element Timing API),
#                                          from the navigation's start; median and worst
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(realpath "${1:-$here/../.build/release/photolib}")
assets=${2:-100000}
seconds=${3:-10}
sample=$here/../SampleLibrary
need wrk wrk
need chromedriver chromium-driver
/usr/bin/python3 -c 'import selenium' 2>/dev/null || { echo "bench: apt-get install python3-selenium" >&2; exit 1; }

work=$(mktemp -d /tmp/photolib-bench-serve.XXXXXX)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

lib=$work/lib
per_copy=$(find "$sample" -name '*.jpg' | wc -l)
copies=$(((assets + per_copy - 1) / per_copy))
mkdir -p "$lib/copies"
for ((c = 0; c < copies; c++)); do cp -al "$sample" "$lib/copies/$(printf '%05d' "$c")"; done
find "$lib/copies" -type f ! -name '*.jpg' -delete
find "$lib/copies" -type f | sort | tail -n +"$((assets + 1))" | xargs -r rm -f
"$bin" init "$lib" >/dev/null
start=$(date +%s%N)
"$bin" index -q --library "$lib" >/dev/null
index_ms=$((($(date +%s%N) - start) / 1000000))
count=$("$bin" list --library "$lib" --ids | wc -l)
middle=$("$bin" list --library "$lib" --sort taken --reverse --ids | sed -n "$((count / 2))p")

"$bin" serve --listen 127.0.0.1:0 --library "$lib" 2>"$work/serve.log" &
server=$!
for _ in $(seq 100); do grep -q 'http://' "$work/serve.log" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$work/serve.log" | head -1)
url=${url%/}
[ -n "$url" ] || { echo "bench: serve printed no URL: $(cat "$work/serve.log")" >&2; exit 1; }

echo "photolib serve bench: $count assets (indexed in $index_ms ms), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$(uptime)"
echo

# One wrk run: prints requests/s and the 50/90/99th percentile latencies.
run_wrk() {
    local name=$1; shift
    wrk --latency "$@" >"$work/wrk.txt" 2>&1 || { cat "$work/wrk.txt"; return 1; }
    awk -v name="$name" '
        /Requests\/sec/ { rps = $2 }
        /^ +50%/ { p50 = $2 } /^ +90%/ { p90 = $2 } /^ +99%/ { p99 = $2 }
        /Non-2xx/ { bad = $NF }
        END { printf "%-44s %10s req/s   p50 %-9s p90 %-9s p99 %-9s%s\n", name, rps, p50, p90, p99,
              (bad ? "   non-2xx: " bad : "") }' "$work/wrk.txt"
}

bytes=$(curl -s "$url/api/assets?limit=200" | wc -c)
echo "grid page: $bytes bytes of JSON for 200 assets"
run_wrk "grid page, first, 1 conn" -t1 -c1 -d"${seconds}s" "$url/api/assets?limit=200"
run_wrk "grid page, after the ${count}/2-th, 1 conn" -t1 -c1 -d"${seconds}s" "$url/api/assets?limit=200&after=$middle"
run_wrk "view total (/api/count, its own request), 1 conn" -t1 -c1 -d"${seconds}s" "$url/api/count"
run_wrk "grid page, deep, 8 connections" -t2 -c8 -d"${seconds}s" "$url/api/assets?limit=200&after=$middle"

# 200 thumbnail URLs as the page writes them (`/thumbnail/ID?v=CONTENT_HASH`: found by the
# hash, without the catalog), requested in turn on each kept-alive connection; and the same
# by id alone (the catalog looked up, under the server's lock), for comparison.
"$bin" list --library "$lib" --sort taken --reverse --limit 200 --format '{id} {contentHash}' >"$work/ids.txt"
thumbnail_script() { # $1: "hash" or "id"
    echo 'local paths = {'
    while read -r id hash; do
        if [ "$1" = hash ]; then echo "  \"/thumbnail/$id?v=$hash\","; else echo "  \"/thumbnail/$id\","; fi
    done <"$work/ids.txt"
    echo '}'
    echo 'local i = 0'
    echo 'request = function() i = i % #paths + 1; return wrk.format("GET", paths[i]) end'
}
thumbnail_script hash >"$work/thumbnails.lua"
thumbnail_script id >"$work/thumbnails-by-id.lua"
read -r first_id first_hash <"$work/ids.txt"
thumb=$(curl -s "$url/thumbnail/$first_id?v=$first_hash" | wc -c)
echo "thumbnails: $thumb bytes each (sendfile from the rendition cache)"
run_wrk "thumbnails, 64 connections, keep-alive" -t2 -c64 -d"${seconds}s" -s "$work/thumbnails.lua" "$url"
run_wrk "thumbnails, 8 connections, keep-alive" -t2 -c8 -d"${seconds}s" -s "$work/thumbnails.lua" "$url"
run_wrk "thumbnails by id alone, 64 connections" -t2 -c64 -d"${seconds}s" -s "$work/thumbnails-by-id.lua" "$url"

echo
/usr/bin/python3 "$here/serve-first-screen.py" "$url/" 5
echo
echo "goals: grid page under 20 ms; thumbnails at least 5,000 requests/s; first screen under 500 ms"
