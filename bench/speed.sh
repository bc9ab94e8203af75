#!/usr/bin/env bash
# bench/speed.sh — issue 15's benchmark in one command: memlint against the
# parallel read floor and against the other memory linters, at every size.
# See docs/benchmarks.md ("Speed at every size").
#
#   bench/speed.sh                 # default sizes, about 10 minutes on 2 idle cores
#   ROUNDS=1 GEN_DIRS="1 5 50" REAL_FILES=10000 DIRS_TREE= bench/speed.sh   # quick
#
# What it measures, all in one run, ratios taken within it:
#   - memlint ÷ parallel read floor (bench/parfloor.go), CPU per file and peak
#     RSS on generated trees of D dirs × 200 topic files (GEN_DIRS: 5, 50, 500
#     are 1,000, 10,000 and 100,000 files; 1, 10, 100, 500 give the dirs
#     linearity), on the real memory of ../shared/corpus replicated to
#     REAL_FILES files (skipped when the corpus is missing), and on a tree of
#     DIRS_TREE memory dirs of 9 topic files;
#   - cost in index entries: one dir of 200 files whose MEMORY.md is grown to
#     INDEX_MB megabytes (10^6 bytes: 8 MB stays under memlint's 8 MiB file cap);
#   - the peers on the same trees: claude-memory-lint (Python) and
#     frankbesch/memlint (Go), installed into the scratch folder, and memlint
#     with each peer's checks alone (every other rule off), like for like;
#   - the Claude Code hook on a write into a 200-file dir against
#     `memlint version`, and the pre-commit hook against
#     `git diff --cached --name-only` in a repository of PRECOMMIT_FILES files.
# Each tree's commands run interleaved, round by round (ROUNDS; ROUNDS_BIG for
# trees of 50,000 files or more), each under bench/rusage.go (wall, user +
# system CPU to the microsecond, peak RSS of the child; killed after TIMEOUT
# seconds); the table reports medians. It then writes the table between the
# bench markers of docs/benchmarks.md (WRITE_DOCS=0 to leave it alone).
#
# Knobs (environment): ROUNDS (3), ROUNDS_BIG (ROUNDS), TIMEOUT (300 s per command), GEN_DIRS
# ("1 5 10 50 100 500"), REAL_FILES ("10000 100000"), DIRS_TREE (10000;
# empty to skip), INDEX_MB ("0.5 1 2 4 8"), HOOK_RUNS (20), PRECOMMIT_FILES
# (100000; empty to skip), CORPUS (../shared/corpus), BENCH_DIR (scratch
# folder, default mktemp -d, kept afterwards), NOTE (a line for the table
# header, e.g. how loaded the machine was), WRITE_DOCS (1), STAGE (all:
# memlint runs every rule, preview ones included, with --preview and
# `preview: true` in the configs and hook repositories it writes, so runs
# before and after rules changed stage compare; stable: only what a run
# with no flags runs).
# Peers: MEMLINT_BENCH_CLAUDE_MEMORY_LINT (path of claude_memory_lint.py;
# otherwise downloaded from GitHub), MEMLINT_BENCH_FRANKBESCH_SRC (a checkout
# of github.com/frankbesch/memlint; otherwise cloned). A peer that cannot be
# had is left out of the table, which says so.
set -euo pipefail

cd "$(dirname "$0")/.."
REPO_ROOT=$PWD
ROUNDS=${ROUNDS:-3}
ROUNDS_BIG=${ROUNDS_BIG:-$ROUNDS}
TIMEOUT=${TIMEOUT:-300}
GEN_DIRS=${GEN_DIRS-1 5 10 50 100 500}
REAL_FILES=${REAL_FILES-10000 100000}
DIRS_TREE=${DIRS_TREE-10000}
INDEX_MB=${INDEX_MB-0.5 1 2 4 8}
HOOK_RUNS=${HOOK_RUNS:-20}
PRECOMMIT_FILES=${PRECOMMIT_FILES-100000}
CORPUS=${CORPUS:-$REPO_ROOT/../shared/corpus}
WRITE_DOCS=${WRITE_DOCS:-1}
STAGE=${STAGE:-all}
case $STAGE in
all) PREVIEW_FLAG=(--preview) PREVIEW_YAML='preview: true' ;;
stable) PREVIEW_FLAG=() PREVIEW_YAML='' ;;
*) echo "STAGE must be all or stable, not $STAGE" >&2; exit 2 ;;
esac
WORK=${BENCH_DIR:-$(mktemp -d -t memlint-speed.XXXXXX)}
mkdir -p "$WORK/bin" "$WORK/peers"
log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
command -v hyperfine >/dev/null || { log "needs hyperfine (apt-get install hyperfine)"; exit 1; }

