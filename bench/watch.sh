#!/usr/bin/env bash
# What `photolib index --watch` costs and how soon it lists a photo.
#
#   bench/watch.sh [PHOTOLIB_BINARY]        (SINGLES=30 CARD=2000 FOLDERS=2000 REST=60 FILES=20000
#                                            RENDITIONS=0)
#
#   1. latency from a photo's close to its asset in `list` (polled in a loop, as a user's
#      script would), for SINGLES photos copied one at a time, then for a card of CARD photos
#      copied in at once (each file's close time taken by the copier, `list` polled meanwhile on
#      a thread of its own): median and 99th percentile;
#   2. the watcher's resident memory with FOLDERS folders watched;
#   3. its CPU time at rest over REST seconds (from /proc/PID/stat);
#   4. start-up (first index plus the watches) of a FILES-file unchanged library, against the
#      plain unchanged `index` of the same library (goal: within 2x).
# Photos are copies of the shared corpus's (../shared/corpus), warm cache. Renditions are off
# (their making is bench/renditions.sh's) unless RENDITIONS=1: then the latency runs make them,
# and the card's time from close to thumbnail made is reported too.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
bin=$(realpath "${1:-$here/../.build/release/photolib}")
need python3 python3
photos=$(corpus_photos)
work=$(mktemp -d /tmp/photolib-bench-watch.XXXXXX)
trap 'rm -rf "$work"' EXIT

python3 - "$bin" "$photos" "$work" "${SINGLES:-30}" "${CARD:-2000}" "${FOLDERS:-2000}" "${REST:-60}" \
    "${FILES:-20000}" "${RENDITIONS:-0}" <<'EOF'
import json, os, shutil, signal, subprocess, sys, threading, time

binary, photos, work = sys.argv[1:4]
singles, card, folders, rest, files, renditions = map(int, sys.argv[4:10])
sources = sorted(os.path.join(d, f) for d, _, fs in os.walk(photos) for f in fs if f.lower().endswith(".jpg"))
sources = [s for s in sources if os.path.getsize(s) > 0][:200]

def run(*args, lib):
    return subprocess.run([binary, *args, "--library", lib], capture_output=True, text=True)

def assets(lib):
    out = run("list", "--jsonl", lib=lib).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]

def listed(lib):
    return {asset["relativePath"] for asset in assets(lib)}

def start(lib, *extra, renditions=False):
    err = open(os.path.join(work, "watch.err"), "w")
    flags = [] if renditions else ["--no-renditions"]
    child = subprocess.Popen([binary, "index", "--watch", *flags, *extra, "--library", lib],
                             stdout=subprocess.DEVNULL, stderr=err)
    began = time.time()
    while ": watching " not in open(err.name).read():
        if child.poll() is not None: sys.exit("bench: the watcher stopped: " + open(err.name).read())
        time.sleep(0.02)
    return child, time.time() - began

def stop(child):
    child.send_signal(signal.SIGTERM)
    child.wait(60)

def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

def new_library(name):
    lib = os.path.join(work, name)
    os.makedirs(lib)
    subprocess.run([binary, "init", lib], capture_output=True, check=True)
    return lib

# 1. latency
lib = new_library("latency")
child, _ = start(lib, renditions=bool(renditions))
waits = []
for n in range(singles):
    target = os.path.join(lib, f"single-{n}.jpg")
    shutil.copyfile(sources[n % len(sources)], target)
    closed = time.time()
    while f"single-{n}.jpg" not in listed(lib): time.sleep(0.01)
    waits.append(time.time() - closed)
print(f"single photos ({singles}): close to listed, median {percentile(waits, 50):.2f} s, "
      f"p99 {percentile(waits, 99):.2f} s (goal < 1 s, < 3 s)")
os.makedirs(os.path.join(lib, "card"))
closes, seen, thumbs = {}, {}, {}
# `list` is polled on a thread of its own while the copy goes on: polled only after the copy,
# every file's latency would include the rest of the copy (the p99 was the copy's length).
def poll():
    deadline = None
    while len(seen) < card or (renditions and len(thumbs) < len(seen)):
        now = time.time()
        for asset in assets(lib):
            path = asset["relativePath"]
            if not path.startswith("card/"): continue
            if path not in seen: seen[path] = now
            if renditions and path not in thumbs and (asset.get("renditions") or {}).get("thumbnail"):
                thumbs[path] = now
        # A file that cannot be decoded never gets a thumbnail: stop 60 s after the last one listed.
        if len(seen) == card and deadline is None: deadline = now + 60
        if deadline is not None and now > deadline: break
        time.sleep(0.05)
poller = threading.Thread(target=poll)
poller.start()
copier_start = time.time()
for n in range(card):
    name = f"card/IMG_{n:05d}.jpg"
    target = os.path.join(lib, name)
    shutil.copyfile(sources[n % len(sources)], target)
    closes[name] = time.time()
copied = time.time() - copier_start
poller.join()
# A listing that began before the close was recorded may show the file: no negative waits.
card_waits = [max(0.0, seen[p] - closes[p]) for p in closes]
batches = open(os.path.join(work, "watch.err")).read().count("changes indexed")
print(f"card of {card} photos (copied in {copied:.1f} s): close to listed, median "
      f"{percentile(card_waits, 50):.2f} s, p99 {percentile(card_waits, 99):.2f} s; {batches} batches in all")
if renditions:
    thumb_waits = [max(0.0, thumbs[p] - closes[p]) for p in thumbs]
    print(f"card of {card} photos: close to thumbnail made ({len(thumbs)} of {card}), median "
          f"{percentile(thumb_waits, 50):.2f} s, p99 {percentile(thumb_waits, 99):.2f} s, "
          f"last {max(thumb_waits):.2f} s")
stop(child)

# 2, 3. memory with many folders, CPU at rest
lib = new_library("folders")
for n in range(folders): os.makedirs(os.path.join(lib, f"{n // 100:02d}", f"{n:05d}"))
child, _ = start(lib)
def status_kib(pid, key):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(key): return int(line.split()[1])
def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])
rss = status_kib(child.pid, "VmRSS:")
before = cpu_ticks(child.pid)
time.sleep(rest)
ticks = cpu_ticks(child.pid) - before
print(f"{folders + folders // 100 + 1} folders watched: RSS {rss / 1024:.1f} MiB (goal < 60 MB); "
      f"CPU at rest over {rest} s: {ticks * 1000 // os.sysconf('SC_CLK_TCK')} ms (goal 0)")
stop(child)

# 4. start-up against the unchanged re-index
lib = new_library("large")
for n in range(files):
    folder = os.path.join(lib, f"{n // 500:03d}")
    os.makedirs(folder, exist_ok=True)
    os.link(sources[n % len(sources)], os.path.join(folder, f"{n:06d}.jpg"))
run("index", "--no-renditions", lib=lib)
times = []
for _ in range(3):
    began = time.time()
    run("index", "--no-renditions", lib=lib)
    times.append(time.time() - began)
reindex = sorted(times)[1]
starts = []
for _ in range(3):
    child, seconds = start(lib)
    starts.append(seconds)
    stop(child)
startup = sorted(starts)[1]
print(f"start-up, {files} files unchanged: {startup:.2f} s against index {reindex:.2f} s: "
      f"{startup / reindex:.2f}x (goal <= 2x)")
EOF
