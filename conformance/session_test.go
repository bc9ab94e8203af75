package conformance

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// sessionTimeout bounds one Claude Code run. A session normally takes about
// a second; the margin is for a loaded 2-core machine.
const sessionTimeout = 90 * time.Second

// A sandbox is a throwaway world for one Claude Code session: a git repo,
// a HOME and a TMPDIR, all in temp dirs, and the memory dir Claude Code
// derives for that repo.
type sandbox struct {
	Repo   string // the git repo, symlinks resolved
	Home   string
	Tmp    string
	MemDir string // $HOME/.claude/projects/<key>/memory
	// Env is added to the environment of Claude Code and of memlint (which
	// reads CLAUDE_MEMORY_STORES and CLAUDE_CONFIG_DIR too).
	Env []string
	// Claude is the Claude Code the sandbox runs; nil is claudes[0].
	Claude *claudeBinary
}

// claude returns the Claude Code the sandbox runs.
func (sb *sandbox) claude() *claudeBinary {
	if sb.Claude != nil {
		return sb.Claude
	}
	return claudes[0]
}

// runPreviewRules writes a .memlint.yaml with preview: true at the top of
// the sandbox's repository: the hooks take no flags, and the findings these
// tests watch reach the agent from preview rules (secret, feedback-structure,
// index-dangling-link, memory-type).
func runPreviewRules(t *testing.T, sb *sandbox) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(sb.Repo, ".memlint.yaml"), []byte("preview: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func newSandbox(t *testing.T) *sandbox {
	t.Helper()
	return newSandboxAt(t, "repo")
}

// newSandboxAt is newSandbox with the repo at a chosen path below the temp
// dir (to test project keys of odd paths).
func newSandboxAt(t *testing.T, repo string) *sandbox {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sb := &sandbox{
		Repo: filepath.Join(root, filepath.FromSlash(repo)),
		Home: filepath.Join(root, "home"),
		Tmp:  filepath.Join(root, "tmp"),
	}
	for _, d := range []string{sb.Repo, sb.Home, sb.Tmp} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	git := exec.Command("git", "init", "-q", sb.Repo)
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	key := projectKey(sb.Repo)
	if len(key) > 200 {
		// Claude Code cuts long keys and adds a hash; only the location
		// test uses such paths, and it reads the dir from the prompt.
		return sb
	}
	sb.MemDir = filepath.Join(sb.Home, ".claude", "projects", key, "memory")
	if err := os.MkdirAll(sb.MemDir, 0o755); err != nil {
		t.Fatal(err)
	}
	return sb
}

