package conformance

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/txtar"
)

// A testCase is one txtar file of testdata: files to place in the memory
// dir, and the directives of its comment (README.md documents them).
type testCase struct {
	Name string
	File string // the case's txtar file
	Doc  string // the comment's '#' lines
	Arch *txtar.Archive

	directives [][]string // each directive split into words
	escaped    map[string]bool
	mtimes     map[string]time.Time

	Prompt string
	Env    []string
	// Write cases: the tool calls the mock makes, in order.
	Calls []reply
}

// olderReleaseCase reports whether a case runs against the releases older
// than the newest two. Those differ from 2.1.332 only in what they load
// from a MEMORY.md that holds an HTML comment
// (claudecode.LinkDefinitionsKept, the one Change before 2.1.332; the
// release diff 2.1.328 -> 2.1.332 shows no other case differing): the
// index cases with "<!--" in a file or a directive that writes one.
func olderReleaseCase(kind string, c *testCase) bool {
	if kind != "index" {
		return false
	}
	for _, f := range c.Arch.Files {
		if bytes.Contains(f.Data, []byte("<!--")) {
			return true
		}
	}
	for _, d := range c.directives {
		if strings.Contains(strings.Join(d, " "), "<!--") {
			return true
		}
	}
	return false
}

// baseMtime is the mtime of the first file a case places when it sets none;
// later files are a minute newer each, so the manifest order is the archive
// eachCase runs check on every case of testdata/<kind>, in parallel, each
// in a sandbox of its own holding the case's files and environment.
func eachCase(t *testing.T, kind string, check func(t *testing.T, c *testCase, sb *sandbox)) {
	t.Helper()
	requireMemlint(t)
	cases, err := loadCases(filepath.Join("testdata", kind))
	if err != nil {
		t.Fatal(err)
	}
	// memlint must agree with every release it models. Every case runs
	// against the newest release found and the one before it; the tests
	// written in Go (hooks, plugin) against the newest. An older release
	// runs the cases where it differs from the next (olderReleaseCase): a
	// Claude Code session costs most of a CPU-second, and CI's go test
	// gives the package ten minutes.
	for i, bin := range claudes {
		for _, c := range cases {
			if i >= 2 && !olderReleaseCase(kind, c) {
				continue
			}
			name := c.Name
			if i > 0 {
				name += "@" + bin.Version
				// Materialising resolves a write case's calls into its
				// sandbox: each release's run parses the case afresh.
				if c, err = parseCase(c.File); err != nil {
					t.Fatal(err)
				}
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				sb := newSandbox(t)
				sb.Env = c.Env
				sb.Claude = bin
				if err := c.materialise(sb); err != nil {
					t.Fatal(err)
				}
				check(t, c, sb)
			})
		}
	}
}

// order reversed and never depends on how fast the files were written.
var baseMtime = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

func loadCases(dir string) ([]*testCase, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var cases []*testCase
	for _, name := range names {
		c, err := parseCase(name)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		cases = append(cases, c)
	}
	return cases, nil
}

func parseCase(file string) (*testCase, error) {
	arch, err := txtar.ParseFile(file)
	if err != nil {
		return nil, err
	}
	c := &testCase{
		Name:    strings.TrimSuffix(filepath.Base(file), ".txtar"),
		File:    file,
		Arch:    arch,
		escaped: map[string]bool{},
		mtimes:  map[string]time.Time{},
	}
	for i, line := range strings.Split(string(arch.Comment), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			c.Doc += strings.TrimSpace(strings.TrimPrefix(line, "#")) + "\n"
			continue
		}
		words := strings.Fields(line)
		switch words[0] {
		case "escape":
			// The rest of the line, so "@write x.md" can be escaped too.
			name := strings.TrimSpace(strings.TrimPrefix(line, "escape"))
			if name == "" {
				return nil, fmt.Errorf("line %d: usage: escape FILE", i+1)
			}
			c.escaped[name] = true
		case "mtime":
			if len(words) != 3 {
				return nil, fmt.Errorf("line %d: usage: mtime FILE TIME", i+1)
			}
			t, err := time.Parse(time.RFC3339Nano, words[2])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			c.mtimes[words[1]] = t
		case "prompt":
			c.Prompt = strings.TrimSpace(strings.TrimPrefix(line, "prompt"))
		case "env":
			if len(words) != 2 || !strings.Contains(words[1], "=") {
				return nil, fmt.Errorf("line %d: usage: env KEY=VALUE", i+1)
			}
			c.Env = append(c.Env, words[1])
		case "write", "edit", "read":
			call, err := parseCall(words)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
			c.Calls = append(c.Calls, call)
		case "gen", "pad", "append", "symlink", "mkdir", "files":
			c.directives = append(c.directives, words)
		default:
			return nil, fmt.Errorf("line %d: unknown directive %q", i+1, words[0])
		}
	}
	for name := range c.escaped {
		if c.section(name) == nil {
			return nil, fmt.Errorf("escape %s: no such section", name)
		}
	}
	return c, nil
}

