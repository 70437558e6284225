#!/usr/bin/env bash
# Duplicate finding: `photolib duplicates` against what people would use instead, `fdupes -r`
# (size, then partial MD5, then a byte-for-byte compare), on two trees in one run:
#
#   realistic  the corpus photos as they are (few duplicates: most sizes are unique)
#   personal   the shape of the personal tree issue 30 was measured on (1,025 files, 38 groups):
#              PERSONAL (9) different versions of each corpus JPEG, in year folders (each given
#              a comment segment of its own and of random length after SOI: other bytes, other
#              sizes, as a camera roll's photos), plus 38 of them copied whole into exported/
#   copies     COPIES real copies (not hard links: fdupes would skip those) of the corpus, so
#              that every file has COPIES - 1 duplicates
#
#   bench/duplicates.sh [PHOTOLIB_BINARY] [COPIES]        RUNS=5 by default
#
# Each tree is indexed without renditions, so no content hash is known; every timed
# `duplicates` starts from that catalog again (copied back, untimed), as a first run does. A
# second line per tree times `duplicates` with the hashes it stored (the catalog query alone).
# Also prints `find | xargs -P xxhsum -H2` (every file hashed whole, no grouping) for scale.
# Warm cache; the median of RUNS runs, wall and CPU (user + system) from the same runs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
need fdupes fdupes
need xxhsum xxhash
bin=$(realpath "${1:-$here/../.build/release/photolib}")
copies=${2:-8}
runs=${RUNS:-5}
work=$(mktemp -d /tmp/photolib-bench-duplicates.XXXXXX)
trap 'rm -rf "$work"' EXIT
photos=$(corpus_photos)

# tree NAME: builds and indexes $work/NAME, keeps its fresh catalog as $work/NAME.catalog.
mkdir -p "$work/realistic/photos"
cp -r "$photos/." "$work/realistic/photos/"
python3 - "$photos" "$work/personal/photos" "${PERSONAL:-9}" <<'PY'
import os, random, sys
source, target, versions = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(30)  # the same tree in every run
jpegs = sorted(os.path.join(folder, name) for folder, _, names in os.walk(source) for name in names)
made = []
for version in range(versions):
    folder = os.path.join(target, str(2015 + version))
    os.makedirs(folder, exist_ok=True)
    for number, path in enumerate(jpegs):
        data = open(path, 'rb').read()
        if data[:2] != b'\xff\xd8':
            continue
        comment = b'bench version %d of %d ' % (version, number) + b'.' * random.randint(0, 4000)
        segment = b'\xff\xfe' + (len(comment) + 2).to_bytes(2, 'big') + comment
        made.append(os.path.join(folder, 'IMG_%d%04d.jpg' % (version, number)))
        open(made[-1], 'wb').write(data[:2] + segment + data[2:])
os.makedirs(os.path.join(target, 'exported'))
for number, path in enumerate(random.sample(made, 38)):
    open(os.path.join(target, 'exported', 'copy-%d.jpg' % number), 'wb').write(open(path, 'rb').read())
PY
corpus_copies "$copies" "$work/copies/photos"
for tree in realistic personal copies; do
    lib=$work/$tree
    "$bin" init "$lib" >/dev/null
    "$bin" index --no-renditions --library "$lib" >/dev/null 2>&1 || true   # 2: some corpus photos are damaged on purpose
    cp -a "$lib/.photolib" "$work/$tree.catalog"
    find "$lib/photos" -type f -exec cat {} + >/dev/null   # warm cache
done

echo "photolib duplicates against fdupes -r: $(nproc) cores, warm cache, median of $runs runs"
printf '%-44s %6s %8s %8s\n' "tree / run" groups "wall ms" "CPU ms"
for tree in realistic personal copies; do
    lib=$work/$tree
    files=$(find "$lib/photos" -type f | wc -l)
    bytes=$(find "$lib/photos" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
    fresh="rm -rf '$lib/.photolib' && cp -a '$work/$tree.catalog' '$lib/.photolib'"
    measure "$tree-photolib" "$runs" "$fresh" "$bin" duplicates --library "$lib"
    measure "$tree-again" "$runs" "" "$bin" duplicates --library "$lib"
    measure "$tree-fdupes" "$runs" "" fdupes -r -q "$lib/photos"
    measure "$tree-xxhsum" "$runs" "" sh -c "find '$lib/photos' -type f -print0 | xargs -0 -P \"\$(nproc)\" -n 64 xxhsum -H2"
    groups=$("$bin" duplicates --jsonl --library "$lib" | wc -l)
    fdupes_groups=$(fdupes -r -q "$lib/photos" | awk 'BEGIN { g = 0; inside = 0 } /^$/ { inside = 0; next } { if (!inside) g++; inside = 1 } END { print g }')
    echo "$tree: $files files, $((bytes / 1048576)) MiB"
    printf '  %-42s %6s %8s %8s\n' \
        "photolib duplicates (no hash stored)" "$groups" "${ms[$tree-photolib]}" "${cpu[$tree-photolib]}" \
        "photolib duplicates again (hashes stored)" "$groups" "${ms[$tree-again]}" "${cpu[$tree-again]}" \
        "fdupes -r" "$fdupes_groups" "${ms[$tree-fdupes]}" "${cpu[$tree-fdupes]}" \
        "find | xargs -P xxhsum -H2 (no grouping)" "-" "${ms[$tree-xxhsum]}" "${cpu[$tree-xxhsum]}"
    echo "  fdupes / photolib: wall $(ratio "${ms[$tree-fdupes]}" "${ms[$tree-photolib]}")x," \
        "CPU $(ratio "${cpu[$tree-fdupes]}" "${cpu[$tree-photolib]}")x (goal >= 1)"
done
