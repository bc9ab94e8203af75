package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/lint/memory"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"memlint": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command line through the real binary:
// testdata/script/*.txtar.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"projectkey": cmdProjectKey,
			"genlines":   cmdGenLines,
			"jsonshape":  cmdJSONShape,
			"setting":    cmdSetting,
		},
	})
}

// projectkey VAR DIR sets $VAR to Claude Code's project key for DIR.
func cmdProjectKey(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: projectkey VAR DIR")
	}
	ts.Setenv(args[0], claudecode.ProjectKey(ts.MkAbs(args[1])))
}

// setting FILE KEY VALUE writes to FILE a settings object setting the
// string KEY to VALUE (after the script's variables are expanded: an
// absolute path under $WORK).
func cmdSetting(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: setting FILE KEY VALUE")
	}
	doc, err := json.Marshal(map[string]string{args[1]: args[2]})
	ts.Check(err)
	file := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(file), 0o755))
	ts.Check(os.WriteFile(file, append(doc, '\n'), 0o644))
}

// genlines FILE N TEXT writes N lines "TEXT i" (i from 1) to FILE.
func cmdGenLines(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: genlines FILE N TEXT")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%s %d\n", args[2], i)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(b.String()), 0o644))
}

// jsonshape checks that the last command's stdout is a memlint JSON
// report: exactly the documented keys, value types, sorted diagnostics
// and a summary that counts them.
func cmdJSONShape(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: jsonshape")
	}
	if err := checkJSONShape([]byte(ts.ReadFile("stdout"))); err != nil {
		ts.Fatalf("JSON report: %v", err)
	}
}

