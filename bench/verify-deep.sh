#!/usr/bin/env bash
# Bit-rot check: `photolib verify --deep` (every original read whole and its XXH3-128 held
# against the catalog's) against `xxhsum -H2` over the same files, the floor for reading and
# hashing them, and `xxhsum -c` checking a list of hashes, as a user would script it.
#
#   bench/verify-deep.sh [PHOTOLIB_BINARY] [COPIES]
#
# Builds a tree of COPIES copies of the corpus photos, indexes it with renditions (so every
# original has its content hash, as after any ordinary index), warms the cache, and times one
# run of each. verify --deep also runs the ordinary checks (catalog, renditions, trash); the
# `verify` row shows what those cost alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
need xxhsum xxhash
bin=$(realpath "${1:-$here/../.build/release/photolib}")
copies=${2:-4}
work=$(mktemp -d /tmp/photolib-bench-verify-deep.XXXXXX)
trap 'rm -rf "$work"' EXIT
lib=$work/lib
corpus_copies "$copies" "$lib"
"$bin" init "$lib" >/dev/null
"$bin" index --library "$lib" >/dev/null 2>&1 || true   # 2: some corpus photos are damaged on purpose
count=$("$bin" list --library "$lib" --ids | wc -l)
bytes=$(find "$lib" -path "$lib/.photolib" -prune -o -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
find "$lib" -path "$lib/.photolib" -prune -o -type f -print0 | xargs -0 -P "$(nproc)" -n 64 xxhsum -H2 >"$work/sums" 2>/dev/null
find "$lib" -path "$lib/.photolib" -prune -o -type f -exec cat {} + >/dev/null   # warm cache

verify_ms=$(time_ms "$bin" verify --library "$lib")
deep_ms=$(time_ms "$bin" verify --deep --library "$lib")
xxhsum_ms=$(time_ms sh -c "find '$lib' -path '$lib/.photolib' -prune -o -type f -print0 | xargs -0 -P \"\$(nproc)\" -n 64 xxhsum -H2")
check_ms=$(time_ms xxhsum -c "$work/sums")

echo "verify --deep bench: $count assets, $((bytes / 1048576)) MiB, $(nproc) cores, warm cache, one run each"
printf '%-62s %7s ms\n' \
    "photolib verify (ordinary checks only)" "$verify_ms" \
    "photolib verify --deep (all checks, every original re-hashed)" "$deep_ms" \
    "find | xargs -P nproc xxhsum -H2 (hashing alone)" "$xxhsum_ms" \
    "xxhsum -c sums (one process, checks a list)" "$check_ms"
echo "ratios: photolib verify --deep / xxhsum -H2 = $(ratio "$deep_ms" "$xxhsum_ms") (goal: at most 1.3), xxhsum -c / photolib verify --deep = $(ratio "$check_ms" "$deep_ms")"
