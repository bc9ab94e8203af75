// Package baseline reads, writes and applies baseline files: the findings
// a project has accepted, so that check reports only new ones.
//
// A baseline names each finding by its fingerprint (lint.Fingerprint):
// the rule, the file relative to the baseline's folder, the normalised
// text the finding flags, and which occurrence of that text in the file
// it is. Line numbers are not part of it, so inserting or moving lines
// keeps a finding accepted, while a new problem, even on an accepted
// line, flags other text and is reported.
//
// The file is JSON, one entry per line, sorted, so that it diffs and
// merges well:
//
//	{
//	  "version": 1,
//	  "entries": [
//	    {"rule":"relative-date","path":"memory/plan.md","fingerprint":"…","occurrence":0,"text":"next week"}
//	  ]
//	}
//
// The fingerprint is the key; rule, path, occurrence and text describe it
// for people reviewing the file and for messages about stale entries.
package baseline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"unicode"

	"github.com/memlint/memlint/internal/atomicfile"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint"
)

// FileName is the baseline's name in the folder of the configuration (or
// the repository's top level).
const FileName = ".memlint-baseline.json"

// version is the version of the file format this package reads and
// writes.
const version = 1

// staleRule is the rule ID of findings about entries that match nothing.
const staleRule = "baseline-stale"

// StaleFindings documents the baseline-stale findings, for configuration and the
// rule docs; Filter's caller produces them, no rule code does.
var StaleFindings = &lint.Rule{
	ID:       staleRule,
	Stage:    lint.Preview,
	Severity: lint.Info,
	Scope:    lint.ScopeBaseline,
	Summary:  "an entry of the baseline file matches no finding any more",
	Doc: `A baseline (` + "`.memlint-baseline.json`" + `, written by ` + "`memlint baseline`" + `)
lets a team switch memlint on over existing memory: the findings it records are
not reported. When such a problem is fixed, its entry matches nothing any more;
left in the file, it would hide the same problem if it came back. memlint
reports these entries for the files a run linted, so the file can shrink.

Bad: an entry for a relative date that was replaced by an absolute one.
Good: a baseline that holds only findings that still exist.

Fix: run ` + "`memlint baseline`" + ` again (with the same PATHs) to rewrite the file.`,
}

// maxText is how many characters of the flagged text an entry keeps for
// people to read; the fingerprint covers all of it.
const maxText = 80

// redactedRules are rules whose flagged text must never be written down:
// a baseline is committed, and the text of a secret finding is the secret.
var redactedRules = map[string]bool{"secret": true}

// Baseline is a set of accepted findings.
type Baseline struct {
	// Entries are sorted by path, rule, text, occurrence and fingerprint,
	// with no two sharing a fingerprint.
	Entries []Entry
}

// Entry is one accepted finding.
type Entry struct {
	Rule string `json:"rule"`
	// Path is the file (or memory dir) relative to the baseline's folder,
	// with "/" separators; absolute when it cannot be made relative.
	Path        string `json:"path"`
	Fingerprint string `json:"fingerprint"`
	Occurrence  int    `json:"occurrence"`
	// Text is the start of the normalised flagged text, for people; empty
	// for rules whose text is secret.
	Text string `json:"text,omitempty"`
}

// file is the JSON document.
type file struct {
	Version *int    `json:"version"`
	Entries []Entry `json:"entries"`
}

// New returns a baseline of entries, sorted, without duplicates.
func New(entries []Entry) *Baseline {
	out := make([]Entry, len(entries))
	copy(out, entries)
	sort.Slice(out, func(i, j int) bool { return out[i].less(out[j]) })
	uniq := out[:0]
	seen := make(map[string]bool, len(out))
	for _, e := range out {
		if seen[e.Fingerprint] {
			continue
		}
		seen[e.Fingerprint] = true
		uniq = append(uniq, e)
	}
	return &Baseline{Entries: uniq}
}