// parseCall reads `write FILE`, `edit FILE` and `read FILE`. Their contents
// come from the sections "@write FILE", "@old FILE" and "@new FILE", filled in
// by materialise once the memory dir is known.
func parseCall(words []string) (reply, error) {
	if len(words) != 2 {
		return reply{}, fmt.Errorf("usage: %s FILE", words[0])
	}
	tool := map[string]string{"write": "Write", "edit": "Edit", "read": "Read"}[words[0]]
	return reply{Tool: tool, Input: map[string]any{"file_path": words[1]}}, nil
}

func (c *testCase) section(name string) *txtar.File {
	for i := range c.Arch.Files {
		if c.Arch.Files[i].Name == name {
			return &c.Arch.Files[i]
		}
	}
	return nil
}

// content returns a section's bytes, decoded when the case marks it escaped.
func (c *testCase) content(name string) ([]byte, error) {
	f := c.section(name)
	if f == nil {
		return nil, fmt.Errorf("no section %q", name)
	}
	if !c.escaped[name] {
		return f.Data, nil
	}
	return unescape(bytes.TrimSuffix(f.Data, []byte("\n")))
}

// resolve maps a case path to a real one: $HOME/ and $REPO/ name the
// sandbox's home and repo, anything else is relative to the memory dir.
func resolve(sb *sandbox, p string) string {
	switch {
	case strings.HasPrefix(p, "$HOME/"):
		return filepath.Join(sb.Home, p[len("$HOME/"):])
	case strings.HasPrefix(p, "$REPO/"):
		return filepath.Join(sb.Repo, p[len("$REPO/"):])
	case strings.HasPrefix(p, "$MEMDIR/"):
		return filepath.Join(sb.MemDir, p[len("$MEMDIR/"):])
	}
	return filepath.Join(sb.MemDir, filepath.FromSlash(p))
}

// materialise places the case's files in the sandbox and runs its
// directives, in order: sections first, then gen/pad/files/mkdir/symlink,
// then mtimes.
func (c *testCase) materialise(sb *sandbox) error {
	var placed []string
	for _, f := range c.Arch.Files {
		if strings.HasPrefix(f.Name, "@") {
			continue
		}
		data, err := c.content(f.Name)
		if err != nil {
			return err
		}
		if err := writeFile(resolve(sb, f.Name), data); err != nil {
			return err
		}
		placed = append(placed, f.Name)
	}
	for _, d := range c.directives {
		var err error
		switch d[0] {
		case "gen":
			err = c.gen(sb, d)
			placed = appendOnce(placed, d[1])
		case "pad":
			err = c.pad(sb, d)
			placed = appendOnce(placed, d[1])
		case "append":
			// append FILE TEXT: TEXT (escapes allowed, \s for a space) is
			// added at the end of FILE.
			if len(d) != 3 {
				return fmt.Errorf("usage: append FILE TEXT")
			}
			var text []byte
			if text, err = unescape([]byte(d[2])); err == nil {
				err = appendFile(resolve(sb, d[1]), text)
			}
			placed = appendOnce(placed, d[1])
		case "files":
			var names []string
			names, err = c.files(sb, d)
			placed = append(placed, names...)
		case "mkdir":
			if len(d) != 2 {
				return fmt.Errorf("usage: mkdir DIR")
			}
			err = os.MkdirAll(resolve(sb, d[1]), 0o755)
		case "symlink":
			if len(d) != 4 || d[2] != "->" {
				return fmt.Errorf("usage: symlink LINK -> TARGET")
			}
			target := d[3]
			if strings.HasPrefix(target, "$") {
				target = resolve(sb, target)
			}
			link := resolve(sb, d[1])
			if err = os.MkdirAll(filepath.Dir(link), 0o755); err == nil {
				err = os.Symlink(target, link)
			}
		}
		if err != nil {
			return fmt.Errorf("%s: %v", strings.Join(d, " "), err)
		}
	}
	for i, name := range placed {
		t, ok := c.mtimes[name]
		if !ok {
			t = baseMtime.Add(time.Duration(i) * time.Minute)
		}
		if err := os.Chtimes(resolve(sb, name), t, t); err != nil {
			return err
		}
	}
	for name, t := range c.mtimes {
		if !contains(placed, name) {
			// A directory or a symlink: set the time of what it names.
			if err := os.Chtimes(resolve(sb, name), t, t); err != nil {
				return err
			}
		}
	}
	return c.fillCalls(sb)
}

