#!/usr/bin/env bash
# The steps of memlint's GitHub Action (action.yml at the repository root),
# kept here rather than in action.yml so that they can be run and tested
# outside GitHub (action/action_test.go runs them as the runner would).
#
#   run.sh find-go   says (output found=true|false) whether a usable Go is on
#                    PATH, so the action installs one only when there is none
#   run.sh build     builds memlint from the action's own checkout
#                    ($GITHUB_ACTION_PATH) into $RUNNER_TEMP (output bin)
#   run.sh lint      runs $MEMLINT_BIN on the inputs, which arrive in INPUT_*
#                    variables (never spliced into a script, so no input can
#                    inject shell code); outputs exit-code and sarif-file, and
#                    exits with memlint's exit code
#
# Bash 3.2 (macOS) compatible: no mapfile, and arrays that may be empty are
# expanded as ${a[@]+"${a[@]}"} for set -u.
set -euo pipefail

fail() {
  # An annotation on the run, and exit 2 as memlint does for usage errors.
  printf '::error title=memlint action::%s\n' "$1"
  exit 2
}

output() {
  # One step output. Values come from inputs: a newline would end the
  # name=value record and start another, so it is refused.
  case $2 in
  *$'\n'* | *$'\r'*) fail "output $1: the value has a line break" ;;
  esac
  printf '%s=%s\n' "$1" "$2" >>"${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
}

# bool NAME VALUE sets REPLY to true or false for the spellings YAML 1.2
# reads as booleans (what a workflow author means by them), and fails on
# anything else. Not in a $(...) subshell, so that fail ends the script.
bool() {
  case $2 in
  true | True | TRUE) REPLY=true ;;
  false | False | FALSE | '') REPLY=false ;;
  *) fail "input $1 must be true or false, not \"$2\"" ;;
  esac
}

find_go() {
  # Go 1.21 and later fetch the toolchain go.mod asks for (GOTOOLCHAIN=auto),
  # so any of them can build memlint; older ones cannot.
  # Asked from / with GOTOOLCHAIN=local: in the workspace, the linted
  # repository's go.mod or go.work ("go 1.99.0") would make the go command
  # fetch that toolchain first, and fail the job before memlint runs.
  local found=false version
  if command -v go >/dev/null 2>&1 && version=$(cd / && GOTOOLCHAIN=local GOWORK=off go env GOVERSION 2>/dev/null); then
    case $version in
    go1.[0-9] | go1.[0-9].* | go1.[0-9][a-z]* | go1.1[0-9] | go1.1[0-9].* | go1.1[0-9][a-z]* | go1.20 | go1.20.* | go1.20[a-z]*) ;;
    go1.*) found=true ;;
    esac
  fi
  output found "$found"
}

build() {
  local dir="${RUNNER_TEMP:?RUNNER_TEMP is not set}/memlint-action"
  local bin
  mkdir -p "$dir"
  # Every go command runs in the action's own checkout, with GOWORK=off: in
  # the workspace, the linted repository's go.mod or go.work would choose
  # the toolchain (GOTOOLCHAIN=auto fetching its "go 1.99.0") and fail the
  # job; a go.work above the action's checkout must not change what is
  # built either. -trimpath: the binary does not embed the runner's paths.
  cd "${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}"
  export GOWORK=off
  bin="$dir/memlint$(go env GOEXE)"
  # The action is downloaded without .git, so the go command cannot tell
  # the version: a release tag the workflow uses (memlint/memlint@v0.1.0)
  # is stamped as a release build is (-X main.releaseVersion). A branch or a
  # commit is not a version, and stays "(devel)".
  local ldflags=""
  if [[ ${GITHUB_ACTION_REF:-} =~ ^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]]; then
    ldflags="-X main.releaseVersion=$GITHUB_ACTION_REF"
  fi
  go build -trimpath -ldflags "$ldflags" -o "$bin" ./cmd/memlint
  "$bin" --version
  output bin "$bin"
}

lint() {
  local bin="${MEMLINT_BIN:?MEMLINT_BIN is not set}"
  local strict sarif sarif_file="${INPUT_SARIF_FILE:-memlint.sarif}"
  bool strict "${INPUT_STRICT:-false}"
  strict=$REPLY
  bool sarif "${INPUT_SARIF:-false}"
  sarif=$REPLY

  local cmd=("$bin" check --format github)
  if [ "$strict" = true ]; then
    cmd+=(--strict)
  fi

  # The report's summary line ("2 errors, 13 warnings … in 9 files (1
  # memory dir)") and the fixable count after it are kept for the job
  # summary.
  local report
  report=$(mktemp "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/memlint-report.XXXXXX")
  cmd+=(--output "text=$report")

  if [ "$sarif" = true ]; then
    [ -n "$sarif_file" ] || fail "input sarif-file is empty"
    mkdir -p "$(dirname -- "$sarif_file")"
    rm -f "$sarif_file" # so that a failed run leaves no stale log to upload
    cmd+=(--output "sarif=$sarif_file")
  fi

  # args: extra flags, split into words at whitespace (no quoting, no globs).
  local args=()
  IFS=$' \t\r\n' read -r -d '' -a args <<<"${INPUT_ARGS:-}" || true
  cmd+=(${args[@]+"${args[@]}"})

  # paths: one a line, surrounding blanks trimmed, empty lines skipped, so a
  # path may contain spaces. After "--", so that no path is read as a flag.
  # None: memlint's own discovery (the memory dirs of the repository).
  local paths=() line
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line#"${line%%[![:space:]]*}"}"
    line="${line%"${line##*[![:space:]]}"}"
    if [ -n "$line" ]; then
      paths+=("$line")
    fi
  done <<<"${INPUT_PATHS:-}"
  if [ ${#paths[@]} -gt 0 ]; then
    cmd+=(-- "${paths[@]}")
  fi

  local rc=0
  "${cmd[@]}" || rc=$?

  output exit-code "$rc"
  if [ "$sarif" = true ] && [ -f "$sarif_file" ]; then
    output sarif-file "$sarif_file"
  else
    output sarif-file ""
  fi
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    summarize "$rc" "$report" >>"$GITHUB_STEP_SUMMARY"
  fi
  rm -f "$report"
  return "$rc"
}

summarize() {
  local verdict summary=""
  case $1 in
  0) verdict="passed" ;;
  1) verdict="failed: findings that fail the run" ;;
  *) verdict="could not lint (exit $1, see the log)" ;;
  esac
  if [ -s "$2" ]; then
    # The summary is the last line naming the files linted; the fixable
    # count ("5 fixable with --fix …") may follow it.
    summary=$(awk '/ in [0-9]+ files? \(/ { s = $0; f = "" } / fixable with --/ { f = $0 } END { printf "%s%s%s", s, (s != "" && f != "" ? "\n\n" : ""), f }' "$2")
  fi
  printf '### memlint %s\n\n' "$verdict"
  if [ -n "$summary" ]; then
    printf '%s\n\n' "$summary"
  fi
}

case ${1:-} in
find-go) find_go ;;
build) build ;;
lint) lint ;;
*)
  echo "usage: run.sh find-go|build|lint" >&2
  exit 2
  ;;
esac