func (e Entry) less(f Entry) bool {
	switch {
	case e.Path != f.Path:
		return e.Path < f.Path
	case e.Rule != f.Rule:
		return e.Rule < f.Rule
	case e.Text != f.Text:
		return e.Text < f.Text
	case e.Occurrence != f.Occurrence:
		return e.Occurrence < f.Occurrence
	}
	return e.Fingerprint < f.Fingerprint
}

// Entries returns an entry for each finding. Finding paths are absolute
// with "/" separators, as in a report; dir is the baseline's folder, which
// entry paths are relative to. redact (the secret rule's Redact, or nil)
// masks the names in entry paths that hold a secret, as every output
// does: the file is committed. Fingerprints are made of the masked path,
// which depends on the path alone, so the next run matches them.
func Entries(ds []lint.Diagnostic, dir string, redact func(string) string) []Entry {
	keys := identify(ds, dir, redact)
	out := make([]Entry, len(ds))
	for i, d := range ds {
		text := ""
		if !redactedRules[d.Rule] {
			text = humanText(lint.FingerprintText(d))
		}
		out[i] = Entry{Rule: d.Rule, Path: keys[i].path, Fingerprint: keys[i].fingerprint, Occurrence: keys[i].occurrence, Text: text}
	}
	return out
}

// filter splits findings (paths and redact as for Entries) into those the
// baseline does not hold, in their original order, and counts those it
// does. It also returns the entries that no finding matched.
func (b *Baseline) filter(ds []lint.Diagnostic, dir string, redact func(string) string) (fresh []lint.Diagnostic, matched int, unmatched []Entry) {
	want := make(map[string]bool, len(b.Entries))
	for _, e := range b.Entries {
		want[e.Fingerprint] = true
	}
	used := make(map[string]bool, len(b.Entries))
	fresh = []lint.Diagnostic{}
	for i, k := range identify(ds, dir, redact) {
		if want[k.fingerprint] {
			used[k.fingerprint] = true
			matched++
			continue
		}
		fresh = append(fresh, ds[i])
	}
	for _, e := range b.Entries {
		if !used[e.Fingerprint] {
			unmatched = append(unmatched, e)
		}
	}
	return fresh, matched, unmatched
}

// key is what identifies one finding.
type key struct {
	path        string
	occurrence  int
	fingerprint string
}

// identify computes the key of each finding: its path relative to dir,
// with the names holding a secret masked, and its occurrence counted in
// file order, whatever order ds is in.
func identify(ds []lint.Diagnostic, dir string, redact func(string) string) []key {
	rel := make([]string, len(ds))
	for i, d := range ds {
		rel[i] = lint.RedactPath(redact, relPath(dir, d.Path))
	}
	order := make([]int, len(ds))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := ds[order[i]], ds[order[j]]
		if rel[order[i]] != rel[order[j]] {
			return rel[order[i]] < rel[order[j]]
		}
		return a.Less(b)
	})
	sorted := make([]lint.Diagnostic, len(ds))
	for i, k := range order {
		sorted[i] = ds[k]
		sorted[i].Path = rel[k]
	}
	occ := lint.Occurrences(sorted, func(d lint.Diagnostic) string { return d.Path })
	keys := make([]key, len(ds))
	for i, k := range order {
		keys[k] = key{path: rel[k], occurrence: occ[i], fingerprint: lint.Fingerprint(sorted[i], rel[k], occ[i])}
	}
	return keys
}

// relPath returns the slash path p relative to dir, or p itself when it
// has no relative form (another volume).
func relPath(dir, p string) string {
	r, err := filepath.Rel(dir, filepath.FromSlash(p))
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}

// humanText clips the normalised flagged text to maxText characters and
// makes invisible characters visible (<U+202E>), so that reviewing the
// file shows what it holds.
func humanText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == maxText {
			b.WriteString("…")
			break
		}
		n++
		if unicode.IsGraphic(r) {
			b.WriteRune(r)
		} else {
			fmt.Fprintf(&b, "<U+%04X>", r)
		}
	}
	return b.String()
}