func checkJSONShape(src []byte) error {
	var doc map[string]any
	if err := json.Unmarshal(src, &doc); err != nil {
		return err
	}
	if err := keys(doc, []string{"version", "diagnostics", "summary", "indexes"}, []string{"projects"}); err != nil {
		return fmt.Errorf("top level: %w", err)
	}
	if doc["version"] != float64(1) {
		return fmt.Errorf("version is %v, want 1", doc["version"])
	}
	diags, ok := doc["diagnostics"].([]any)
	if !ok {
		return fmt.Errorf("diagnostics is %T, want an array", doc["diagnostics"])
	}
	counts := map[string]float64{}
	type sortKey struct {
		path          string
		line, col     float64
		rule, message string
	}
	var order []sortKey
	for i, d := range diags {
		m, ok := d.(map[string]any)
		if !ok {
			return fmt.Errorf("diagnostics[%d] is %T", i, d)
		}
		if err := keys(m, []string{"rule", "severity", "path", "line", "column", "message"},
			[]string{"end_line", "end_column", "suggestion", "url", "fix"}); err != nil {
			return fmt.Errorf("diagnostics[%d]: %w", i, err)
		}
		if err := checkURLAndFix(m); err != nil {
			return fmt.Errorf("diagnostics[%d]: %w", i, err)
		}
		for _, k := range []string{"rule", "severity", "path", "message"} {
			if s, ok := m[k].(string); !ok || s == "" {
				return fmt.Errorf("diagnostics[%d].%s is %v, want a non-empty string", i, k, m[k])
			}
		}
		for _, k := range []string{"line", "column", "end_line", "end_column"} {
			if v, ok := m[k]; ok {
				if n, ok := v.(float64); !ok || n < 0 || n != float64(int(n)) {
					return fmt.Errorf("diagnostics[%d].%s is %v, want a whole number", i, k, v)
				}
			}
		}
		if s, ok := m["suggestion"]; ok && s == "" {
			return fmt.Errorf("diagnostics[%d].suggestion is empty but present", i)
		}
		sev := m["severity"].(string)
		switch sev {
		case "error", "warning", "info":
			counts[sev+"s"]++
		default:
			return fmt.Errorf("diagnostics[%d].severity is %q", i, sev)
		}
		path := m["path"].(string)
		if strings.Contains(path, `\`) {
			return fmt.Errorf("diagnostics[%d].path %q is not slash separated", i, path)
		}
		order = append(order, sortKey{path, m["line"].(float64), m["column"].(float64), m["rule"].(string), m["message"].(string)})
	}
	if !sort.SliceIsSorted(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if a.path != b.path {
			return a.path < b.path
		}
		if a.line != b.line {
			return a.line < b.line
		}
		if a.col != b.col {
			return a.col < b.col
		}
		if a.rule != b.rule {
			return a.rule < b.rule
		}
		return a.message < b.message
	}) {
		return fmt.Errorf("diagnostics are not sorted by path, line, column, rule")
	}
	summary, ok := doc["summary"].(map[string]any)
	if !ok {
		return fmt.Errorf("summary is %T, want an object", doc["summary"])
	}
	if err := keys(summary, []string{"dirs", "files", "errors", "warnings", "infos"}, nil); err != nil {
		return fmt.Errorf("summary: %w", err)
	}
	for _, k := range []string{"errors", "warnings", "infos"} {
		if summary[k] != counts[k] {
			return fmt.Errorf("summary.%s is %v, but there are %v", k, summary[k], counts[k])
		}
	}
	indexes, ok := doc["indexes"].([]any)
	if !ok {
		return fmt.Errorf("indexes is %T, want an array", doc["indexes"])
	}
	for i, ix := range indexes {
		m, ok := ix.(map[string]any)
		if !ok {
			return fmt.Errorf("indexes[%d] is %T", i, ix)
		}
		if err := keys(m, []string{"path", "lines", "max_lines", "units", "max_units"}, nil); err != nil {
			return fmt.Errorf("indexes[%d]: %w", i, err)
		}
		if m["max_lines"] != float64(memory.IndexMaxLines) || m["max_units"] != float64(memory.IndexMaxUnits) {
			return fmt.Errorf("indexes[%d]: limits %v/%v", i, m["max_lines"], m["max_units"])
		}
	}
	return nil
}

// checkURLAndFix checks a diagnostic's optional url (the rule's section
// of docs/rules.md) and fix ({applicability, message?, edits?: [{path,
// start, end, content}]}).
func checkURLAndFix(m map[string]any) error {
	if u, ok := m["url"]; ok {
		want := "/docs/rules.md#" + m["rule"].(string)
		if s, ok := u.(string); !ok || !strings.HasPrefix(s, "https://github.com/memlint/memlint/blob/") || !strings.HasSuffix(s, want) {
			return fmt.Errorf("url is %v, want the rule's section of docs/rules.md", u)
		}
	}
	f, ok := m["fix"]
	if !ok {
		return nil
	}
	fix, ok := f.(map[string]any)
	if !ok {
		return fmt.Errorf("fix is %T, want an object", f)
	}
	if err := keys(fix, []string{"applicability"}, []string{"message", "edits"}); err != nil {
		return fmt.Errorf("fix: %w", err)
	}
	if a := fix["applicability"]; a != "safe" && a != "unsafe" {
		return fmt.Errorf("fix.applicability is %v", a)
	}
	edits, _ := fix["edits"].([]any)
	if _, ok := fix["edits"]; ok && len(edits) == 0 {
		return fmt.Errorf("fix.edits is %v, want a non-empty array", fix["edits"])
	}
	for j, e := range edits {
		edit, ok := e.(map[string]any)
		if !ok {
			return fmt.Errorf("fix.edits[%d] is %T", j, e)
		}
		if err := keys(edit, []string{"path", "start", "end", "content"}, nil); err != nil {
			return fmt.Errorf("fix.edits[%d]: %w", j, err)
		}
		if _, ok := edit["content"].(string); !ok {
			return fmt.Errorf("fix.edits[%d].content is %T", j, edit["content"])
		}
		for _, k := range []string{"start", "end"} {
			pos, ok := edit[k].(map[string]any)
			if !ok {
				return fmt.Errorf("fix.edits[%d].%s is %T", j, k, edit[k])
			}
			if err := keys(pos, []string{"line", "column"}, nil); err != nil {
				return fmt.Errorf("fix.edits[%d].%s: %w", j, k, err)
			}
			for _, c := range []string{"line", "column"} {
				if n, ok := pos[c].(float64); !ok || n < 1 || n != float64(int(n)) {
					return fmt.Errorf("fix.edits[%d].%s.%s is %v, want a whole number from 1", j, k, c, pos[c])
				}
			}
		}
	}
	return nil
}

// keys checks that m has every required key and no key outside required
// and optional.
func keys(m map[string]any, required, optional []string) error {
	allowed := map[string]bool{}
	for _, k := range required {
		if _, ok := m[k]; !ok {
			return fmt.Errorf("missing key %q", k)
		}
		allowed[k] = true
	}
	for _, k := range optional {
		allowed[k] = true
	}
	for k := range m {
		if !allowed[k] {
			return fmt.Errorf("unexpected key %q", k)
		}
	}
	return nil
}
