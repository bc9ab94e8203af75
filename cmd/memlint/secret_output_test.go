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
// engine applies to every finding.
func TestNoOutputShowsASecret(t *testing.T) {
	fixture := filepath.Join("..", "..", "rules", "secret", "testdata", "secret", "fires")
	secrets := fixtureSecrets(t, fixture)
	dir := filepath.Join(t.TempDir(), "memory")
	copySecretFixture(t, fixture, dir)
	assertNoOutputShows(t, dir, secrets)
}

// TestNoOutputShowsASecretElsewhere checks the places a value reaches the
// output besides a finding's own text: a suppression's reason (SARIF's
// justification), and a bare password holding delimiters (masked whole,
// in every format and in --fix --diff).
func TestNoOutputShowsASecretElsewhere(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "memory")
	// A custom rule whose {match} is the bare value the secret rule flags.
	config := "custom-rules:\n  - id: no-troubadour\n    message: \"memory mentions {match}\"\n    pattern: 'Tr0ub4dor\\S*'\n"
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
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	secrets := []string{key[20:], "MemLintFixtureOLDcwHg", "3xK9pLmQ2vW8", "MemLintINzRARJ6YrZRKY8TJ"}
	assertNoOutputShows(t, dir, secrets)

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
	for format, file := range files {
		results = append(results, result{"--output " + format, readOutput(t, file)})
	}
	results = append(results, result{"baseline file", readOutput(t, baselineFile)})

	if !strings.Contains(results[0].text, "[secret]") {
		t.Fatalf("text output reports no secret at all:\n%s", results[0].text)
	}
	for _, r := range results {
		t.Run(r.name, func(t *testing.T) {
			for _, s := range secrets {
				if strings.Contains(r.text, s) {
					t.Errorf("shows the fake secret %q", s)
				}
			}
		})
	}
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
