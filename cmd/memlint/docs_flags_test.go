package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// cliFlags are the flags each command's --help lists, by command path
// ("memlint", "memlint hooks install"): its own and inherited ones, the
// hidden and --help left out.
func cliFlags(t *testing.T) map[string]map[string]*pflag.Flag {
	t.Helper()
	root := newRootCmd(io.Discard, io.Discard)
	out := map[string]map[string]*pflag.Flag{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		flags := map[string]*pflag.Flag{}
		add := func(f *pflag.Flag) {
			if !f.Hidden && f.Name != "help" {
				flags[f.Name] = f
			}
		}
		c.LocalFlags().VisitAll(add)
		c.InheritedFlags().VisitAll(add)
		out[c.CommandPath()] = flags
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	// The help text lists them too: a flag the walk sees is one --help shows.
	for path, flags := range out {
		var help bytes.Buffer
		args := append(strings.Fields(path)[1:], "--help")
		if code := run(args, &help, io.Discard); code != 0 {
			t.Fatalf("%s --help: exit %d", path, code)
		}
		for name, f := range flags {
			want := "--" + name
			if f.Shorthand != "" {
				want = "-" + f.Shorthand + ", --" + name
			}
			if !strings.Contains(help.String(), want) {
				t.Errorf("%s --help does not list %s:\n%s", path, want, help.String())
			}
		}
	}
	return out
}

// docSections splits docs/cli.md at its "## memlint X" headings: the text
// about each top-level command, by its path. The root is check, and also
// owns the synopsis before the first heading.
func docSections(doc string) map[string]string {
	out := map[string]string{}
	cur := "memlint"
	for _, part := range strings.Split("\n"+doc, "\n## ") {
		head, _, _ := strings.Cut(part, "\n")
		if cmd, ok := strings.CutPrefix(head, "memlint "); ok && !strings.Contains(cmd, " ") {
			cur = "memlint " + cmd
			if cmd == "check" {
				cur = "memlint"
			}
		}
		out[cur] += part + "\n"
	}
	return out
}

// tableFlag is the first cell of a flags table row: "| `--format text|…`",
// "| `-v`, `--verbose` |".
var tableFlag = regexp.MustCompile("(?m)^\\| `(?:-([a-zA-Z])`, `)?--([a-z][a-z-]*)")

// TestDocsFlags compares the flags of memlint --help and every command's
// --help with docs/cli.md and the README: every flag a command has is in
// its section of docs/cli.md (as a row of the section's flags table when
// it has one, with its short form), every row of a flags table is a flag
// of that section's commands, and every flag in a command line written
// in docs/cli.md or the README ("memlint … --flag", in a code block or a
// code span) is one the command it names has.
func TestDocsFlags(t *testing.T) {
	t.Parallel()
	flags := cliFlags(t)
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	cli, readme := read("docs/cli.md"), read("README.md")
	sections := docSections(cli)

	// The section of a command is its top-level command's.
	sectionOf := func(path string) string {
		w := strings.Fields(path)
		if len(w) < 2 || w[1] == "check" {
			return "memlint"
		}
		return "memlint " + w[1]
	}
	inSection := map[string]map[string]bool{} // section: flags its commands have
	for path, fs := range flags {
		sec := sectionOf(path)
		if inSection[sec] == nil {
			inSection[sec] = map[string]bool{}
		}
		text, ok := sections[sec]
		if !ok && len(fs) > 0 {
			t.Errorf("docs/cli.md has no section \"## %s\" for the flags of %s", strings.Replace(sec+" check", "memlint check", "memlint", 1), path)
			continue
		}
		rows := tableFlag.FindAllStringSubmatch(text, -1)
		for name, f := range fs {
			inSection[sec][name] = true
			if len(rows) == 0 {
				if !strings.Contains(text, "`--"+name) {
					t.Errorf("docs/cli.md, section %s: %s has --%s, the section never names it", sec, path, name)
				}
				continue
			}
			i := slices.IndexFunc(rows, func(r []string) bool { return r[2] == name })
			switch {
			case i < 0 && name == "version" && path == "memlint":
				// The root's --version is memlint version's, in its section.
				if !strings.Contains(sections["memlint version"], "--version") {
					t.Errorf("docs/cli.md: memlint --version is not in the memlint version section")
				}
			case i < 0:
				t.Errorf("docs/cli.md, section %s: no flags table row for --%s (of %s)", sec, name, path)
			case rows[i][1] != f.Shorthand:
				t.Errorf("docs/cli.md, section %s: the row of --%s shows short form %q, the flag has %q", sec, name, rows[i][1], f.Shorthand)
			}
		}
	}
	for sec, text := range sections {
		for _, r := range tableFlag.FindAllStringSubmatch(text, -1) {
			if !inSection[sec][r[2]] {
				t.Errorf("docs/cli.md, section %s: a flags table row for --%s, which no command there has", sec, r[2])
			}
		}
	}

	for _, doc := range []struct{ name, text string }{{"docs/cli.md", cli}, {"README.md", readme}} {
		for _, line := range commandLines(doc.text) {
			path, used := commandFlags(line, flags)
			for _, name := range used {
				if _, ok := flags[path][strings.TrimLeft(name, "-")]; !ok && !hasShort(flags[path], name) {
					t.Errorf("%s: %q uses %s, which %s does not have", doc.name, line, name, path)
				}
			}
		}
	}
}

func hasShort(fs map[string]*pflag.Flag, name string) bool {
	for _, f := range fs {
		if f.Shorthand != "" && name == "-"+f.Shorthand {
			return true
		}
	}
	return false
}

var codeSpan = regexp.MustCompile("`(memlint [^`]*)`")

// commandLines are the memlint command lines a Markdown text writes: lines
// of code blocks that start "memlint " (or "$ memlint "), up to two
// spaces, and code spans that do.
func commandLines(text string) []string {
	var out []string
	for i, part := range strings.Split(text, "```") {
		if i%2 == 0 {
			for _, m := range codeSpan.FindAllStringSubmatch(part, -1) {
				out = append(out, m[1])
			}
			continue
		}
		for _, l := range strings.Split(part, "\n") {
			l = strings.TrimPrefix(strings.TrimSpace(l), "$ ")
			// Two spaces end the command: a comment or, in a synopsis,
			// what it does follows.
			l, _, _ = strings.Cut(l, "  ")
			if strings.HasPrefix(l, "memlint ") {
				out = append(out, l)
			}
		}
	}
	return out
}

// commandFlags reads a command line: the path of the command it runs (as
// far as its words name commands: "install|uninstall" names the first)
// and the flags it writes, up to a comment or a shell operator.
func commandFlags(line string, flags map[string]map[string]*pflag.Flag) (path string, used []string) {
	path = "memlint"
	words := strings.Fields(line)[1:]
	commands := true
	for _, w := range words {
		if w == "#" || w == "|" || w == ">" || w == "&&" || w == ";" || strings.HasPrefix(w, "#") {
			break
		}
		w = strings.Trim(w, "[]()")
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			name, _, _ := strings.Cut(strings.TrimRight(w, ":,."), "=")
			if name != "--help" && name != "-h" {
				used = append(used, name)
			}
			continue
		}
		if !commands {
			continue
		}
		next := ""
		for _, alt := range strings.Split(w, "|") {
			if _, ok := flags[path+" "+alt]; ok {
				next = path + " " + alt
				break
			}
		}
		if next == "" {
			commands = false // a PATH or an argument: no more commands
			continue
		}
		path = next
	}
	return path, used
}

// TestReadmeJSONExample runs the README's JSON example: it lints a memory
// dir (not an ordinary folder taken for one) and prints a JSON report.
func TestReadmeJSONExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range commandLines(string(readme)) {
		if strings.HasPrefix(l, "memlint --format json ") {
			line = l
		}
	}
	if line == "" {
		t.Fatal("README.md has no memlint --format json example")
	}
	args := strings.Fields(strings.TrimSpace(strings.Split(line, "#")[0]))[1:]
	t.Chdir(filepath.Join("..", ".."))
	for _, a := range args[2:] {
		if _, err := os.Stat(filepath.Join(a, "MEMORY.md")); err != nil {
			t.Errorf("README example %q names %s, which is no memory dir: %v", line, a, err)
		}
	}
	var out, stderr bytes.Buffer
	if code := run(args, &out, &stderr); code > exitFindings {
		t.Fatalf("%s: exit %d: %s", line, code, stderr.String())
	}
	var doc struct {
		Summary struct{ Dirs int } `json:"summary"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil || doc.Summary.Dirs != len(args)-2 {
		t.Errorf("%s: summary.dirs %d (err %v), want %d", line, doc.Summary.Dirs, err, len(args)-2)
	}
}
