// Package action tests memlint's GitHub Action: action.yml at the
// repository root and the script its steps run, action/run.sh. The tests
// run the action's run steps as the runner does (bash --noprofile --norc
// -eo pipefail on the step's script, its env with the ${{ }} expressions
// resolved, a GITHUB_OUTPUT file per step, one GITHUB_STEP_SUMMARY), in a
// real git repository holding the shipped example memory, and check what
// GitHub would see: annotations, step outputs, the SARIF log, the exit
// status. The uses: steps (setup-go, upload-sarif) are GitHub's and are
// checked as configuration only, as is docs/ci.md's account of the action.
package action

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// actionFile is the part of action.yml these tests read.
type actionFile struct {
	Name   string `yaml:"name"`
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []step `yaml:"steps"`
	} `yaml:"runs"`
}

type step struct {
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	With  map[string]string `yaml:"with"`
	Shell string            `yaml:"shell"`
	Run   string            `yaml:"run"`
	Env   map[string]string `yaml:"env"`
}

// The actions the composite action may use, at releases of their current
// major versions (Node 24; codeql-action v3 is deprecated), pinned by
// commit: a tag can be moved to other code by whoever controls the
// action's repository, a commit cannot. action.yml names the release in a
// comment after each (checked by TestActionPinsBySHA).
const (
	setupGo     = "actions/setup-go@924ae3a1cded613372ab5595356fb5720e22ba16"
	uploadSARIF = "github/codeql-action/upload-sarif@8aad20d150bbac5944a9f9d289da16a4b0d87c1e"
)

// pinnedUses is a uses: line pinned by a full commit SHA, with the release
// it is in a comment.
var pinnedUses = regexp.MustCompile(`^\s*(?:- )?uses: [\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$`)

// TestActionPinsBySHA checks every uses: line of action.yml: a full commit
// SHA, and the release it is in a comment after it.
func TestActionPinsBySHA(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimLeft(strings.TrimSpace(line), "- "), "uses:") {
			n++
			if !pinnedUses.MatchString(line) {
				t.Errorf("action.yml:%d: %q is not pinned by commit SHA with its version in a comment", i+1, strings.TrimSpace(line))
			}
		}
	}
	if n != 2 {
		t.Errorf("action.yml has %d uses: lines, want 2 (setup-go and upload-sarif)", n)
	}
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// runnerTemp is RUNNER_TEMP for every run: memlint built by the first run
// is there for the next ones.
var runnerTemp string

// memo holds the outputs of the steps that read no input (finding Go,
// building memlint): each runs once, for the first test that runs the
// action, as it would give the same outputs every time.
var memo = map[string]map[string]string{}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "memlint-action-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	runnerTemp = filepath.Join(dir, "runner temp")
	code := 1
	if err := os.Mkdir(runnerTemp, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
	} else {
		code = m.Run()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func loadAction(t *testing.T) actionFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return a
}