// fillCalls turns the write/edit/read directives into tool inputs.
func (c *testCase) fillCalls(sb *sandbox) error {
	for i, call := range c.Calls {
		name := call.Input["file_path"].(string)
		in := map[string]any{"file_path": resolve(sb, name)}
		switch call.Tool {
		case "Write":
			data, err := c.content("@write " + name)
			if err != nil {
				return err
			}
			in["content"] = string(data)
		case "Edit":
			old, err := c.content("@old " + name)
			if err != nil {
				return err
			}
			nu, err := c.content("@new " + name)
			if err != nil {
				return err
			}
			in["old_string"] = string(bytes.TrimSuffix(old, []byte("\n")))
			in["new_string"] = string(bytes.TrimSuffix(nu, []byte("\n")))
		}
		c.Calls[i].Input = in
	}
	return nil
}

// gen appends generated lines: gen FILE lines=N width=W [fill=C] [last=W]
// [eol=lf|crlf|cr] [final=1|0] [at=start|end]. Line i starts with its number and is filled
// with C (default x) to W UTF-16 units; last= gives the last line another
// width; final=0 leaves the last line without its end-of-line; at=start puts
// the lines before what the file already holds.
func (c *testCase) gen(sb *sandbox, d []string) error {
	if len(d) < 2 {
		return fmt.Errorf("usage: gen FILE lines=N width=W ...")
	}
	opt, err := options(d[2:], "lines", "width", "fill", "last", "eol", "final", "at")
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(opt["lines"])
	if err != nil {
		return fmt.Errorf("lines: %v", err)
	}
	width, err := strconv.Atoi(opt["width"])
	if err != nil {
		return fmt.Errorf("width: %v", err)
	}
	last := width
	if v, ok := opt["last"]; ok {
		if last, err = strconv.Atoi(v); err != nil {
			return fmt.Errorf("last: %v", err)
		}
	}
	fill := "x"
	if v, ok := opt["fill"]; ok {
		b, err := unescape([]byte(v))
		if err != nil {
			return err
		}
		fill = string(b)
	}
	eol := map[string]string{"": "\n", "lf": "\n", "crlf": "\r\n", "cr": "\r"}[opt["eol"]]
	if eol == "" {
		return fmt.Errorf("eol: want lf, crlf or cr")
	}
	var b strings.Builder
	for i := 1; i <= n; i++ {
		w := width
		if i == n {
			w = last
		}
		b.WriteString(fillTo(strconv.Itoa(i), fill, w))
		if i < n || opt["final"] != "0" {
			b.WriteString(eol)
		}
	}
	path := resolve(sb, d[1])
	switch opt["at"] {
	case "", "end":
		return appendFile(path, []byte(b.String()))
	case "start":
		have, err := os.ReadFile(path)
		if err != nil && !os.IsNotExist(err) {
			return err
		}
		return writeFile(path, append([]byte(b.String()), have...))
	}
	return fmt.Errorf("at: want start or end")
}

// fillTo pads s with fill to exactly w UTF-16 units; when fill does not fit
// in what is left, 'x' finishes the line.
func fillTo(s, fill string, w int) string {
	u := units(s)
	if u > w {
		return string(utf16.Decode(utf16.Encode([]rune(s))[:w]))
	}
	fu := units(fill)
	var b strings.Builder
	b.WriteString(s)
	for ; u+fu <= w; u += fu {
		b.WriteString(fill)
	}
	for ; u < w; u++ {
		b.WriteByte('x')
	}
	return b.String()
}

func units(s string) int { return len(utf16.Encode([]rune(s))) }

