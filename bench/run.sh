#!/usr/bin/env bash
# bench/run.sh — how fast and how lean is memlint? See docs/benchmarks.md.
#
#   bench/run.sh
#
# Builds memlint and the read floor, generates 1,000 and 10,000 topic files
# (50 memory dirs of 20 and of 200 files), installs markdownlint-cli2 into a
# scratch npm prefix when it is not on PATH, times the three tools over the
# same files (warm cache, one warm-up run, median of several runs), measures
# peak RSS with /usr/bin/time -v, and prints a Markdown table with the
# ratios the targets are stated in. Nothing outside the scratch folder is
# written.
#
# Knobs (environment): RUNS (timed runs per tool, default 10), MDL_RUNS
# (for markdownlint-cli2, default 5), MARKDOWNLINT_CLI2_VERSION (default
# 0.22.1, the newest release that supports Node 20), BENCH_DIR (scratch
# folder, default a new mktemp -d; kept afterwards so results can be
# inspected), SEED (generator seed, default 1), MARKDOWNLINT_CLI2 (path of
# a markdownlint-cli2 to use instead of installing one).
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${RUNS:-10}
MDL_RUNS=${MDL_RUNS:-5}
MDL_VERSION=${MARKDOWNLINT_CLI2_VERSION:-0.22.1}
SEED=${SEED:-1}
WORK=${BENCH_DIR:-$(mktemp -d -t memlint-bench.XXXXXX)}
mkdir -p "$WORK/bin"
log() { printf '%s\n' "$*" >&2; }

# --- (a) build ---------------------------------------------------------------
log "building memlint and the read floor into $WORK/bin"
go build -o "$WORK/bin/memlint" ./cmd/memlint
go build -o "$WORK/bin/readfloor" bench/readfloor.go

# --- (b) generate ------------------------------------------------------------
declare -A TREE=([1k]="$WORK/tree-1k" [10k]="$WORK/tree-10k")
declare -A FILES_PER_DIR=([1k]=20 [10k]=200)
for size in 1k 10k; do
	rm -rf "${TREE[$size]}"
	log "generating ${TREE[$size]}: 50 dirs x ${FILES_PER_DIR[$size]} topic files"
	go run bench/gen.go -out "${TREE[$size]}" -dirs 50 -files "${FILES_PER_DIR[$size]}" -seed "$SEED"
done

# --- (c) markdownlint-cli2 -----------------------------------------------------
MDL=${MARKDOWNLINT_CLI2:-$(command -v markdownlint-cli2 || true)}
if [[ -z "$MDL" ]]; then
	if [[ ! -x "$WORK/npm/node_modules/.bin/markdownlint-cli2" ]]; then
		log "installing markdownlint-cli2@$MDL_VERSION into $WORK/npm"
		npm install --prefix "$WORK/npm" --no-audit --no-fund --loglevel=error \
			"markdownlint-cli2@$MDL_VERSION" >&2
	fi
	MDL="$WORK/npm/node_modules/.bin/markdownlint-cli2"
fi
# Default rules (all of markdownlint's rules at their defaults) over every
# Markdown file of the tree. The config file lives outside the tree.
mkdir -p "$WORK/mdl-config"
printf '{\n  "config": { "default": true }\n}\n' >"$WORK/mdl-config/.markdownlint-cli2.jsonc"
MDL_VERSION_SEEN=$("$MDL" --help 2>&1 | head -n 1 || true)

# The commands, each run from inside the tree with output discarded.
# memlint and markdownlint-cli2 exit 1 because the trees have findings: that
# is expected, not a failure. memlint runs every rule (--preview), as it did
# before rules had stages, so runs before and after compare.
export BIN="$WORK/bin" MDL CFG="$WORK/mdl-config/.markdownlint-cli2.jsonc"
cmd_floor='"$BIN/readfloor" .'
cmd_memlint='"$BIN/memlint" check --preview --format json .'
cmd_memlint1='env GOMAXPROCS=1 "$BIN/memlint" check --preview --format json .'
cmd_mdl='"$MDL" --config "$CFG" "**/*.md"'

# Run every command once first: a tool that crashes (exit code other than
# 0 or 1) fails the script instead of being timed.
for size in 1k 10k; do
	for c in "$cmd_floor" "$cmd_memlint" "$cmd_mdl"; do
		rc=0
		(cd "${TREE[$size]}" && bash -c "$c" >/dev/null 2>"$WORK/check.err") || rc=$?
		if ((rc > 1)); then
			log "exit code $rc from: $c (in ${TREE[$size]})"
			cat "$WORK/check.err" >&2
			exit 1
		fi
	done