// TestActionYML checks the action's configuration: a composite action
// whose shell steps run action/run.sh with inputs passed through env only
// (an input spliced into a run: script is shell injection), setup-go only
// when the job has no Go, and the SARIF upload at the current codeql-action
// major version, also after memlint failed the step.
func TestActionYML(t *testing.T) {
	t.Parallel()
	a := loadAction(t)
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", a.Runs.Using)
	}
	for _, name := range []string{"paths", "args", "strict", "sarif", "sarif-file", "sarif-category"} {
		if _, ok := a.Inputs[name]; !ok {
			t.Errorf("input %s is missing", name)
		}
	}
	used := map[string]bool{}
	var uses []string
	for i, s := range a.Runs.Steps {
		for _, text := range append([]string{s.If}, values(s.With, s.Env)...) {
			for _, m := range expression.FindAllStringSubmatch(text, -1) {
				if name, ok := strings.CutPrefix(m[1], "inputs."); ok {
					if _, declared := a.Inputs[name]; !declared {
						t.Errorf("step %d uses undeclared input %s", i, name)
					}
					used[name] = true
				}
			}
		}
		if s.Uses != "" {
			uses = append(uses, s.Uses)
			continue
		}
		if s.Shell != "bash" {
			t.Errorf("step %d: shell = %q, want bash (the script is bash)", i, s.Shell)
		}
		if strings.Contains(s.Run, "${{") {
			t.Errorf("step %d: run: has a ${{ }} expression (pass it through env): %q", i, s.Run)
		}
		if !strings.Contains(s.Run, `"$GITHUB_ACTION_PATH/action/run.sh"`) {
			t.Errorf("step %d: run: does not run action/run.sh: %q", i, s.Run)
		}
	}
	for name := range a.Inputs {
		if !used[name] {
			t.Errorf("input %s is declared but no step uses it", name)
		}
	}
	if strings.Join(uses, " ") != setupGo+" "+uploadSARIF {
		t.Errorf("uses: %q, want %s then %s", uses, setupGo, uploadSARIF)
	}
	for _, s := range a.Runs.Steps {
		switch s.Uses {
		case setupGo:
			if s.If != "steps.go.outputs.found != 'true'" {
				t.Errorf("setup-go if: %q, want it only when find-go found none", s.If)
			}
			if s.With["go-version-file"] != "${{ github.action_path }}/go.mod" {
				t.Errorf("setup-go go-version-file = %q, want the action's go.mod", s.With["go-version-file"])
			}
		case uploadSARIF:
			for _, want := range []string{"!cancelled()", "steps.lint.outputs.sarif-file != ''", "head.repo.full_name == github.repository"} {
				if !strings.Contains(s.If, want) {
					t.Errorf("upload-sarif if: %q lacks %q", s.If, want)
				}
			}
			if s.With["sarif_file"] != "${{ steps.lint.outputs.sarif-file }}" {
				t.Errorf("upload-sarif sarif_file = %q, want the lint step's output", s.With["sarif_file"])
			}
		}
	}
}

func values(maps ...map[string]string) []string {
	var out []string
	for _, m := range maps {
		for _, v := range m {
			out = append(out, v)
		}
	}
	return out
}

// run is what one run of the action left behind.
type run struct {
	stdout  string            // every step's stdout: the annotations
	status  int               // the exit status of the first failing step, or 0
	outputs map[string]string // the action's outputs
	summary string            // GITHUB_STEP_SUMMARY
}

