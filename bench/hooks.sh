#!/usr/bin/env bash
# bench/hooks.sh — how much does memlint add to a commit and to a Claude Code
# write? See docs/benchmarks.md ("Hooks").
#
#   bench/hooks.sh
#
# Generates a repository of 100,000 files (5 memory dirs of 24 topic files,
# the size of the larger real ones, plus source files), commits it, stages
# changes to 10 memory files spread over the dirs (so every dir is linted
# whole), then times, in one run with hyperfine:
#   - git diff --cached --name-only   (the floor: what any staged check costs)
#   - memlint hooks run pre-commit    (target: median at most 3x the floor)
#   - memlint version                 (process start, through sh)
#   - memlint hooks run claude < an event for a non-memory file
#                                     (target: within 2x of memlint version)
# Knobs: RUNS (default 30), BENCH_DIR (scratch folder, kept), FILES (100000).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-30}
FILES=${FILES:-100000}
WORK=${BENCH_DIR:-$(mktemp -d -t memlint-hooks-bench.XXXXXX)}
log() { printf '%s\n' "$*" >&2; }
command -v hyperfine >/dev/null || { log "needs hyperfine (apt-get install hyperfine)"; exit 1; }

mkdir -p "$WORK/bin"
go build -o "$WORK/bin/memlint" ./cmd/memlint
MEMLINT=$WORK/bin/memlint

REPO=$WORK/repo
if [ ! -d "$REPO/.git" ]; then
	log "generating $FILES files in $REPO"
	memory_files=120 # 5 dirs x 24, plus 5 indexes
	go run bench/gen.go -out "$REPO" -dirs 5 -files 24 -seed 1 -filler $((FILES - memory_files - 5))
	git -C "$REPO" init -q -b main
	git -C "$REPO" add -A
	git -C "$REPO" -c user.name=bench -c user.email=bench@example.com commit -q --no-verify -m "generated"
fi
git -C "$REPO" reset -q --hard
log "staging changes to 10 memory files"
i=0
while IFS= read -r f; do
	printf '\nOne more line, staged for the benchmark.\n' >> "$REPO/$f"
	git -C "$REPO" add "$f"
	i=$((i + 1))
done < <(git -C "$REPO" ls-files '*/feedback_*.md' '*/project_*.md' | awk 'NR % 5 == 1' | head -10)
total=$(git -C "$REPO" ls-files | wc -l)
staged=$(git -C "$REPO" diff --cached --name-only | wc -l)
log "$total files in the index, $staged staged"

printf '{"hook_event_name":"PostToolUse","tool_name":"Write","tool_input":{"file_path":"%s/src/pkg00/mod0000/notes.md","content":"x"},"cwd":"%s"}\n' "$REPO" "$REPO" > "$WORK/event.json"

cd "$REPO"
hyperfine -N -w 5 -r "$RUNS" -i --export-json "$WORK/precommit.json" \
	'git diff --cached --name-only' "$MEMLINT hooks run pre-commit" >&2
hyperfine -w 5 -r "$((RUNS * 3))" -i --export-json "$WORK/claude.json" \
	"$MEMLINT version" "$MEMLINT hooks run claude < $WORK/event.json" >&2

python3 - "$WORK" "$total" "$staged" <<'PY'
import json, sys
work, total, staged = sys.argv[1], sys.argv[2], sys.argv[3]
def med(file):
    return [r["median"] * 1000 for r in json.load(open(f"{work}/{file}"))["results"]]
floor, hook = med("precommit.json")
version, claude = med("claude.json")
print(f"## memlint hooks benchmark\n")
print(f"Repository: {total} files in the index, {staged} staged memory changes. Medians.\n")
print("| command | median (ms) |\n|---|---:|")
print(f"| git diff --cached --name-only | {floor:.1f} |")
print(f"| memlint hooks run pre-commit | {hook:.1f} |")
print(f"| memlint version (through sh) | {version:.1f} |")
print(f"| memlint hooks run claude, non-memory file (through sh) | {claude:.1f} |\n")
print("| target | measured | |\n|---|---:|---|")
print(f"| pre-commit / git diff --cached ≤ 3 | {hook/floor:.2f} | {'met' if hook/floor <= 3 else 'MISSED'} |")
print(f"| claude hook (non-memory) / version ≤ 2 | {claude/version:.2f} | {'met' if claude/version <= 2 else 'MISSED'} |")
PY