done

# --- (d) time: median seconds of $2 runs after one warm-up ----------------------
HYPERFINE=$(command -v hyperfine || true)
median_seconds() { # name runs dir command
	local name=$1 runs=$2 dir=$3 cmd=$4
	if [[ -n "$HYPERFINE" ]]; then
		local json="$WORK/hyperfine-$name.json"
		(cd "$dir" && hyperfine --style none --ignore-failure --warmup 1 --runs "$runs" \
			--export-json "$json" --command-name "$name" "$cmd" >/dev/null 2>>"$WORK/hyperfine.log")
		sed -n 's/^ *"median": *\([0-9.e+-]*\),*$/\1/p' "$json" | head -n 1
		# CPU time (user + system, mean over the runs) goes to a side file.
		awk -F': *' '/^ *"user":/ {u = $2 + 0} /^ *"system":/ {s = $2 + 0} END {printf "%.6f\n", u + s}' \
			"$json" >"$WORK/cpu-$name"
	else
		echo nan >"$WORK/cpu-$name"
		(cd "$dir" && bash -c "$cmd" >/dev/null 2>&1 || true) # warm-up
		local i t0 t1
		for ((i = 0; i < runs; i++)); do
			t0=$(date +%s%N)
			(cd "$dir" && bash -c "$cmd" >/dev/null 2>&1 || true)
			t1=$(date +%s%N)
			echo $(((t1 - t0) / 1000))
		done | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2; printf "%.6f\n", m/1e6}'
	fi
}

# --- (e) peak RSS in MB (GNU time's "Maximum resident set size"): the largest
# of three runs --------------------------------------------------------------------
peak_rss_mb() { # dir command
	local dir=$1 cmd=$2 i kb max=0
	for i in 1 2 3; do
		(cd "$dir" && /usr/bin/time -v -o "$WORK/time.out" bash -c "exec $cmd" >/dev/null 2>&1) || true
		kb=$(sed -n 's/^.*Maximum resident set size (kbytes): *//p' "$WORK/time.out")
		((kb > max)) && max=$kb
	done
	awk -v k="$max" 'BEGIN {printf "%.1f\n", k/1024}'
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A T RSS
for size in 1k 10k; do
	dir=${TREE[$size]}
	log "timing on $size files: read floor"
	T[floor,$size]=$(median_seconds "floor-$size" "$RUNS" "$dir" "$cmd_floor")
	log "timing on $size files: memlint"
	T[memlint,$size]=$(median_seconds "memlint-$size" "$RUNS" "$dir" "$cmd_memlint")
	log "timing on $size files: memlint, GOMAXPROCS=1"
	T[memlint1,$size]=$(median_seconds "memlint1-$size" "$RUNS" "$dir" "$cmd_memlint1")
	log "timing on $size files: markdownlint-cli2 ($MDL_RUNS runs)"
	T[mdl,$size]=$(median_seconds "mdl-$size" "$MDL_RUNS" "$dir" "$cmd_mdl")
	log "peak RSS on $size files"
	RSS[floor,$size]=$(peak_rss_mb "$dir" "$cmd_floor")
	RSS[memlint,$size]=$(peak_rss_mb "$dir" "$cmd_memlint")
	RSS[memlint1,$size]=$(peak_rss_mb "$dir" "$cmd_memlint1")
	RSS[mdl,$size]=$(peak_rss_mb "$dir" "$cmd_mdl")
done

LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
cpu() { cat "$WORK/cpu-$1"; }

# --- (f) report ----------------------------------------------------------------------
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a == "nan" || b == "nan") print "n/a"; else printf "%.2f", a/b}'; }
ms() { awk -v s="$1" 'BEGIN {if (s == "nan") print "n/a"; else printf "%.1f", s*1000}'; }
verdict() { awk -v v="$1" -v lim="$2" -v op="$3" 'BEGIN {ok = (op == "<") ? v < lim : v >= lim; print ok ? "met" : "MISSED"}'; }

files_1k=$(find "${TREE[1k]}" -type f -name '*.md' | wc -l)
files_10k=$(find "${TREE[10k]}" -type f -name '*.md' | wc -l)
bytes_1k=$(du -sb "${TREE[1k]}" | cut -f1)
bytes_10k=$(du -sb "${TREE[10k]}" | cut -f1)