// stale returns the finding that reports an entry no finding matched.
// baselineFile is the baseline's absolute path with "/" separators.
func stale(e Entry, baselineFile string) lint.Diagnostic {
	what := ""
	switch {
	case e.Text != "" && e.Occurrence > 0:
		what = fmt.Sprintf(" (“%s”, occurrence %d)", e.Text, e.Occurrence)
	case e.Text != "":
		what = fmt.Sprintf(" (“%s”)", e.Text)
	case e.Occurrence > 0:
		what = fmt.Sprintf(" (occurrence %d)", e.Occurrence)
	}
	return lint.Diagnostic{
		Rule:     staleRule,
		Severity: lint.Info,
		Path:     baselineFile,
		Message:  fmt.Sprintf("baseline entry for %s in %s%s matches nothing any more: run memlint baseline to drop it", e.Rule, e.Path, what),
	}
}

// parse reads a baseline file's content; name is the file as shown in
// errors.
func parse(data []byte, name string) (*Baseline, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: invalid baseline: the file is empty", name)
	}
	var doc file
	if err := json.Unmarshal(data, &doc); err != nil {
		if line := errorLine(data, err); line > 0 {
			name = fmt.Sprintf("%s:%d", name, line)
		}
		return nil, fmt.Errorf("%s: invalid baseline: %s", name, decodeErrorText(err))
	}
	if doc.Version == nil {
		return nil, fmt.Errorf("%s: invalid baseline: no version (want %d)", name, version)
	}
	if *doc.Version != version {
		return nil, fmt.Errorf("%s: baseline version %d is not supported (this memlint reads version %d)", name, *doc.Version, version)
	}
	for i, e := range doc.Entries {
		if err := e.validate(); err != nil {
			return nil, fmt.Errorf("%s: invalid baseline: entries[%d]: %w", name, i, err)
		}
	}
	return New(doc.Entries), nil
}

func (e Entry) validate() error {
	switch {
	case e.Rule == "":
		return errors.New("no rule")
	case e.Path == "":
		return errors.New("no path")
	case e.Occurrence < 0:
		return fmt.Errorf("occurrence %d is negative", e.Occurrence)
	case !isFingerprint(e.Fingerprint):
		return fmt.Errorf("fingerprint %q is not 32 lowercase hexadecimal digits", e.Fingerprint)
	}
	return nil
}

func isFingerprint(s string) bool {
	if len(s) != 32 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// decodeErrorText says what is wrong in JSON terms, not Go's.
func decodeErrorText(err error) string {
	var typ *json.UnmarshalTypeError
	if !errors.As(err, &typ) || typ.Type == nil {
		return strings.TrimPrefix(err.Error(), "json: ")
	}
	want := "a string"
	switch typ.Type.Kind() {
	case reflect.Struct, reflect.Map:
		want = "an object"
	case reflect.Slice, reflect.Array:
		want = "an array"
	case reflect.Int, reflect.Int64:
		want = "a whole number"
	}
	what := "the document"
	if typ.Field != "" {
		what = typ.Field
	}
	return fmt.Sprintf("%s is %s %s, want %s", what, article(typ.Value), typ.Value, want)
}

// article is the indefinite article for a JSON value's kind: "an array",
// "a string".
func article(kind string) string {
	if strings.HasPrefix(kind, "a") || strings.HasPrefix(kind, "o") {
		return "an"
	}
	return "a"
}

// errorLine returns the line of data a decoding error is on, or 0.
func errorLine(data []byte, err error) int {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var offset int64
	switch {
	case errors.As(err, &syntax):
		offset = syntax.Offset
	case errors.As(err, &typ):
		offset = typ.Offset
	default:
		return 0
	}
	if offset < 0 || offset > int64(len(data)) {
		return 0
	}
	return bytes.Count(data[:offset], []byte("\n")) + 1
}

// marshal returns the file's content: the same entries always give the
// same bytes.
func (b *Baseline) marshal() ([]byte, error) {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "{\n  \"version\": %d,\n  \"entries\": [", version)
	for i, e := range b.Entries {
		line, err := marshalEntry(e)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    ")
		buf.Write(line)
	}
	if len(b.Entries) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("]\n}\n")
	return buf.Bytes(), nil
}