// runAction runs the action's run steps in dir, as a job whose Go is on
// PATH (so setup-go is skipped, which the test asserts), until one fails;
// the upload step (GitHub's) is not run.
func runAction(t *testing.T, dir string, inputs map[string]string) run {
	t.Helper()
	a := loadAction(t)
	root := repoRoot(t)
	tmp := t.TempDir()
	home := filepath.Join(tmp, "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	summary := filepath.Join(tmp, "step summary.md")

	// The job's environment, without the machine's Claude Code or memlint
	// settings; HOME is empty, so memlint's discovery never falls back to
	// the user's own memory. The Go caches stay, so builds are warm.
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "CLAUDE") || strings.HasPrefix(name, "MEMLINT_") || strings.HasPrefix(name, "GITHUB_") || strings.HasPrefix(name, "RUNNER_") || name == "HOME" {
			continue
		}
		env = append(env, kv)
	}
	for _, name := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		env = append(env, name+"="+strings.TrimSpace(string(out)))
	}
	env = append(env, "HOME="+home, "RUNNER_TEMP="+runnerTemp, "GITHUB_ACTION_PATH="+root,
		"GITHUB_WORKSPACE="+dir, "GITHUB_STEP_SUMMARY="+summary)

	stepOutputs := map[string]map[string]string{}
	resolve := func(text string) string {
		return expression.ReplaceAllStringFunc(text, func(e string) string {
			x := expression.FindStringSubmatch(e)[1]
			if name, ok := strings.CutPrefix(x, "inputs."); ok {
				if v, ok := inputs[name]; ok {
					return v
				}
				return a.Inputs[name].Default
			}
			if x == "github.action_path" {
				return root
			}
			if parts := strings.Split(x, "."); len(parts) == 4 && parts[0] == "steps" && parts[2] == "outputs" {
				return stepOutputs[parts[1]][parts[3]]
			}
			t.Fatalf("expression %s: not supported by this test's runner", e)
			return ""
		})
	}

	var r run
	for i, s := range a.Runs.Steps {
		if s.Uses != "" {
			if s.Uses == setupGo && stepOutputs["go"]["found"] != "true" {
				t.Fatalf("find-go found no Go, though the tests run with one: found=%q", stepOutputs["go"]["found"])
			}
			continue
		}
		readsInputs := false
		for _, v := range s.Env {
			readsInputs = readsInputs || strings.Contains(v, "inputs.")
		}
		if out, ok := memo[s.ID]; ok && !readsInputs {
			stepOutputs[s.ID] = out
			continue
		}
		script := filepath.Join(tmp, "step.sh")
		outFile := filepath.Join(tmp, "output")
		if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(outFile, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = dir
		cmd.Env = append(append([]string{}, env...), "GITHUB_OUTPUT="+outFile)
		for name, v := range s.Env {
			cmd.Env = append(cmd.Env, name+"="+resolve(v))
		}
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		r.stdout += string(out)
		outputs, perr := readOutputs(outFile)
		if perr != nil {
			t.Fatalf("step %d (%s): GITHUB_OUTPUT: %v", i, s.ID, perr)
		}
		stepOutputs[s.ID] = outputs
		if err == nil && !readsInputs {
			memo[s.ID] = outputs
		}
		if err != nil {
			exit, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatalf("step %d (%s): %v", i, s.ID, err)
			}
			r.status = exit.ExitCode()
			t.Logf("step %s exited %d; stderr:\n%s", s.ID, r.status, stderr.String())
			break
		}
	}
	r.outputs = map[string]string{}
	for name, o := range a.Outputs {
		r.outputs[name] = resolve(o.Value)
	}
	if data, err := os.ReadFile(summary); err == nil {
		r.summary = string(data)
	}
	return r
}

// readOutputs reads a GITHUB_OUTPUT file: name=value lines (the script
// writes no multi-line values), each name once.
func readOutputs(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok || name == "" || strings.Contains(name, "<<") {
			return nil, &os.PathError{Op: "parse", Path: path, Err: os.ErrInvalid}
		}
		if _, dup := out[name]; dup {
			return nil, &os.PathError{Op: "parse " + name + " twice", Path: path, Err: os.ErrExist}
		}
		out[name] = value
	}
	return out, nil
}