# --- build ---------------------------------------------------------------------
log "building memlint and the parallel read floor into $WORK/bin"
go build -o "$WORK/bin/memlint" ./cmd/memlint
go build -o "$WORK/bin/parfloor" bench/parfloor.go
go build -o "$WORK/bin/rusage" bench/rusage.go
RUSAGE=$WORK/bin/rusage
MEMLINT=$WORK/bin/memlint
FLOOR=$WORK/bin/parfloor

# --- peers, never vendored ---------------------------------------------------------
CML=${MEMLINT_BENCH_CLAUDE_MEMORY_LINT:-}
if [ -z "$CML" ]; then
	CML=$WORK/peers/claude_memory_lint.py
	[ -s "$CML" ] || curl -fsSL --max-time 30 -o "$CML" \
		https://raw.githubusercontent.com/Smyshnikof/claude-memory-lint/main/claude_memory_lint.py \
		2>/dev/null || rm -f "$CML"
fi
[ -s "$CML" ] && command -v python3 >/dev/null || { log "claude-memory-lint not available: left out"; CML=; }

FB=$WORK/peers/frankbesch-memlint
FB_SRC=${MEMLINT_BENCH_FRANKBESCH_SRC:-}
if [ -z "$FB_SRC" ]; then
	FB_SRC=$WORK/peers/frankbesch-src
	[ -d "$FB_SRC" ] || timeout 60 git clone -q --depth 1 https://github.com/frankbesch/memlint "$FB_SRC" 2>/dev/null || rm -rf "$FB_SRC"
fi
if [ -d "$FB_SRC" ] && (cd "$FB_SRC" && go build -o "$FB" .) >&2; then
	:
else
	log "frankbesch/memlint not available: left out"
	FB=
fi

# memlint with a peer's checks alone, every other rule off: the rules that
# check what the peer checks (docs/benchmarks.md, "What is compared"), for
# the like-for-like table.
CML_RULES="file-unreadable frontmatter-missing frontmatter-required index-dangling-link name-duplicate orphan-memory wikilink-dangling"
FB_RULES="file-unreadable index-dangling-link memory-recall-limit stale-reference"
checks_config() { # file rule...
	local out=$1 id
	shift
	{
		echo "# memlint with these rules alone: $*"
		[ -n "$PREVIEW_YAML" ] && echo "$PREVIEW_YAML"
		echo "rules:"
		"$MEMLINT" rules | awk 'NR > 1 && NF {print $1}' | while IFS= read -r id; do
			case " $* " in *" $id "*) ;; *) echo "  $id: off" ;; esac
		done
	} >"$out"
}
[ -n "$CML" ] && checks_config "$WORK/cml-checks.yaml" $CML_RULES
[ -n "$FB" ] && checks_config "$WORK/fb-checks.yaml" $FB_RULES

# --- trees -------------------------------------------------------------------------
# TREES lists name:kind; kind "full" runs every tool, "lint" memlint and the floor.
TREES=()
seen_gen=" "
gen_tree() { # dirs files name
	[ -d "$WORK/$3" ] || { log "generating $3: $1 dirs x $2 topic files"; go run bench/gen.go -out "$WORK/$3" -dirs "$1" -files "$2" -seed 1; }
}
for d in $GEN_DIRS; do
	gen_tree "$d" 200 "gen-d$d"
	TREES+=("gen-d$d:full")
done
if [ -d "$CORPUS" ]; then
	for n in $REAL_FILES; do
		[ -d "$WORK/real-$n" ] || { log "replicating $CORPUS to $n files"; go run bench/replicate.go -src "$CORPUS" -out "$WORK/real-$n" -files "$n"; }
		TREES+=("real-$n:full")
	done
else
	log "no corpus at $CORPUS: real-memory rows skipped"
fi
if [ -n "$DIRS_TREE" ]; then
	gen_tree "$DIRS_TREE" 9 "dirs-$DIRS_TREE"
	TREES+=("dirs-$DIRS_TREE:full")
fi
for mb in $INDEX_MB; do
	t=$WORK/idx-$mb
	if [ ! -d "$t" ]; then
		log "one dir of 200 files with a MEMORY.md of $mb MB"
		go run bench/gen.go -out "$t" -dirs 1 -files 200 -seed 1
		mem=$t/repo-000/memory
		ls "$mem" | grep -v '^MEMORY.md$' >"$WORK/names"
		awk -v want="$(awk -v m="$mb" 'BEGIN {printf "%d", m * 1000000}')" '
			{name[NR - 1] = $0; n = NR}
			END {
				print "# Memory index"; s = 15
				for (i = 0; s < want; i++) {
					if (i % 40 == 0) { h = sprintf("\n## Section %d\n", i / 40); printf "%s", h; s += length(h) }
					l = sprintf("- [Entry %d about %s](%s) — what entry %d holds, in a few words", i, name[i % n], name[i % n], i)
					print l; s += length(l) + 1
				}
			}' "$WORK/names" >"$mem/MEMORY.md"
	fi
	TREES+=("idx-$mb:lint")