// marshalEntry writes one entry on one line, leaving <, > and & as they
// are: the file is read by people, not embedded in HTML.
func marshalEntry(e Entry) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return nil, fmt.Errorf("encode baseline entry: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// WriteFile writes the baseline to path atomically (atomicfile.WriteFile),
// so that a reader never sees half a file. An existing file keeps its
// permissions. A symbolic link is written through only when its target
// lies inside the repository holding the link (or, outside git, the folder
// holding it): a baseline kept elsewhere in the repository and linked in
// is updated, while a link a repository commits to a file of the user's
// own (~/.bashrc) is refused and that file left alone.
func (b *Baseline) WriteFile(path string) error {
	data, err := b.marshal()
	if err != nil {
		return err
	}
	if info, err := os.Lstat(path); err == nil && info.Mode()&fs.ModeSymlink != 0 {
		if path, err = linkInside(path); err != nil {
			return fmt.Errorf("write baseline: %w", err)
		}
	}
	if err := atomicfile.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("write baseline: %w", err)
	}
	return nil
}

// linkInside resolves the symbolic link at path, refusing a target
// outside the repository (or folder) holding the link.
func linkInside(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	top := filepath.Dir(abs)
	if repo := gitrepo.TopLevel(top); repo != "" {
		top = repo
	}
	if real, err := filepath.EvalSymlinks(top); err == nil {
		top = real
	}
	target, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", &fs.PathError{Op: "write", Path: path, Err: errors.New("is a symbolic link that cannot be resolved; not followed")}
	}
	if !pathutil.Within(target, top) {
		return "", &fs.PathError{Op: "write", Path: path, Err: errors.New("is a symbolic link to a file outside the repository; not followed")}
	}
	return target, nil
}

// Applied is a baseline file as a run applies it: lint.Plan's Baseline.
type Applied struct {
	Baseline *Baseline
	// File is the baseline's absolute path; entry paths are relative to
	// its folder.
	File string
	// Redact masks secrets in paths, as for Entries: the same function
	// that wrote the baseline.
	Redact func(string) string
}

// Apply drops the findings the baseline accepts and adds a baseline-stale
// finding for each entry that matched nothing and that inScope says the
// run could judge.
func (a Applied) Apply(ds []lint.Diagnostic, inScope func(path string) bool) []lint.Diagnostic {
	dir := filepath.Dir(a.File)
	fresh, _, unmatched := a.Baseline.filter(ds, dir, a.Redact)
	for _, e := range unmatched {
		// The entry's path may be masked (a file named after a token):
		// whether the run judged it is a question about the real file.
		if inScope(lint.UnmaskPath(a.Redact, e.AbsPath(dir))) {
			fresh = append(fresh, stale(e, filepath.ToSlash(a.File)))
		}
	}
	return fresh
}

// AbsPath is the path the entry names as an absolute OS path; dir is the
// baseline's folder.
func (e Entry) AbsPath(dir string) string {
	p := filepath.FromSlash(e.Path)
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return p
}

// maxSize bounds the baseline file memlint reads: a repository can plant
// anything at .memlint-baseline.json (a link to /dev/zero, a FIFO), and a
// baseline holds a few hundred bytes a finding.
const maxSize = 64 << 20

// Read reads and parses a baseline file; shown names it in errors. A
// missing file is an error wrapping fs.ErrNotExist; one that is not a
// regular file, or larger than maxSize, is an error wrapping
// safefile.ErrNotRegular or safefile.ErrTooLarge, found without reading it.
func Read(file, shown string) (*Baseline, error) {
	data, err := safefile.ReadFile(file, maxSize)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("read baseline %s: %w", shown, err)
	}
	b, err := parse(data, shown)
	if err != nil {
		return nil, fmt.Errorf("%w (repair it, or delete it and run memlint baseline)", err)
	}
	return b, nil
}
