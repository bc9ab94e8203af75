package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNoOutputShowsASecret runs memlint, with every rule, over the fake
// credentials of rules/secret/testdata/secret/fires in every output format —
// on stdout and through --output files — and as --fix --diff, baseline
// and rules output, and checks that none of them shows any of those
// credentials in full. Other rules quote the same lines (a description, a
// YAML comment, an index link), so this also checks the redaction that the
// engine applies to every finding. secret and most of the rules quoting
// those lines are preview rules, and memlint baseline takes no --preview:
// the project's configuration runs every rule (preview: true).
func TestNoOutputShowsASecret(t *testing.T) {
	fixture := filepath.Join("..", "..", "rules", "secret", "testdata", "secret", "fires")
	secrets := fixtureSecrets(t, fixture)
	root := t.TempDir()
	dir := filepath.Join(root, "memory")
	copySecretFixture(t, fixture, dir)
	writePreviewConfig(t, root)
	t.Chdir(root)
	assertNoOutputShows(t, dir, secrets)
}

// TestNoOutputShowsASecretElsewhere checks the places a value reaches the
// output besides a finding's own text: a suppression's reason (SARIF's
// justification), and a bare password holding delimiters (masked whole,
// in every format and in --fix --diff). The configuration runs every
// rule (preview: true), for the check, the baseline and the Claude Code
// hook alike.
func TestNoOutputShowsASecretElsewhere(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "memory")
	// A custom rule whose {match} is the bare value the secret rule flags.
	config := "preview: true\ncustom-rules:\n  - id: no-troubadour\n    message: \"memory mentions {match}\"\n    pattern: 'Tr0ub4dor\\S*'\n"
	if err := os.WriteFile(filepath.Join(root, ".memlint.yaml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	key := "sk-ant-api03-MemLintFixturejEIcwHgTHRbmdVUUcDiUCpqv0PmXKp6VoLvV8HsW4TuJ5UMWuoUGFnxC1IZTvCWvATZRnsHuIk2VcVAAA"
	files := map[string]string{
		"MEMORY.md": "- [DB](project_db.md) — staging database access\n",
		"project_db.md": "---\nname: db\ndescription: staging database access\ntype: project\n---\n" +
			"<!-- memlint-disable-next-line secret -- the old key " + key + " was rotated -->\n" +
			"ANTHROPIC_API_KEY=sk-ant-api03-MemLintFixtureOLDcwHgTHRbmdVUUcDiUCpqv0PmXKp6VoLvV8HsW4TuJ5UMWuoUGFnxC1IZTvCWvATZRnsHuIk2VcVAAA\n" +
			"password: Tr0ub4dor&3xK9pLmQ2vW8\n",
		// Not in the index: the orphan-memory fix must not copy the
		// description's token into MEMORY.md.
		"reference_chat.md": "---\nname: chat-bot\ndescription: the bot token is xoxb-966632132733-4195039528911-MemLintINzRARJ6YrZRKY8TJ\ntype: reference\n---\nThe chat bot.\n",
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// Files and a folder named after tokens: a name is shown in every
	// format, in the baseline and in messages (orphan-memory quotes it).
	named := map[string]string{
		"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.md":                       "The GitHub notes, with no frontmatter.\n",
		"xoxb-966632132733-4195039528911-MemLintQq7RARJ6YrZRKY8TJ/notes.md": "---\nname: notes\ndescription: chat notes\ntype: reference\n---\nNotes written 2 days ago.\n",
		key[:len(key)-6] + "ZZVAAA.md":                                      "no frontmatter here\nthe bot PAT: 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\n",
	}
	for name, text := range named {
		files[name] = text
	}
	if err := os.MkdirAll(filepath.Join(dir, "xoxb-966632132733-4195039528911-MemLintQq7RARJ6YrZRKY8TJ"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	secrets := []string{key[20:], "MemLintFixtureOLDcwHg", "3xK9pLmQ2vW8", "MemLintINzRARJ6YrZRKY8TJ",
		"MemLintFixtureNdMv48qoCJrB2Ioq0bZDAu", "MemLintQq7RARJ6YrZRKY8TJ", "MemLintFixturerJoU7ctpZc76Re6G1QLzNO"}
	antName := key[:len(key)-6] + "ZZVAAA"
	secrets = append(secrets, antName[20:],
		// A name turned into a slug (frontmatter-missing suggests one) is
		// lowercased, and still most of the token.
		"memlintfixturendmv48qocjrb2ioq0bzdau", strings.ToLower(antName[20:]))
	assertNoOutputShows(t, dir, secrets)

	// The names themselves are secret findings, on the files.
	var report bytes.Buffer
	run([]string{"--format", "json", dir}, &report, &bytes.Buffer{})
	for _, want := range []string{
		`"path": "memory/ghp_…ZDAu.md",`,
		`"path": "memory/xoxb-…Y8TJ/notes.md",`,
		`"path": "memory/sk-ant-api03-…VAAA.md",`,
	} {
		if !regexp.MustCompile(`"rule": "secret",\s+"severity": "error",\s+` + regexp.QuoteMeta(want) + `\s+"line": 0,`).MatchString(report.String()) {
			t.Errorf("no secret finding about the name, %s:\n%s", want, report.String())
		}
	}

	// Errors naming a file: a PATH that does not exist, --verbose.
	var stdout, errs bytes.Buffer
	run([]string{"--verbose", filepath.Join(dir, "gone", "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.md")}, &stdout, &errs)
	if !strings.Contains(errs.String(), "ghp_…") {
		t.Errorf("no error naming the missing file (masked): %s", errs.String())
	}
	assertNotShown(t, "missing PATH", stdout.String()+errs.String(), secrets)

	// The Claude Code hook, after a write of the file named after a token.
	t.Setenv("CLAUDE_PROJECT_DIR", root)
	written := filepath.Join(dir, key[:len(key)-6]+"ZZVAAA.md")
	event := `{"hook_event_name":"PostToolUse","tool_name":"Write","cwd":` + strconv.Quote(root) +
		`,"tool_input":{"file_path":` + strconv.Quote(written) + `,"content":"no frontmatter here\nthe bot PAT: 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\n"}}`
	errs.Reset()
	var hookOut bytes.Buffer
	if code := runClaudeHook(strings.NewReader(event), &hookOut, &errs); code != 2 {
		t.Errorf("Claude Code hook: exit %d, want 2 (findings): %s", code, errs.String())
	}
	if !strings.Contains(errs.String(), "sk-ant-api03-…") {
		t.Errorf("Claude Code hook does not name the written file (masked):\n%s", errs.String())
	}
	assertNotShown(t, "Claude Code hook", errs.String()+hookOut.String(), secrets)

	// --diff shows exactly what --fix writes: the entry without the
	// description, and MEMORY.md holds no secret afterwards.
	const entry = "- [chat-bot](reference_chat.md)\n"
	var diff, stderr bytes.Buffer
	run([]string{"--fix", "--diff", dir}, &diff, &stderr)
	if !strings.Contains(diff.String(), "\n+"+entry) {
		t.Errorf("--fix --diff does not add %q:\n%s%s", entry, diff.String(), stderr.String())
	}
	run([]string{"--fix", dir}, &bytes.Buffer{}, &stderr)
	index := readOutput(t, filepath.Join(dir, "MEMORY.md"))
	if want := files["MEMORY.md"] + entry; index != want {
		t.Errorf("MEMORY.md after --fix:\n%s\nwant:\n%s", index, want)
	}
}

// assertNoOutputShows runs memlint over the memory dir in every output
// format and mode and fails when any output holds one of secrets.
func assertNoOutputShows(t *testing.T, dir string, secrets []string) {
	t.Helper()
	out := t.TempDir()

	type result struct {
		name string
		text string
	}
	var results []result
	runCase := func(name string, args ...string) {
		var stdout, stderr bytes.Buffer
		code := run(args, &stdout, &stderr)
		results = append(results, result{name + " stdout", stdout.String()}, result{name + " stderr", stderr.String()})
		if code == exitUsage {
			t.Errorf("memlint %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
	}
	for _, format := range []string{"text", "json", "sarif", "github"} {
		runCase(format, "--format", format, dir)
	}
	runCase("text, colour", "--color", "always", dir)
	runCase("quiet", "--quiet", dir)
	files := map[string]string{}
	var outputs []string
	for _, format := range []string{"text", "json", "sarif", "github"} {
		files[format] = filepath.Join(out, "report."+format)
		outputs = append(outputs, "--output", format+"="+files[format])
	}
	runCase("--output", append(outputs, dir)...)
	runCase("--fix --diff", "--fix", "--diff", dir)
	runCase("--unsafe-fixes --diff", "--unsafe-fixes", "--diff", dir)
	baselineFile := filepath.Join(out, "baseline.json")
	runCase("baseline", "baseline", "--baseline", baselineFile, dir)
	runCase("rules secret", "rules", "secret")
	runCase("check against the baseline", "--baseline", baselineFile, "--format", "json", "--verbose", dir)
	runCase("preview", "preview", "--color", "always", dir)
	runCase("preview json", "preview", "--format", "json", dir)
	for format, file := range files {
		results = append(results, result{"--output " + format, readOutput(t, file)})
	}
	results = append(results, result{"baseline file", readOutput(t, baselineFile)})

	if !strings.Contains(results[0].text, "[secret]") {
		t.Fatalf("text output reports no secret at all:\n%s", results[0].text)
	}
	// The baseline written with masked paths accepts every finding on the
	// next run.
	for _, r := range results {
		if r.name == "check against the baseline stdout" && !strings.Contains(r.text, `"diagnostics": [],`) {
			t.Errorf("the baseline does not accept the findings it was written from:\n%s", r.text)
		}
	}
	for _, r := range results {
		assertNotShown(t, r.name, r.text, secrets)
	}
}

// assertNotShown fails when text, the output named name, holds one of
// secrets.
func assertNotShown(t *testing.T, name, text string, secrets []string) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Errorf("shows the fake secret %q", s)
			}
		}
	})
}

// fixtureSecrets returns the fake credentials of a fixture folder: the
// runs of token characters, at least 10 long, on the lines its want
// comments point at (and the body lines of key blocks that start there),
// except names such as ANTHROPIC_API_KEY and db-staging.internal.acme.io.
func fixtureSecrets(t *testing.T, dir string) []string {
	t.Helper()
	wantRe := regexp.MustCompile(`(?:<!--|#)\s*want(@\d+|[+-]\d+)?\s`)
	wantComment := regexp.MustCompile(`(?:<!--|#)\s*want.*`)
	runRe := regexp.MustCompile(`[A-Za-z0-9+/_.!#%-]{10,}`)
	seen := map[string]bool{}
	var secrets []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		lines := strings.Split(string(data), "\n")
		for n, line := range lines {
			m := wantRe.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			target := n
			switch off := m[1]; {
			case strings.HasPrefix(off, "@"):
				at, _ := strconv.Atoi(off[1:])
				target = at - 1
			case off != "":
				delta, _ := strconv.Atoi(off)
				target += delta
			}
			if target < 0 || target >= len(lines) {
				t.Fatalf("%s:%d: want points outside the file", p, n+1)
			}
			text := wantComment.ReplaceAllString(lines[target], "")
			if strings.Contains(text, "-----BEGIN") {
				for k := target + 1; k < len(lines) && !strings.Contains(text, "-----END"); k++ {
					text += "\n" + lines[k]
				}
			}
			text = strings.ReplaceAll(text, `\n`, "\n")
			found := 0
			for _, run := range runRe.FindAllString(text, -1) {
				if isNameRun(run) {
					continue
				}
				found++
				if !seen[run] {
					seen[run] = true
					secrets = append(secrets, run)
				}
			}
			if found == 0 {
				t.Fatalf("%s:%d: no fake secret found on the line its want points at", p, n+1)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(secrets) < 40 {
		t.Fatalf("found only %d fake secrets in %s", len(secrets), dir)
	}
	return secrets
}

// isNameRun reports runs without digits that are lowercase, uppercase
// words joined by separators, or one short word: names, hosts and labels
// (db-staging.internal.acme.io, ANTHROPIC_API_KEY, Authorization), not
// secrets.
func isNameRun(run string) bool {
	if strings.ContainsAny(run, "0123456789") {
		return false
	}
	return strings.ToLower(run) == run || strings.ToUpper(run) == run && strings.ContainsAny(run, "_-.") ||
		len(run) < 16 && !strings.ContainsAny(run, "_-./+")
}

func copySecretFixture(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func readOutput(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Errorf("%v", err)
	}
	return string(data)
}

// TestBaselineOfASecretName checks that a baseline entry stored with a
// masked path is the real file's: accepted on the next run, kept when
// memlint baseline rewrites the baseline for another file, not stale while
// the file exists, and stale once it is gone. secret is a preview rule,
// and memlint baseline takes no --preview: the project's configuration
// runs the preview rules (preview: true).
func TestBaselineOfASecretName(t *testing.T) {
	root := t.TempDir()
	writePreviewConfig(t, root)
	t.Chdir(root)
	dir := filepath.Join(root, "memory")
	const name = "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.md"
	files := map[string]string{
		"MEMORY.md": "- [Other](other.md) — the other notes\n",
		name:        "GitHub notes without frontmatter.\n",
		"other.md":  "Other notes without frontmatter.\n",
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for n, text := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	base := filepath.Join(root, "baseline.json")
	check := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code == exitUsage {
			t.Fatalf("memlint %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
		return stdout.String() + stderr.String()
	}
	check("baseline", "--baseline", base, dir)
	check("baseline", "--baseline", base, filepath.Join(dir, "other.md"))
	written := readOutput(t, base)
	if strings.Contains(written, "MemLintFixtureNdMv48qoCJrB2Ioq0bZDAu") || !strings.Contains(written, `"path":"memory/ghp_…ZDAu.md"`) {
		t.Errorf("the baseline does not keep the masked entry, or shows the token:\n%s", written)
	}
	for _, args := range [][]string{{dir}, {filepath.Join(dir, "other.md")}, {filepath.Join(dir, name)}} {
		if out := check(append([]string{"--baseline", base, "--format", "json"}, args...)...); !strings.Contains(out, `"diagnostics": [],`) {
			t.Errorf("memlint check %s against the baseline reports findings:\n%s", args[0], out)
		}
	}
	if err := os.Remove(filepath.Join(dir, name)); err != nil {
		t.Fatal(err)
	}
	out := check("--baseline", base, dir)
	if !strings.Contains(out, "baseline entry for secret in memory/ghp_…ZDAu.md matches nothing any more") {
		t.Errorf("no baseline-stale finding for the removed file:\n%s", out)
	}
	if strings.Contains(out, "MemLintFixtureNdMv48qoCJrB2Ioq0bZDAu") {
		t.Errorf("shows the token:\n%s", out)
	}
}