r_floor=$(ratio "${T[memlint,10k]}" "${T[floor,10k]}")
r_mdl=$(ratio "${T[mdl,10k]}" "${T[memlint,10k]}")
r_lin=$(ratio "${T[memlint,10k]}" "${T[memlint,1k]}")
r_lin1=$(ratio "${T[memlint1,10k]}" "${T[memlint1,1k]}")
r_files=$(ratio "$files_10k" "$files_1k")

tee "$WORK/results.md" <<EOF

## memlint benchmark — $(date -u +%Y-%m-%dT%H:%MZ)

Machine: $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(awk '/MemTotal/ {printf "%.0f GB", $2/1048576}' /proc/meminfo) RAM, $(uname -sr)
Tools: memlint $(git describe --always --dirty 2>/dev/null || echo '?'), $($HYPERFINE --version 2>/dev/null || echo 'bash timing loop'), $(go version | cut -d' ' -f3), node $(node --version), $MDL_VERSION_SEEN
Trees: 1k = $files_1k Markdown files ($((bytes_1k / 1024)) KiB), 10k = $files_10k Markdown files ($((bytes_10k / 1024)) KiB); 50 memory dirs each, seed $SEED
Timing: median wall time of $RUNS runs ($MDL_RUNS for markdownlint-cli2) after one warm-up, warm page cache; CPU = user + system, mean over the same runs. RSS: largest of 3 runs.
Load average (1, 5, 15 min) before: $LOAD_BEFORE, after: $LOAD_AFTER (other work on the machine inflates wall times more than CPU times).

| tool | wall 1k (ms) | wall 10k (ms) | wall t(10k)/t(1k) | CPU 1k (ms) | CPU 10k (ms) | peak RSS 1k (MB) | peak RSS 10k (MB) |
|---|---:|---:|---:|---:|---:|---:|---:|
| read floor (1 thread) | $(ms "${T[floor,1k]}") | $(ms "${T[floor,10k]}") | $(ratio "${T[floor,10k]}" "${T[floor,1k]}") | $(ms "$(cpu floor-1k)") | $(ms "$(cpu floor-10k)") | ${RSS[floor,1k]} | ${RSS[floor,10k]} |
| memlint | $(ms "${T[memlint,1k]}") | $(ms "${T[memlint,10k]}") | $r_lin | $(ms "$(cpu memlint-1k)") | $(ms "$(cpu memlint-10k)") | ${RSS[memlint,1k]} | ${RSS[memlint,10k]} |
| memlint, GOMAXPROCS=1 | $(ms "${T[memlint1,1k]}") | $(ms "${T[memlint1,10k]}") | $r_lin1 | $(ms "$(cpu memlint1-1k)") | $(ms "$(cpu memlint1-10k)") | ${RSS[memlint1,1k]} | ${RSS[memlint1,10k]} |
| markdownlint-cli2 | $(ms "${T[mdl,1k]}") | $(ms "${T[mdl,10k]}") | $(ratio "${T[mdl,10k]}" "${T[mdl,1k]}") | $(ms "$(cpu mdl-1k)") | $(ms "$(cpu mdl-10k)") | ${RSS[mdl,1k]} | ${RSS[mdl,10k]} |

| target (10k files) | measured | |
|---|---:|---|
| memlint / read floor < 8 (wall) | $r_floor (GOMAXPROCS=1: $(ratio "${T[memlint1,10k]}" "${T[floor,10k]}"); CPU time: $(ratio "$(cpu memlint-10k)" "$(cpu floor-10k)")) | $(verdict "$r_floor" 8 "<") |
| markdownlint-cli2 / memlint ≥ 10 (wall) | $r_mdl (CPU time: $(ratio "$(cpu mdl-10k)" "$(cpu memlint-10k)")) | $(verdict "$r_mdl" 10 ">=") |
| memlint peak RSS < 150 MB | ${RSS[memlint,10k]} MB | $(verdict "${RSS[memlint,10k]}" 150 "<") |
| linear: wall t(10k)/t(1k) ≤ 1.1 × files ratio ($r_files) | $r_lin (GOMAXPROCS=1: $r_lin1; CPU time: $(ratio "$(cpu memlint-10k)" "$(cpu memlint-1k)")) | $(verdict "$r_lin" "$(awk -v f="$r_files" 'BEGIN {print f * 1.1}')" "<") |

Scratch folder (trees, binaries, raw timings): $WORK
EOF