done

# The claude-memory-lint CLI lints one folder or, with --all, every
# ~/.claude/projects/*/memory: a fake HOME of links to a tree's memory dirs
# lets one process lint the whole tree, as memlint does.
cml_home() { # tree
	local h=$WORK/home-$1 i=0 d
	[ -d "$h" ] && return
	mkdir -p "$h/.claude/projects"
	while IFS= read -r d; do
		mkdir -p "$h/.claude/projects/p$i"
		ln -s "$d" "$h/.claude/projects/p$i/memory"
		i=$((i + 1))
	done < <(find "$WORK/$1" -name MEMORY.md -printf '%h\n' | sort)
}
# frankbesch/memlint checks only what its .memlint.toml declares: its
# memory-relevant rules, over every memory dir of the tree. Its globs have no
# "**", so one glob per dir shape (the path with its first folder as "*").
fb_config() { # tree
	local t=$WORK/$1 shapes
	[ -f "$t/.memlint.toml" ] && return
	shapes=$(find "$t" -name MEMORY.md -printf '%h\n' | sed "s|^$t/[^/]*|*|" | sort -u)
	{
		printf '[pointers]\nfiles = [%s]\nroots = ["memory", "docs", "src"]\n\n' \
			"$(printf '%s\n' "$shapes" | sed 's|.*|"&/MEMORY.md"|' | paste -sd, -)"
		printf '[tokens]\nwatch = [%s]\nbudget = 2000\n\n' \
			"$(printf '%s\n' "$shapes" | sed 's|.*|"&/*.md"|' | paste -sd, -)"
		printf '[junk]\nglobs = [".DS_Store", "*.tmp", "*~"]\n'
	} >"$t/.memlint.toml"
}

# --- run: interleaved rounds, each command under bench/rusage.go ---------------------
ROWS=$WORK/rows.tsv
: >"$ROWS"
run_one() { # tree tool round cmd...
	local tree=$1 tool=$2 round=$3
	shift 3
	(cd "$WORK/$tree" && "$RUSAGE" -o "$WORK/time.out" -timeout "${TIMEOUT}s" "$@" >/dev/null 2>"$WORK/err.out")
	grep -q ' ok$' "$WORK/time.out" || log "$tool on $tree: $(cut -d' ' -f5 "$WORK/time.out"): $(head -c 300 "$WORK/err.out")"
	printf '%s\t%s\t%s\t%s\n' "$tree" "$tool" "$round" "$(tr ' ' '\t' <"$WORK/time.out")" >>"$ROWS"
}
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
START=$(date -u +%Y-%m-%dT%H:%MZ)
for entry in "${TREES[@]}"; do
	tree=${entry%%:*} kind=${entry#*:}
	tools="floor memlint"
	if [ "$kind" = full ]; then
		[ -n "$CML" ] && { cml_home "$tree"; tools="$tools cml mlcml"; }
		[ -n "$FB" ] && { fb_config "$tree"; tools="$tools fb mlfb"; }
	fi
	for tool in $tools; do # warm the page cache; not timed
		case $tool in floor) (cd "$WORK/$tree" && "$FLOOR" . >/dev/null) ;; esac
	done
	declare -A dead=()
	rounds=$ROUNDS
	(($(find "$WORK/$tree" -name '*.md' | wc -l) >= 50000)) && rounds=$ROUNDS_BIG
	for r in $(seq "$rounds"); do
		log "$tree round $r/$rounds: $tools (load $(cut -d' ' -f1 /proc/loadavg))"
		for tool in $tools; do
			# A tool that timed out once is not run again on this tree.
			[ -n "${dead[$tool]:-}" ] && continue
			case $tool in
			floor) run_one "$tree" floor "$r" "$FLOOR" . ;;
			memlint) run_one "$tree" memlint "$r" "$MEMLINT" check "${PREVIEW_FLAG[@]}" --format json . ;;
			cml) run_one "$tree" cml "$r" env HOME="$WORK/home-$tree" python3 "$CML" --all --json ;;
			fb) run_one "$tree" fb "$r" "$FB" check --format json . ;;
			mlcml) run_one "$tree" mlcml "$r" "$MEMLINT" check --config "$WORK/cml-checks.yaml" --format json . ;;
			mlfb) run_one "$tree" mlfb "$r" "$MEMLINT" check --config "$WORK/fb-checks.yaml" --format json . ;;
			esac
			tail -n 1 "$ROWS" | grep -q 'timeout$' && dead[$tool]=1
		done
	done
	unset dead
done

# --- hooks ---------------------------------------------------------------------------
HOOKDIR=$WORK/hook200
if [ ! -d "$HOOKDIR" ]; then
	go run bench/gen.go -out "$HOOKDIR" -dirs 1 -files 200 -seed 1
fi
python3 bench/hook_event.py "$HOOKDIR/repo-000" "$WORK/event200.json"
# The hooks take no flags: they run what the repository's configuration runs.
if [ -n "$PREVIEW_YAML" ]; then echo "$PREVIEW_YAML" >"$HOOKDIR/repo-000/.memlint.yaml"; else rm -f "$HOOKDIR/repo-000/.memlint.yaml"; fi
log "Claude Code hook on a write into a 200-file dir ($HOOK_RUNS runs)"
(cd "$HOOKDIR/repo-000" && hyperfine -w 3 -r "$HOOK_RUNS" -i --style none --export-json "$WORK/hook.json" \
	"$MEMLINT version" "$MEMLINT hooks run claude < $WORK/event200.json" >/dev/null 2>&1)

if [ -n "$PRECOMMIT_FILES" ]; then
	PC=$WORK/precommit
	if [ ! -d "$PC/.git" ]; then
		log "pre-commit repository of $PRECOMMIT_FILES files"
		go run bench/gen.go -out "$PC" -dirs 5 -files 24 -seed 1 -filler $((PRECOMMIT_FILES - 125))
		git -C "$PC" init -q -b main
		[ -n "$PREVIEW_YAML" ] && echo "$PREVIEW_YAML" >"$PC/.memlint.yaml"
		git -C "$PC" add -A
		git -C "$PC" -c user.name=bench -c user.email=bench@example.com commit -q --no-verify -m generated
		git -C "$PC" ls-files '*/feedback_*.md' '*/project_*.md' | awk 'NR % 5 == 1' | head -10 | while IFS= read -r f; do
			printf '\nOne more line, staged for the benchmark.\n' >>"$PC/$f"
			git -C "$PC" add "$f"
		done
	fi
	log "pre-commit hook against git diff --cached ($HOOK_RUNS runs)"
	(cd "$PC" && hyperfine -N -w 3 -r "$HOOK_RUNS" -i --style none --export-json "$WORK/precommit.json" \
		'git diff --cached --name-only' "$MEMLINT hooks run pre-commit" >/dev/null 2>&1)
fi
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# --- report ------------------------------------------------------------------------------
for entry in "${TREES[@]}"; do
	tree=${entry%%:*}
	printf '%s\t%s\t%s\n' "$tree" "$(find "$WORK/$tree" -name '*.md' | wc -l)" "$(find "$WORK/$tree" -name MEMORY.md | wc -l)"
done >"$WORK/trees.tsv"
python3 bench/speed_report.py "$WORK" \
	"machine: $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1); $(go version | cut -d' ' -f3); memlint $(git describe --always --dirty 2>/dev/null || echo '?'); $START; load average before $LOAD_BEFORE, after $LOAD_AFTER${NOTE:+; $NOTE}" \
	"bench/speed.sh, ROUNDS=$ROUNDS ROUNDS_BIG=$ROUNDS_BIG TIMEOUT=$TIMEOUT GEN_DIRS=\"$GEN_DIRS\" REAL_FILES=\"$REAL_FILES\" DIRS_TREE=$DIRS_TREE INDEX_MB=\"$INDEX_MB\" HOOK_RUNS=$HOOK_RUNS PRECOMMIT_FILES=$PRECOMMIT_FILES" \
	>"$WORK/results.md"
cat "$WORK/results.md"
if [ "$WRITE_DOCS" = 1 ]; then
	python3 - "$WORK/results.md" docs/benchmarks.md <<'PY'
import sys
table = open(sys.argv[1]).read().strip()
doc = open(sys.argv[2]).read()
begin, end = "<!-- bench:begin -->", "<!-- bench:end -->"
i, j = doc.find(begin), doc.find(end)
if i < 0 or j < i:
    sys.exit("docs/benchmarks.md has no bench markers")
open(sys.argv[2], "w").write(doc[: i + len(begin)] + "\n" + table + "\n" + doc[j:])
PY
	log "table written into docs/benchmarks.md"
fi
log "scratch folder (trees, raw rows): $WORK"
