#!/usr/bin/env bash
# bench/claude_hook.sh — what does the Claude Code hook cost on a write into a
# memory dir of 200 files, and of 20,000? See docs/benchmarks.md ("Claude
# Code hook on a memory write").
#
#   bench/claude_hook.sh
#
# Generates one memory dir of 200 topic files and one of 20,000
# (bench/gen.go -dirs 1 -files N -seed 1), appends a line to one topic file
# of each and writes the PostToolUse Write event Claude Code sends for it
# (tool_response.originalFile holding the content before), then:
#   - 200 files: hyperfine, in one run, `memlint version`, the hook fed the
#     event (`sh -c '... < event.json'`, hyperfine 1.15 has no --input) and
#     the read floor over the dir (target: hook at most 5x version);
#   - 20,000 files: ROUNDS interleaved rounds of version, the hook, the read
#     floor and `memlint check` of the dir, each under /usr/bin/time (wall
#     and CPU seconds, peak RSS), so that load from other work hits all
#     alike. On a shared machine compare CPU (user + system), which load
#     inflates far less than wall time.
# Knobs: RUNS (hyperfine runs, default 30), ROUNDS (default 3), BENCH_DIR
# (scratch folder, kept).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-30}
ROUNDS=${ROUNDS:-3}
WORK=${BENCH_DIR:-$(mktemp -d -t memlint-claude-hook.XXXXXX)}
log() { printf '%s\n' "$*" >&2; }
command -v hyperfine >/dev/null || { log "needs hyperfine (apt-get install hyperfine)"; exit 1; }

mkdir -p "$WORK/bin"
go build -o "$WORK/bin/memlint" ./cmd/memlint
go build -o "$WORK/bin/readfloor" bench/readfloor.go
MEMLINT=$WORK/bin/memlint
FLOOR=$WORK/bin/readfloor

for n in 200 20000; do
	dir=$WORK/d$n
	[ -d "$dir" ] || go run bench/gen.go -out "$dir" -dirs 1 -files "$n" -seed 1 >&2
	python3 bench/hook_event.py "$dir/repo-000" "$WORK/event$n.json"
done

log "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
cd "$WORK/d200/repo-000"
hyperfine -w 3 -r "$RUNS" -i --export-json "$WORK/hook200.json" \
	"$MEMLINT version" "$MEMLINT hooks run claude < $WORK/event200.json" "$FLOOR memory" >&2

cd "$WORK/d20000/repo-000"
: > "$WORK/round20000.tsv"
for r in $(seq "$ROUNDS"); do
	for cmd in version hook floor check; do
		case $cmd in
		version) set -- "$MEMLINT" version ;;
		hook) set -- sh -c "$MEMLINT hooks run claude < $WORK/event20000.json" ;;
		floor) set -- "$FLOOR" memory ;;
		check) set -- "$MEMLINT" check memory ;;
		esac
		/usr/bin/time -f "%e %U %S %M" -o "$WORK/time.txt" "$@" >/dev/null 2>&1 || true
		printf '%s\t%s\t%s\n' "$r" "$cmd" "$(cat "$WORK/time.txt" | tail -1)" >> "$WORK/round20000.tsv"
	done
	log "round $r done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done

python3 - "$WORK" <<'PY'
import json, statistics, sys
work = sys.argv[1]
res = json.load(open(work + "/hook200.json"))["results"]
med = [statistics.median(r["times"]) * 1000 for r in res]
cpu = [(r["user"] + r["system"]) * 1000 for r in res]
print("200 files, hyperfine: median wall ms: version %.1f, hook %.1f, read floor %.1f" % tuple(med))
print("  mean CPU (user+sys) ms: version %.1f, hook %.1f, read floor %.1f" % tuple(cpu))
print("  hook / version: wall %.1f, CPU %.1f (target <= 5); hook / read floor: wall %.0f, CPU %.0f"
      % (med[1] / med[0], cpu[1] / cpu[0], med[1] / med[2], cpu[1] / cpu[2]))
rows = {}
for line in open(work + "/round20000.tsv"):
    r, cmd, wall, user, sys_, rss = line.split()
    rows.setdefault(cmd, []).append((float(wall), float(user) + float(sys_), int(rss)))
for c in ("version", "hook", "floor", "check"):
    print("20,000 files %-7s wall %s s; CPU %s s; peak RSS %s MB" % (c,
          ", ".join("%.2f" % x[0] for x in rows[c]), ", ".join("%.2f" % x[1] for x in rows[c]),
          ", ".join("%d" % (x[2] // 1024) for x in rows[c])))
mw = {c: statistics.median(x[0] for x in v) for c, v in rows.items()}
mc = {c: statistics.median(x[1] for x in v) for c, v in rows.items()}
print("  medians: hook / read floor wall %.0f, CPU %.0f; hook / check wall %.2f, CPU %.2f; version CPU %.3f s"
      % (mw["hook"] / mw["floor"], mc["hook"] / max(mc["floor"], 0.01), mw["hook"] / mw["check"],
         mc["hook"] / mc["check"], mc["version"]))
PY
log "results kept in $WORK"