// newRepo makes a git repository (with a space in its path) holding a copy
// of the shipped example memory at each of dirs, relative to its top.
func newRepo(t *testing.T, dirs ...string) string {
	t.Helper()
	repo := filepath.Join(t.TempDir(), "my repo")
	if err := os.Mkdir(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	example := os.DirFS(filepath.Join(repoRoot(t), "examples", "memory"))
	for _, d := range dirs {
		if err := os.CopyFS(filepath.Join(repo, d), example); err != nil {
			t.Fatal(err)
		}
	}
	return repo
}

// warningsOnly makes a repository whose one memory dir, memory/, has only a
// warning: the example's deploy rule, which does not say why it holds.
func warningsOnly(t *testing.T) string {
	t.Helper()
	repo := newRepo(t)
	mem := filepath.Join(repo, "memory")
	if err := os.Mkdir(mem, 0o755); err != nil {
		t.Fatal(err)
	}
	topic, err := os.ReadFile(filepath.Join(repoRoot(t), "examples", "memory", "project_deploys.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"MEMORY.md":          "# Memory\n\n- [Deploys](project_deploys.md) — who may deploy billing and when\n",
		"project_deploys.md": string(topic),
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(mem, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return repo
}

const (
	danglingLink = ",line=12,col=3,endColumn=49,title=memlint index-dangling-link::project_billing_invoices.md does not exist in this memory dir"
	missingWhy   = "::warning file=memory/project_deploys.md,line=7,col=1,title=memlint project-structure::"
)

func TestAction(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		repo    func(t *testing.T) string
		inputs  map[string]string
		status  int
		outputs map[string]string
		stdout  []string // lines (prefixes) the annotations must include
		summary string
		sarif   string // the SARIF log's path in the repository, if one is written
	}{
		{
			name: "paths with spaces, SARIF in a new folder",
			repo: func(t *testing.T) string { return newRepo(t, "docs memory", "team notes/memory") },
			inputs: map[string]string{
				"paths":      "  docs memory  \n\nteam notes/memory\n",
				"sarif":      "true",
				"sarif-file": "reports/memlint out.sarif",
				"args":       "--preview",
			},
			status:  1,
			outputs: map[string]string{"exit-code": "1", "sarif-file": "reports/memlint out.sarif"},
			stdout: []string{
				"::error file=docs memory/MEMORY.md" + danglingLink,
				"::error file=team notes/memory/MEMORY.md" + danglingLink,
				"::error file=docs memory/user_role.md,line=4,col=7,endColumn=10,title=memlint memory-type::",
			},
			summary: "### memlint failed: findings that fail the run\n\n6 errors, 22 warnings, 2 infos in 20 files (2 memory dirs)\n\n8 fixable with --fix (2 more with --unsafe-fixes)\n\n",
			sarif:   "reports/memlint out.sarif",
		},
		{
			name:    "no paths: memlint finds the repository's memory",
			repo:    func(t *testing.T) string { return newRepo(t, ".claude/memory") },
			inputs:  map[string]string{"args": "--preview"},
			status:  1,
			outputs: map[string]string{"exit-code": "1", "sarif-file": ""},
			stdout:  []string{"::error file=.claude/memory/MEMORY.md" + danglingLink},
			summary: "### memlint failed: findings that fail the run\n\n3 errors, 11 warnings, 1 info in 10 files (1 memory dir)\n\n4 fixable with --fix (1 more with --unsafe-fixes)\n\n",
		},
		{
			name:    "a path that looks like a flag",
			repo:    func(t *testing.T) string { return newRepo(t, "-notes") },
			inputs:  map[string]string{"paths": "-notes", "args": "--preview"},
			status:  1,
			outputs: map[string]string{"exit-code": "1", "sarif-file": ""},
			stdout:  []string{"::error file=-notes/MEMORY.md" + danglingLink},
		},
		{
			name:    "warnings pass",
			repo:    warningsOnly,
			inputs:  map[string]string{"sarif": "True", "args": "--preview"},
			status:  0,
			outputs: map[string]string{"exit-code": "0", "sarif-file": "memlint.sarif"},
			stdout:  []string{missingWhy},
			summary: "### memlint passed\n\n1 warning in 2 files (1 memory dir)\n\n",
			sarif:   "memlint.sarif",
		},
		{
			name:    "strict fails on warnings",
			repo:    warningsOnly,
			inputs:  map[string]string{"strict": "true", "args": "--preview"},
			status:  1,
			outputs: map[string]string{"exit-code": "1", "sarif-file": ""},
			stdout:  []string{missingWhy},
		},
		{
			name:    "args split at whitespace and newlines",
			repo:    warningsOnly,
			inputs:  map[string]string{"args": " --strict\n\t--quiet --preview "},
			status:  1,
			outputs: map[string]string{"exit-code": "1", "sarif-file": ""},
			stdout:  []string{missingWhy},
			summary: "### memlint failed: findings that fail the run\n\n1 warning in 2 files (1 memory dir)\n\n",
		},
		{
			name:    "a bad flag in args is memlint's usage error",
			repo:    warningsOnly,
			inputs:  map[string]string{"args": "--no-such-flag", "sarif": "true"},
			status:  2,
			outputs: map[string]string{"exit-code": "2", "sarif-file": ""},
			summary: "### memlint could not lint (exit 2, see the log)\n\n",
		},
		{
			name:    "a bad boolean input",
			repo:    warningsOnly,
			inputs:  map[string]string{"strict": "yes"},
			status:  2,
			outputs: map[string]string{"exit-code": "", "sarif-file": ""},
			stdout:  []string{`::error title=memlint action::input strict must be true or false, not "yes"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := tt.repo(t)
			r := runAction(t, repo, tt.inputs)
			if r.status != tt.status {
				t.Errorf("status %d, want %d", r.status, tt.status)
			}
			for name, want := range tt.outputs {
				if r.outputs[name] != want {
					t.Errorf("output %s = %q, want %q", name, r.outputs[name], want)
				}
			}
			lines := strings.Split(r.stdout, "\n")
			for _, want := range tt.stdout {
				if !hasPrefixLine(lines, want) {
					t.Errorf("no annotation line starting %q in:\n%s", want, r.stdout)
				}
			}
			if tt.summary != "" && r.summary != tt.summary {
				t.Errorf("step summary:\n%q\nwant\n%q", r.summary, tt.summary)
			}
			sarifs, _ := filepath.Glob(filepath.Join(repo, "*", "*.sarif"))
			top, _ := filepath.Glob(filepath.Join(repo, "*.sarif"))
			sarifs = append(sarifs, top...)
			if tt.sarif == "" {
				if len(sarifs) > 0 {
					t.Errorf("SARIF written without sarif: true: %q", sarifs)
				}
				return
			}
			checkSARIF(t, filepath.Join(repo, tt.sarif), r.stdout)
		})
	}
}

func hasPrefixLine(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// checkSARIF checks that the log is memlint's and holds one result for each
// annotation the run printed.
func checkSARIF(t *testing.T, path, annotations string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name string `json:"name"`
				} `json:"driver"`
			} `json:"tool"`
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "memlint" {
		t.Fatalf("%s: version %q, %d runs, not memlint's SARIF 2.1.0 log", path, log.Version, len(log.Runs))
	}
	n := strings.Count(annotations, "\n::error file=") + strings.Count(annotations, "\n::warning file=") + strings.Count(annotations, "\n::notice file=")
	if strings.HasPrefix(annotations, "::") {
		n++
	}
	if got := len(log.Runs[0].Results); got != n || n == 0 {
		t.Errorf("%s: %d results, %d annotations", path, got, n)
	}
}

// TestFindGo checks which Go versions the action builds memlint with rather
// than setting up its own: 1.21 and later (which fetch the toolchain go.mod
// asks for). A go script on PATH reports each version.
func TestFindGo(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(repoRoot(t), "action", "run.sh")
	for _, tt := range []struct {
		version string // empty: no go on PATH
		found   string
	}{
		{"", "false"},
		{"go1.9", "false"},
		{"go1.20.14", "false"},
		{"go1.20rc1", "false"},
		{"go1.21.0", "true"},
		{"go1.26.0", "true"},
		{"go1.30rc1", "true"},
	} {
		t.Run("version "+tt.version, func(t *testing.T) {
			bin := t.TempDir()
			if tt.version != "" {
				fake := "#!/bin/sh\n[ \"$1 $2\" = \"env GOVERSION\" ] && echo " + tt.version + "\n"
				if err := os.WriteFile(filepath.Join(bin, "go"), []byte(fake), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			out := filepath.Join(bin, "output")
			cmd := exec.Command(bash, script, "find-go")
			// PATH: the fake go, then the tools the script needs (sh, for
			// the fake), without the real go.
			cmd.Env = []string{"PATH=" + bin + string(os.PathListSeparator) + "/bin", "GITHUB_OUTPUT=" + out}
			if _, err := os.Stat("/bin/go"); err == nil {
				t.Skip("/bin/go exists")
			}
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("find-go: %v\n%s", err, msg)
			}
			outputs, err := readOutputs(out)
			if err != nil {
				t.Fatal(err)
			}
			if outputs["found"] != tt.found {
				t.Errorf("found=%q, want %q", outputs["found"], tt.found)
			}
		})
	}
}

// TestScriptShellcheck lints the script. Without shellcheck it skips,
// unless MEMLINT_REQUIRE_SHELLCHECK=1 (CI).
func TestScriptShellcheck(t *testing.T) {
	t.Parallel()
	bin, err := exec.LookPath("shellcheck")
	if err != nil {
		if os.Getenv("MEMLINT_REQUIRE_SHELLCHECK") == "1" {
			t.Fatal("shellcheck not found")
		}
		t.Skip("shellcheck not found")
	}
	script := filepath.Join(repoRoot(t), "action", "run.sh")
	if out, err := exec.Command(bin, "-s", "bash", script).CombinedOutput(); err != nil {
		t.Errorf("shellcheck -s bash %s: %v\n%s", script, err, out)
	}
}

// TestDocs checks that docs/ci.md's section on the action lists exactly
// the action's inputs (with their defaults) and outputs, and that its
// example workflow parses, uses this action and grants the permissions the
// SARIF upload needs.
func TestDocs(t *testing.T) {
	t.Parallel()
	a := loadAction(t)
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "ci.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## GitHub Action\n")
	if !ok {
		t.Fatal("docs/ci.md has no section ## GitHub Action")
	}
	section, _, _ = strings.Cut(section, "\n## ")

	// The inputs table comes first, then the outputs table (sarif-file is
	// in both).
	_, tables, ok := strings.Cut(section, "\n| Input |")
	inputTable, outputTable, ok2 := strings.Cut(tables, "\n| Output |")
	if !ok || !ok2 {
		t.Fatal("the section lacks its Input and Output tables")
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\| (.*?) \\|")
	inputs, outputs := map[string]string{}, map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(inputTable, -1) {
		inputs[m[1]] = m[2]
	}
	for _, m := range row.FindAllStringSubmatch(outputTable, -1) {
		outputs[m[1]] = true
	}
	for name := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Errorf("docs/ci.md lists input %s, which action.yml does not take", name)
		}
	}
	for name, in := range a.Inputs {
		want := "empty"
		if in.Default != "" {
			want = "`" + in.Default + "`"
		}
		if got, ok := inputs[name]; !ok {
			t.Errorf("docs/ci.md does not list input %s", name)
		} else if got != want {
			t.Errorf("docs/ci.md: input %s defaults to %s, action.yml to %s", name, got, want)
		}
	}
	for name := range outputs {
		if _, ok := a.Outputs[name]; !ok {
			t.Errorf("docs/ci.md lists output %s, which action.yml does not give", name)
		}
	}
	for name := range a.Outputs {
		if !outputs[name] {
			t.Errorf("docs/ci.md does not list output %s", name)
		}
	}

	_, block, ok := strings.Cut(section, "```yaml\n")
	if !ok {
		t.Fatal("the section has no yaml block")
	}
	block, _, _ = strings.Cut(block, "```")
	var workflow struct {
		Permissions map[string]string `yaml:"permissions"`
		Jobs        map[string]struct {
			Steps []step `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal([]byte(block), &workflow); err != nil {
		t.Fatalf("the example workflow: %v", err)
	}
	for name, want := range map[string]string{"contents": "read", "security-events": "write", "actions": "read"} {
		if workflow.Permissions[name] != want {
			t.Errorf("the example workflow: permissions %s: %q, want %s", name, workflow.Permissions[name], want)
		}
	}
	var uses []string
	for _, j := range workflow.Jobs {
		for _, s := range j.Steps {
			uses = append(uses, s.Uses)
		}
	}
	if strings.Join(uses, " ") != "actions/checkout@v6 memlint/memlint@v0.1.0" {
		t.Errorf("the example workflow uses %q", uses)
	}
}

// TestBuildVersion checks the version of the memlint the build step makes:
// the action's ref when the workflow names a release tag, as a release
// build has it, and never a branch name.
func TestBuildVersion(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	src, err := os.ReadFile(filepath.Join(root, "cmd", "memlint", "version.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "releaseVersion") {
		t.Skip("cmd/memlint has no releaseVersion to stamp yet")
	}
	for _, tt := range []struct{ ref, want string }{
		{"v0.1.0", "v0.1.0"},
		{"main", ""},
	} {
		t.Run(tt.ref, func(t *testing.T) {
			tmp := t.TempDir()
			out := filepath.Join(tmp, "output")
			cmd := exec.Command("bash", filepath.Join(root, "action", "run.sh"), "build")
			cmd.Env = append(os.Environ(), "RUNNER_TEMP="+tmp, "GITHUB_OUTPUT="+out,
				"GITHUB_ACTION_PATH="+root, "GITHUB_ACTION_REF="+tt.ref)
			stdout, err := cmd.Output()
			if err != nil {
				t.Fatalf("build: %v\n%s", err, stdout)
			}
			// memlint VERSION GOVERSION OS/ARCH
			fields := strings.Fields(string(stdout))
			if len(fields) != 4 || fields[0] != "memlint" {
				t.Fatalf("build printed %q, want memlint's version line", stdout)
			}
			if tt.want != "" && fields[1] != tt.want {
				t.Errorf("version %s, want %s", fields[1], tt.want)
			}
			if tt.want == "" && fields[1] == tt.ref {
				t.Errorf("version %s, stamped from ref %q", fields[1], tt.ref)
			}
		})
	}
}

// TestActionIgnoresTheRepositorysGo: the action's steps run in the linted
// repository's checkout, whose go.mod or go.work may ask for a Go that does
// not exist ("go 1.99.0"). With GOTOOLCHAIN=auto, any go command run there
// would try to fetch that toolchain and fail the job before memlint runs:
// finding Go and building memlint must look at the action's own go.mod
// only.
func TestActionIgnoresTheRepositorysGo(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	for _, tc := range []struct{ name, file, content string }{
		{"go.mod", "go.mod", "module example.com/planted\n\ngo 1.99.0\n"},
		{"go.work", "go.work", "go 1.99.0\n\nuse .\n"},
		{"toolchain line", "go.mod", "module example.com/planted\n\ngo 1.21\n\ntoolchain go1.99.0\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			workspace, tmp := t.TempDir(), t.TempDir()
			if err := os.WriteFile(filepath.Join(workspace, tc.file), []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(tmp, "output")
			for _, step := range []string{"find-go", "build"} {
				if err := os.WriteFile(out, nil, 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command("bash", filepath.Join(root, "action", "run.sh"), step)
				cmd.Dir = workspace
				// GOPROXY=off: fetching go1.99.0 fails at once, offline.
				cmd.Env = append(os.Environ(), "GOTOOLCHAIN=auto", "GOPROXY=off", "RUNNER_TEMP="+tmp,
					"GITHUB_OUTPUT="+out, "GITHUB_ACTION_PATH="+root, "GITHUB_WORKSPACE="+workspace)
				if msg, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("%s in a repository with a %s asking for Go 1.99: %v\n%s", step, tc.file, err, msg)
				}
				outputs, err := readOutputs(out)
				if err != nil {
					t.Fatal(err)
				}
				if step == "find-go" && outputs["found"] != "true" {
					t.Errorf("find-go: found=%q, want true (the Go running these tests)", outputs["found"])
				}
				if step == "build" && outputs["bin"] == "" {
					t.Error("build: no bin output")
				}
			}
		})
	}
}
