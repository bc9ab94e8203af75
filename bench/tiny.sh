#!/usr/bin/env bash
# bench/tiny.sh — linear cost for many tiny memory files? See
# docs/benchmarks.md ("Many tiny files").
#
#   bench/tiny.sh
#
# Writes one memory dir of FILES (default 100,000) tiny topic files — a
# four-line frontmatter and a one-line body — and a MEMORY.md listing the
# first, then runs ROUNDS interleaved rounds of: the read floor
# (bench/readfloor.go), memlint as shipped (GC percent 400, memory limit
# 512 MiB, set in cmd/memlint/main.go), memlint with no memory limit
# (GOMEMLIMIT=off) and with the old 100 MiB limit (GOMEMLIMIT=100MiB), each
# under /usr/bin/time (wall and CPU seconds, peak RSS), output to /dev/null.
# Knobs: FILES, ROUNDS (default 1), RUNS (which of floor shipped nolimit
# old100 to run, default all), BENCH_DIR (scratch folder, kept).
set -euo pipefail
cd "$(dirname "$0")/.."
FILES=${FILES:-100000}
ROUNDS=${ROUNDS:-1}
RUNS=${RUNS:-floor shipped nolimit old100}
WORK=${BENCH_DIR:-$(mktemp -d -t memlint-tiny.XXXXXX)}
log() { printf '%s\n' "$*" >&2; }
mkdir -p "$WORK/bin"
go build -o "$WORK/bin/memlint" ./cmd/memlint
go build -o "$WORK/bin/readfloor" bench/readfloor.go
DIR=$WORK/tiny/memory
if [ ! -f "$DIR/MEMORY.md" ]; then
	log "writing $FILES tiny files in $DIR"
	python3 - "$DIR" "$FILES" <<'PY'
import os, sys
d, n = sys.argv[1], int(sys.argv[2])
os.makedirs(d, exist_ok=True)
for i in range(n):
    with open(os.path.join(d, "note_%06d.md" % i), "w") as f:
        f.write("---\nname: note-%06d\ndescription: tiny note %d\ntype: project\n---\nNote %d.\n" % (i, i, i))
with open(os.path.join(d, "MEMORY.md"), "w") as f:
    f.write("- [Note 0](note_000000.md) — the first tiny note\n")
PY
fi
: > "$WORK/tiny.tsv"
for r in $(seq "$ROUNDS"); do
	for run in $RUNS; do
		case $run in
		floor) set -- env "$WORK/bin/readfloor" "$DIR" ;;
		shipped) set -- env "$WORK/bin/memlint" check "$DIR" ;;
		nolimit) set -- env GOMEMLIMIT=off "$WORK/bin/memlint" check "$DIR" ;;
		old100) set -- env GOMEMLIMIT=100MiB "$WORK/bin/memlint" check "$DIR" ;;
		esac
		/usr/bin/time -f "%e %U %S %M" -o "$WORK/time.txt" "$@" >/dev/null 2>&1 || true
		printf '%s\t%s\t%s\n' "$r" "$run" "$(tail -1 "$WORK/time.txt")" | tee -a "$WORK/tiny.tsv" >&2
	done
	log "round $r done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done
python3 - "$WORK/tiny.tsv" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    r, run, wall, user, sys_, rss = line.split()
    rows.setdefault(run, []).append((float(wall), float(user) + float(sys_), int(rss) // 1024))
floor_w = statistics.median(x[0] for x in rows["floor"])
floor_c = statistics.median(x[1] for x in rows["floor"])
print("| run | wall (s) | CPU (s) | max RSS (MB) | x read floor (wall) | x read floor (CPU) |")
print("|---|---:|---:|---:|---:|---:|")
for run in ("floor", "shipped", "nolimit", "old100"):
    if run not in rows:
        continue
    v = rows[run]
    w, c = statistics.median(x[0] for x in v), statistics.median(x[1] for x in v)
    print("| %s | %s | %s | %s | %.1f | %.1f |" % (run, ", ".join("%.1f" % x[0] for x in v),
          ", ".join("%.1f" % x[1] for x in v), ", ".join("%d" % x[2] for x in v), w / floor_w, c / max(floor_c, 0.01)))
PY
log "results kept in $WORK"
