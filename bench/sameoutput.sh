#!/usr/bin/env bash
# bench/sameoutput.sh — does a change leave memlint's output alone? Runs two
# memlint binaries over the same trees, in every format, with and without
# --preview, and compares stdout, stderr and the exit code byte for byte.
#
#   go build -o /tmp/old ./cmd/memlint      # at the commit before the change
#   go build -o /tmp/new ./cmd/memlint      # at the change
#   bench/sameoutput.sh /tmp/old /tmp/new
#
# The trees: each memory dir of ../shared/corpus and the corpus as a whole,
# examples/memory, and two generated trees (bench/gen.go: 5 dirs of 200
# topic files, and 1 dir of 200 with another seed); on the example also
# --statistics, preview, --fix --diff and memlint rules. With EVAL_WORK set
# to an eval work folder (eval/README.md), also every memory dir of its
# manifests, linted from the top of its checkout as eval/eval.go run does
# (JSON with --preview, and text). Prints each run that differs and exits 1
# if any does.
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 OLD_MEMLINT NEW_MEMLINT" >&2; exit 2; }
cd "$(dirname "$0")/.."
REPO_ROOT=$PWD
OLD=$(realpath "$1")
NEW=$(realpath "$2")
CORPUS=${CORPUS:-$REPO_ROOT/../shared/corpus}
EVAL_WORK=${EVAL_WORK:-}
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT

# An empty home and no colour: nothing of this machine takes part.
export HOME=$SCRATCH/home XDG_CONFIG_HOME=$SCRATCH/home/.config GIT_CONFIG_NOSYSTEM=1 LANG=C.UTF-8 NO_COLOR=1
mkdir -p "$XDG_CONFIG_HOME"
go run bench/gen.go -out "$SCRATCH/trees/gen5" -dirs 5 -files 200 >/dev/null
go run bench/gen.go -out "$SCRATCH/trees/gen1" -dirs 1 -files 200 -seed 7 >/dev/null

runs=0
differ=0
# one NAME DIR ARGS...: both binaries in DIR; compare.
one() {
	local name=$1 dir=$2
	shift 2
	local side bin
	for side in old new; do
		bin=$OLD
		[ "$side" = new ] && bin=$NEW
		(cd "$dir" && { "$bin" "$@" >"$SCRATCH/$side.out" 2>"$SCRATCH/$side.err"; echo $? >"$SCRATCH/$side.rc"; }) || true
	done
	runs=$((runs + 1))
	local f
	for f in out err rc; do
		if ! cmp -s "$SCRATCH/old.$f" "$SCRATCH/new.$f"; then
			echo "differs: $name ($f): memlint $*"
			differ=$((differ + 1))
			return
		fi
	done
}

for format in text json sarif github gitlab; do
	for preview in "" --preview; do
		if [ -d "$CORPUS" ]; then
			for c in "$CORPUS"/*/; do
				one "corpus $(basename "$c") $format $preview" "$CORPUS" check --format "$format" $preview "$(basename "$c")"
			done
			one "corpus $format $preview" "$CORPUS" check --format "$format" $preview .
		fi
		one "example $format $preview" "$REPO_ROOT" check --format "$format" $preview examples/memory
		one "gen5 $format $preview" "$SCRATCH/trees" check --format "$format" $preview gen5
		one "gen1 $format $preview" "$SCRATCH/trees" check --format "$format" $preview gen1
	done
done
one "example statistics" "$REPO_ROOT" check --statistics --preview examples/memory
one "example preview" "$REPO_ROOT" preview examples/memory
one "example diff" "$REPO_ROOT" check --fix --diff --preview examples/memory
one "rules" "$REPO_ROOT" rules

if [ -n "$EVAL_WORK" ]; then
	for tsv in "$EVAL_WORK"/*.tsv; do
		# repo, commit, path, checkout
		while IFS=$'\t' read -r _ _ path checkout; do
			[ "$path" = path ] && continue
			one "eval $checkout json" "$checkout" check --preview --format json --exit-zero "$path"
			one "eval $checkout text" "$checkout" check "$path"
		done <"$tsv"
	done
fi

echo "$runs runs, $differ differ"
[ "$differ" -eq 0 ]
