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

# corpus_copies COPIES LIB: COPIES real copies (not hard links) of the corpus photos under
# LIB/copy-0, LIB/copy-1…, for the scripts that need a tree of duplicates.
corpus_copies() {
    local copies=$1 lib=$2 photos c
    photos=$(corpus_photos)
    for ((c = 0; c < copies; c++)); do
        mkdir -p "$lib/copy-$c"
        cp -r "$photos/." "$lib/copy-$c/"
    done
}

# time_ms COMMAND...: one run's wall time in ms, its output and status ignored.
time_ms() { local start; start=$(date +%s%N); "$@" >/dev/null 2>&1 || true; echo $((($(date +%s%N) - start) / 1000000)); }

# measure NAME RUNS PREPARE COMMAND...: runs PREPARE (a shell string, untimed) then COMMAND,
# RUNS times, and keeps the median wall time in ms[NAME], the median CPU time (user + system
# of COMMAND and its children, which a shared machine's load disturbs less) in cpu[NAME], both
# in ms and from the same runs, and the peak RSS of the last run (KiB) in rss[NAME]. CPU comes
# from getrusage through python3, to the microsecond (GNU time prints it in 10 ms steps, all of
# a small command), and includes GNU time's own 0.5 to 1 ms, which reads the peak RSS (a child
# of python3 would inherit its interpreter's peak). Needs $work, a scratch folder.
declare -gA ms cpu rss
measure() {
    local name=$1 n=$2 prepare=$3; shift 3
    local times=() cpus=() out
    for ((i = 0; i < n; i++)); do
        [ -n "$prepare" ] && eval "$prepare"
        out=$(python3 -c '
import resource, subprocess, sys, time
before = resource.getrusage(resource.RUSAGE_CHILDREN)
start = time.perf_counter()
with open(sys.argv[1], "wb") as err:
    status = subprocess.run(sys.argv[3:], stdout=subprocess.DEVNULL, stderr=err).returncode
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(sys.argv[2]) as peak:
    rss = int(peak.read().split()[-1])
used = usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime
print("%d %.1f %d %d" % (1000 * wall, 1000 * used, rss, status))
' "$work/err" "$work/rss" /usr/bin/time -f %M -o "$work/rss" "$@")
        read -r wall_ms cpu_ms max_rss status <<<"$out"
        # 2: some files failed (the corpus holds a few damaged on purpose); the run itself went through.
        [ "$status" = 0 ] || [ "$status" = 2 ] || { echo "bench: $name failed ($status):" >&2; cat "$work/err" >&2; exit 1; }
        times+=("$wall_ms")
        cpus+=("$cpu_ms")
    done
    ms[$name]=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    cpu[$name]=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    rss[$name]=$max_rss
}

# reindex_line REINDEX FIND: the unchanged re-index against the stat floor, as index.sh and
# scale.sh both print it (names given to `measure`).
reindex_line() {
    echo "re-index / find: wall $(ratio "${ms[$1]}" "${ms[$2]}")x (${ms[$1]} / ${ms[$2]} ms)," \
        "CPU $(ratio "${cpu[$1]}" "${cpu[$2]}")x (${cpu[$1]} / ${cpu[$2]} ms) (goal <= 1.5x)"
}