// pad appends fill (default x; escapes allowed) repeatedly, cut to make the
// file exactly N bytes: pad FILE bytes=N [fill=S].
func (c *testCase) pad(sb *sandbox, d []string) error {
	if len(d) < 3 {
		return fmt.Errorf("usage: pad FILE bytes=N [fill=S]")
	}
	opt, err := options(d[2:], "bytes", "fill")
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(opt["bytes"])
	if err != nil {
		return fmt.Errorf("bytes: %v", err)
	}
	fill := []byte("x")
	if v, ok := opt["fill"]; ok {
		if fill, err = unescape([]byte(v)); err != nil {
			return err
		}
	}
	path := resolve(sb, d[1])
	have, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	if len(have) > n {
		return fmt.Errorf("file already has %d bytes", len(have))
	}
	out := append([]byte(nil), have...)
	for len(out) < n {
		out = append(out, fill...)
	}
	return writeFile(path, out[:n])
}

// files generates topic files: files N PATTERN [type=T] [start=TIME]
// [step=DUR]. PATTERN holds one %d (1…N); file i gets description "memory i"
// and the mtime start + (i-1)*step (default: baseMtime and one second).
func (c *testCase) files(sb *sandbox, d []string) ([]string, error) {
	if len(d) < 3 {
		return nil, fmt.Errorf("usage: files N PATTERN [type=T] [start=TIME] [step=DUR]")
	}
	n, err := strconv.Atoi(d[1])
	if err != nil {
		return nil, err
	}
	opt, err := options(d[3:], "type", "start", "step")
	if err != nil {
		return nil, err
	}
	start, step := baseMtime, time.Second
	if v, ok := opt["start"]; ok {
		if start, err = time.Parse(time.RFC3339Nano, v); err != nil {
			return nil, err
		}
	}
	if v, ok := opt["step"]; ok {
		if step, err = time.ParseDuration(v); err != nil {
			return nil, err
		}
	}
	typ := opt["type"]
	if typ == "" {
		typ = "project"
	}
	var names []string
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf(d[2], i)
		body := fmt.Sprintf("---\nname: memory-%d\ndescription: memory %d\ntype: %s\n---\nFact %d.\n", i, i, typ, i)
		path := resolve(sb, name)
		if err := writeFile(path, []byte(body)); err != nil {
			return nil, err
		}
		if _, ok := c.mtimes[name]; !ok {
			c.mtimes[name] = start.Add(time.Duration(i-1) * step)
		}
		names = append(names, name)
	}
	return names, nil
}

func options(words []string, allowed ...string) (map[string]string, error) {
	opt := map[string]string{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || !contains(allowed, k) {
			return nil, fmt.Errorf("bad option %q (want one of %s)", w, strings.Join(allowed, ", "))
		}
		opt[k] = v
	}
	return opt, nil
}

// unescape decodes \n \r \t \0 \\ \s (space) \xHH (one raw byte: invalid
// UTF-8 is possible) \uHHHH and \U{H…} (a code point as UTF-8).
func unescape(in []byte) ([]byte, error) {
	var out []byte
	for i := 0; i < len(in); i++ {
		if in[i] != '\\' {
			out = append(out, in[i])
			continue
		}
		if i+1 >= len(in) {
			return nil, fmt.Errorf("trailing backslash")
		}
		i++
		switch in[i] {
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case '0':
			out = append(out, 0)
		case 's':
			out = append(out, ' ')
		case '\\':
			out = append(out, '\\')
		case 'x':
			if i+2 >= len(in) {
				return nil, fmt.Errorf("short \\x escape")
			}
			v, err := strconv.ParseUint(string(in[i+1:i+3]), 16, 8)
			if err != nil {
				return nil, fmt.Errorf("\\x escape: %v", err)
			}
			out = append(out, byte(v))
			i += 2
		case 'u':
			if i+4 >= len(in) {
				return nil, fmt.Errorf("short \\u escape")
			}
			v, err := strconv.ParseUint(string(in[i+1:i+5]), 16, 32)
			if err != nil {
				return nil, fmt.Errorf("\\u escape: %v", err)
			}
			out = utf8.AppendRune(out, rune(v))
			i += 4
		case 'U':
			end := bytes.IndexByte(in[i:], '}')
			if i+1 >= len(in) || in[i+1] != '{' || end < 0 {
				return nil, fmt.Errorf("want \\U{HEX}")
			}
			v, err := strconv.ParseUint(string(in[i+2:i+end]), 16, 32)
			if err != nil {
				return nil, fmt.Errorf("\\U escape: %v", err)
			}
			out = utf8.AppendRune(out, rune(v))
			i += end
		default:
			return nil, fmt.Errorf("unknown escape \\%c", in[i])
		}
	}
	return out, nil
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

func appendFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func appendOnce(list []string, s string) []string {
	if contains(list, s) {
		return list
	}
	return append(list, s)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
