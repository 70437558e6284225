# Shared helpers for the bench/ scripts (sourced, not run).

# median_ms RUNS PREPARE COMMAND...: runs PREPARE (a shell string, untimed) then COMMAND,
# RUNS times; prints the median wall time in milliseconds.
median_ms() {
    local runs=$1 prepare=$2; shift 2
    local times=() start end
    for ((i = 0; i < runs; i++)); do
        [ -n "$prepare" ] && eval "$prepare"
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1 || true
        end=$(date +%s%N)
        times+=($(((end - start) / 1000000)))
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# ratio A B: A/B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

# need TOOL PACKAGE: fail with the Debian package to install.
need() { command -v "$1" >/dev/null || { echo "bench: $1 not found (apt-get install $2, or make bench-deps)" >&2; exit 1; }; }

# corpus_dir: the shared corpus's photos, or exit with a message.
corpus_photos() {
    local here; here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    local photos=${PHOTOLIB_CORPUS:-$here/../shared/corpus}/photos
    [ -d "$photos" ] || { echo "bench: no corpus at $photos (set PHOTOLIB_CORPUS)" >&2; exit 1; }
    echo "$photos"
}