// projectKey is Claude Code's folder name for a project: the path with every
// UTF-16 code unit that is not an ASCII letter or digit replaced by '-'. The
// cases' temp paths are short, so the 200-character cut and its hash never
// apply to them.
func projectKey(path string) string {
	var b strings.Builder
	for _, r := range path {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r > 0xFFFF:
			b.WriteString("--")
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

// sessionOptions vary how Claude Code is started.
type sessionOptions struct {
	Prompt string
	Script script
	// Recall turns on relevant-memory recall through the cached feature flag
	// and routes Claude Code's other traffic to a dead loopback proxy.
	Recall bool
	// Setup maps absolute paths to contents written before the session.
	Setup map[string]string
	// Dir is where Claude Code starts (default: the repo).
	Dir string
	// Args are added to Claude Code's command line (e.g. --plugin-dir).
	Args []string
	// ScriptID names Script for the observation cache: it must change
	// whenever the replies Script gives could. A session with a Script but
	// no ScriptID is never cached.
	ScriptID string
}

// sessionResult is what one session left behind.
type sessionResult struct {
	Requests []*apiRequest
	Stdout   string
	Stderr   string
	Cached   string // the cache key, when the observation was replayed
}

// limiter bounds the Claude Code processes running at once (sessions and
// claudeCmd): each is a 370 MB Bun binary whose start alone costs most of a
// CPU-second, and the machine has few cores. Every test that starts Claude
// Code runs in parallel with the others, so this is the only bound.
var limiter = make(chan struct{}, 3)

// runSession runs `claude -p` once in sb against a fresh mock API, or
// replays what such a run observed when the observation cache holds it
// (cache_test.go; README.md, "Observation cache").
func runSession(t *testing.T, sb *sandbox, opt sessionOptions) sessionResult {
	t.Helper()
	for path, data := range opt.Setup {
		if err := writeFile(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	scriptID := opt.ScriptID
	if opt.Script == nil {
		opt.Script, scriptID = endTurn, "endTurn"
	}
	if opt.Prompt == "" {
		opt.Prompt = "hello"
	}
	if opt.Recall {
		// Telemetry stays on so the cached feature flags are honoured.
		if err := enableRecallFlag(sb); err != nil {
			t.Fatal(err)
		}
	}
	args := append([]string{"-p", opt.Prompt, "--output-format", "json"}, opt.Args...)
	dir := sb.Repo
	if opt.Dir != "" {
		dir = opt.Dir
	}

	// The cache key: only sessions whose script is named and that run
	// nothing of this checkout (no extra arguments such as --plugin-dir,
	// no PATH of the test's own) are cached.
	var (
		entry  string
		key    string
		before []fileEntry
		root   = filepath.Dir(sb.Home)
	)
	if cdir := cacheDir(); cdir != "" && scriptID != "" && len(opt.Args) == 0 && !setsPath(sb.Env) && cacheable(sb, dir) {
		bin, err := sb.claude().id()
		if err != nil {
			t.Fatalf("hashing Claude Code: %v", err)
		}
		n := newNormaliser(root, "")
		var in keyInput
		in, err = sessionKeyInput(sb, bin, opt, scriptID, args, dir)
		if err != nil {
			t.Fatal(err)
		}
		before = in.Files
		key = observationKey(in)
		entry = entryPath(cdir, bin, key)
		if !cacheFresh() {
			if obs := loadObservation(entry, key); obs != nil {
				res, err := replay(sb, obs, n)
				if err != nil {
					t.Fatalf("replaying cached observation %s: %v", entry, err)
				}
				if *flagDump != "" {
					dumpRequests(t, res.Requests)
				}
				cacheHits.Add(1)
				return res
			}
		}
		cacheMisses.Add(1)
	} else {
		cacheSkipped.Add(1)
	}

	limiter <- struct{}{}
	defer func() { <-limiter }()
	mock := newMockAPI(opt.Script)
	defer mock.Close()
	if opt.Recall {
		mock.waitSelector = 10 * time.Second
	}

	ctx, cancel := context.WithTimeout(context.Background(), sessionTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, sb.claude().Path, args...)
	cmd.Dir = dir
	cmd.Env = sessionEnv(sb, opt, mock.URL())
	cmd.Stdin = nil
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// Its own process group, so the whole group is killed on timeout and
	// at the end, and nothing of ours is ever signalled.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	err := cmd.Run()
	if cmd.Process != nil {
		// Children (hooks, tools) may outlive the leader: end the group.
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	res := sessionResult{Requests: mock.Requests(), Stdout: stdout.String(), Stderr: stderr.String()}
	if *flagDump != "" {
		dumpRequests(t, res.Requests)
	}
	if ctx.Err() != nil {
		t.Fatalf("claude timed out after %v\nstderr: %s", sessionTimeout, res.Stderr)
	}
	if err != nil {
		t.Fatalf("claude: %v\nstdout: %s\nstderr: %s", err, res.Stdout, res.Stderr)
	}
	if entry != "" {
		// Only successful sessions are recorded.
		if err := recordObservation(sb, entry, key, before, mock.URL(), res); err != nil {
			t.Logf("not caching this observation: %v", err)
		}
	}
	return res
}

// sessionEnv is Claude Code's environment in sb, with the mock API at url.
func sessionEnv(sb *sandbox, opt sessionOptions, url string) []string {
	env := []string{
		"HOME=" + sb.Home,
		"TMPDIR=" + sb.Tmp,
		"PATH=" + os.Getenv("PATH"),
		"LANG=C.UTF-8",
		"ANTHROPIC_BASE_URL=" + url,
		"ANTHROPIC_API_KEY=x",
		"NO_PROXY=127.0.0.1,localhost",
		"no_proxy=127.0.0.1,localhost",
	}
	if opt.Recall {
		// Every request that is not for the mock goes to a port nobody
		// listens on.
		env = append(env,
			"HTTPS_PROXY=http://127.0.0.1:9", "HTTP_PROXY=http://127.0.0.1:9",
			"https_proxy=http://127.0.0.1:9", "http_proxy=http://127.0.0.1:9")
	} else {
		env = append(env, "DISABLE_TELEMETRY=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1")
	}
	return append(env, sb.Env...)
}

// setsPath says whether env sets PATH (the plugin and hook tests put the
// memlint they built on it: what hooks say then depends on this checkout).
func setsPath(env []string) bool {
	for _, kv := range env {
		if strings.HasPrefix(kv, "PATH=") {
			return true
		}
	}
	return false
}

// recordObservation writes res and the files the session changed as the
// cache entry of key.
func recordObservation(sb *sandbox, entry, key string, before []fileEntry, mockURL string, res sessionResult) error {
	n := newNormaliser(filepath.Dir(sb.Home), mockURL)
	obs := &observation{Schema: cacheSchema, Key: key, Stdout: n.out(res.Stdout), Stderr: n.out(res.Stderr)}
	for _, s := range []string{res.Stdout, res.Stderr} {
		if strings.Contains(s, "@@MEMLINT-") {
			return fmt.Errorf("output holds a placeholder")
		}
	}
	for _, r := range res.Requests {
		if bytes.Contains(r.Raw, []byte("@@MEMLINT-")) {
			return fmt.Errorf("a request holds a placeholder")
		}
		obs.Requests = append(obs.Requests, cachedRequest{Path: r.Path, Raw: n.out(string(r.Raw))})
	}
	files, err := changedFiles(sb, before, n)
	if err != nil {
		return err
	}
	obs.Files = files
	return storeObservation(entry, obs)
}

// describe summarises a session for a failure message.
func (r sessionResult) describe() string {
	s := fmt.Sprintf("%d requests; stdout: %.500s; stderr: %.500s", len(r.Requests), r.Stdout, r.Stderr)
	if r.Cached != "" {
		s += "\n(a cached observation, key " + r.Cached + "; MEMLINT_CONFORMANCE_FRESH=1 observes afresh)"
	}
	return s
}

// dumpRequests writes a session's requests into the -dump dir as
// <test>-<n>.json, for looking at what Claude Code really sends.
func dumpRequests(t *testing.T, reqs []*apiRequest) {
	t.Helper()
	name := strings.NewReplacer("/", "_", " ", "_").Replace(t.Name())
	for i, r := range reqs {
		path := filepath.Join(*flagDump, fmt.Sprintf("%s-%02d.json", name, i))
		if err := writeFile(path, r.Raw); err != nil {
			t.Logf("dump: %v", err)
			return
		}
	}
}

// enableRecallFlag writes the account's cached feature flag that turns on
// relevant-memory recall, as Claude Code keeps it in ~/.claude.json.
func enableRecallFlag(sb *sandbox) error {
	return os.WriteFile(filepath.Join(sb.Home, ".claude.json"),
		[]byte(`{"cachedGrowthBookFeatures":{"tengu_moth_copse":true}}`), 0o644)
}
