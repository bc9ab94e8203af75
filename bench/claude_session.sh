#!/usr/bin/env bash
# bench/claude_session.sh — what does the Claude Code SessionStart hook cost
# on a memory dir of 200 topic files, and the PostToolUse hook on a write
# outside memory? See docs/benchmarks.md ("Claude Code session hook").
#
#   bench/claude_session.sh
#
# Generates one memory dir of 200 topic files (bench/gen.go -dirs 1 -files
# 200 -seed 1) and moves it where Claude Code keeps a project's memory,
# $HOME/.claude/projects/<key>/memory under a scratch HOME, writes the
# SessionStart event Claude Code sends for the project, and times with
# hyperfine, in one run, `memlint version`, the session hook fed that event
# and the PostToolUse hook fed a Write of README.md in the project
# (`sh -c '... < event.json'`: hyperfine 1.15 has no --input). Targets: the
# session hook at most 5x version, the PostToolUse hook outside memory at
# most 2x. On a shared machine compare CPU (user + system),
# which load inflates far less than wall time.
# Knobs: RUNS (hyperfine runs, default 30), BENCH_DIR (scratch folder, kept).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-30}
WORK=${BENCH_DIR:-$(mktemp -d -t memlint-claude-session.XXXXXX)}
log() { printf '%s\n' "$*" >&2; }
command -v hyperfine >/dev/null || { log "needs hyperfine (apt-get install hyperfine)"; exit 1; }

mkdir -p "$WORK/bin"
go build -o "$WORK/bin/memlint" ./cmd/memlint
MEMLINT=$WORK/bin/memlint
repo=$WORK/repo
if [ ! -d "$repo" ]; then
	go run bench/gen.go -out "$WORK/gen" -dirs 1 -files 200 -seed 1 >&2
	mkdir -p "$repo" && git init -q "$repo"
	# Claude Code's project key: every character but ASCII letters and
	# digits becomes '-' (the scratch path is ASCII).
	key=$(printf '%s' "$repo" | sed 's/[^A-Za-z0-9]/-/g')
	mkdir -p "$WORK/home/.claude/projects/$key"
	mv "$WORK/gen/repo-000/memory" "$WORK/home/.claude/projects/$key/memory"
fi
printf '{"session_id":"bench","transcript_path":"/tmp/bench.jsonl","cwd":"%s","hook_event_name":"SessionStart","source":"startup"}\n' "$repo" > "$WORK/event.json"
printf '# bench\n' > "$repo/README.md"
printf '{"session_id":"bench","transcript_path":"/tmp/bench.jsonl","cwd":"%s","hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"%s/README.md","content":"# bench\\n"},"tool_response":{"type":"create","filePath":"%s/README.md","content":"# bench\\n","originalFile":null}}\n' "$repo" "$repo" "$repo" > "$WORK/write.json"

log "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
cd "$repo"
HOME=$WORK/home hyperfine -N -w 3 -r "$RUNS" -i --export-json "$WORK/session.json" \
	"sh -c '$MEMLINT version'" "sh -c '$MEMLINT hooks run claude-session < $WORK/event.json'" \
	"sh -c '$MEMLINT hooks run claude < $WORK/write.json'" >&2
log "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$WORK/session.json" <<'PY'
import json, statistics, sys
r = json.load(open(sys.argv[1]))["results"]
rows = []
for x in r:
    rows.append((x["command"], statistics.median(x["times"]) * 1000,
                 (x["user"] + x["system"]) * 1000))
print("| command | wall, median (ms) | CPU, mean (ms) |")
print("|---|---:|---:|")
for c, w, cpu in rows:
    print(f"| {c} | {w:.1f} | {cpu:.1f} |")
(_, w0, c0), (_, w1, c1), (_, w2, c2) = rows
print(f"| **session hook / version** | {w1 / w0:.1f} | **{c1 / c0:.1f}** (target ≤ 5) |")
print(f"| **PostToolUse outside memory / version** | {w2 / w0:.1f} | **{c2 / c0:.1f}** (target ≤ 2) |")
PY
