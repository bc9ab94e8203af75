package lint

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/internal/suggest"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/memory"
)

// Linter runs rules over memory dirs read from an fs.FS.
type Linter struct {
	Setup
	// Config may be nil: every rule at its defaults.
	Config *Config
	// Root is the absolute OS path the fs.FS stands for (the working tree
	// folder, or the worktree root for staged content). Configuration
	// globs are matched against paths made from it.
	Root string
	// MaxFileSize bounds what is read; zero means DefaultMaxFileSize.
	MaxFileSize int64
	// Focus, when not nil, are the files (paths of the fs.FS) whose
	// findings the run reports; findings about a whole dir are kept too.
	// Every rule still sees the whole dir, so a focus file's findings are
	// those of a full run, but rules skip the work that could only report
	// on other files (Pass.Focused), and the Markdown of other files is
	// parsed only when a rule reads it.
	Focus map[string]bool
	// Earlier, when set, is the content files had at an earlier revision
	// (HEAD for a commit, --base for a pull request); rules that compare
	// with it (log-append-only) see it through File.Base.
	Earlier memory.Earlier
	// ClaudeHome is Claude Code's config home, absolute ($CLAUDE_CONFIG_DIR
	// or ~/.claude): the memory dirs inside it but team memory are the
	// user's own (Dir.Personal). Empty means none is.
	ClaudeHome string

	// alsoNested are memory dirs (paths of the fs.FS) not linted this
	// time whose files are not part of any dir linted: a run that lints
	// some of its dirs again after --fix still tells nested dirs apart.
	alsoNested []string
}

// runs reports whether the rule takes part in this run at all.
func (l *Linter) runs(rule *Rule) bool {
	if len(l.Only) > 0 && !contains(l.Only, rule.ID) {
		return false
	}
	return l.Config.MaybeOn(rule)
}

// FileUnreadable reports files memlint could not read as text. The engine
// produces its findings; the value exists for documentation and config.
// It is stable whatever was measured: it judges no memory but says what
// the run itself could not do (rules.EngineReports), and a run that
// skipped a file in silence would report "no problems" about it.
var FileUnreadable = &Rule{
	ID:       "file-unreadable",
	Stage:    Stable,
	Severity: Error,
	Summary:  "a file in a memory dir could not be read as text, or was not followed",
	Doc: `A memory file that cannot be read is a memory nobody can check, and
often one Claude Code cannot load either: permission denied, a file larger than
memlint's limit (8 MiB), binary content, a named pipe or device called ` + "`x.md`" + `,
a file or folder of the memory dir whose name is not UTF-8 (the rest of the dir
is linted; where the dir itself is does not matter), or a symbolic link. memlint
never follows symbolic links (they may point outside the repository or loop); a
link is reported as a warning, the rest as errors.

Bad: ` + "`feedback_x.md -> /home/me/.ssh/id_rsa`" + `. Good: a regular Markdown file.

Fix: make the file a regular, readable UTF-8 Markdown file, or move it out of
the memory dir.`,
	Run: checkUnreadable,
}

// checkUnreadable reports the files of the dir the loader could not read,
// and those whose Markdown body could not be parsed.
func checkUnreadable(pass *Pass) {
	for _, f := range pass.Dir.Unreadable {
		sev := Warning
		if f.UnreadableError {
			sev = Error
		}
		pass.Report(Diagnostic{Severity: sev, Path: f.Path,
			Message: fmt.Sprintf("%s: %s", path.Base(f.Path), f.Unreadable)})
	}
	for _, f := range pass.Dir.Files() {
		// Parsing every body only to learn that none failed would be most
		// of a run that keeps errors alone.
		if pass.Focused(f) && pass.Keeps(f, Warning) && f.ParseError() != nil {
			pass.Report(Diagnostic{Severity: Warning, Path: f.Path,
				Message: "the Markdown body could not be parsed (" + f.ParseError().Error() + "); body rules skipped it"})
		}
	}
}

// UnusedSuppression reports memlint-disable comments that hide nothing.
var UnusedSuppression = &Rule{
	ID:       "unused-suppression",
	Stage:    Preview,
	Severity: Warning,
	Summary:  "a memlint-disable comment suppresses nothing, or names an unknown rule",
	Doc: `Suppression comments outlive the problem they hid. One that no longer
suppresses anything hides the next real problem of the same rule on that line,
and its reason misleads readers.

Bad: ` + "`<!-- memlint-disable-next-line relative-date -- release plan -->`" + ` above a
line that no longer has a relative date. Good: delete the comment.

Fix: remove the comment, or correct the rule ID it names.`,
	Scope: ScopeSuppressions,
}

// The rule's check refers to the registry, which refers to the rule: set
// here, not in the literal, which would make an initialization cycle.
func init() { UnusedSuppression.Run = checkUnusedSuppressions }

func (l *Linter) now() time.Time {
	if l.Now.IsZero() {
		return time.Now()
	}
	return l.Now
}

// abs maps an fs.FS path to the OS path configuration globs see.
func (l *Linter) abs(p string) string {
	if l.Root == "" {
		return filepath.FromSlash(p)
	}
	return filepath.Join(l.Root, filepath.FromSlash(p))
}

// Lint loads the memory dirs at the given fs.FS paths and runs every
// enabled rule over them.
func (l *Linter) Lint(fsys fs.FS, dirs []string) (*Result, error) {
	if len(l.Only) > 0 && (l.Config == nil || !l.Config.Preview) {
		// Naming a rule is asking for it, as --preview does: a fixture or
		// a test runs a preview rule alone. A caller that must honour the
		// stage (the Claude Code guard) asks Config.MaybeOn first.
		only := *l
		only.Config = l.Config.WithPreview()
		l = &only
	}
	dirs = uniqueSorted(dirs)
	dirSet := make(map[string]bool, len(dirs))
	for _, d := range append(dirs, l.alsoNested...) {
		dirSet[d] = true
	}
	max := l.MaxFileSize
	if max <= 0 {
		max = memory.DefaultMaxFileSize
	}
	ld := &memory.Loader{
		FS:      fsys,
		MaxSize: max,
		Earlier: l.Earlier,
		Reuse:   l.Reuse,
		Nested: func(p string) bool {
			if dirSet[p] {
				return true
			}
			info, err := fs.Stat(fsys, path.Join(p, memory.IndexName))
			return err == nil && !info.IsDir()
		},
		Ignored: func(p string) bool { return l.Config.Ignored(l.abs(p)) },
		InTeam:  func(p string) bool { return memory.InTeamMemory(filepath.ToSlash(l.abs(p))) },
	}
	release := sync.OnceValue(func() claude.Release { return ResolveRelease(l.Config, l.VersionProbe) })
	ld.DropLinkDefinitions = func() bool { return release().DropsLinkDefinitions() }
	res := &Result{Dirs: make([]DirSummary, len(dirs))}
	perDir := make([][]Diagnostic, len(dirs))
	linted := make([]map[string][sha256.Size]byte, len(dirs))
	suppressed := make([][]Diagnostic, len(dirs))
	failed := make([][]RuleError, len(dirs))
	errs := make([]error, len(dirs))
	// Dirs are linted in parallel, each read, parsed, checked and released
	// in turn. With fewer dirs than CPUs, the files of a dir are read in
	// parallel instead.
	spread := len(dirs) < runtime.GOMAXPROCS(0)
	recall := sync.OnceValue(l.recall)
	texts := &interner{}
	parallel(len(dirs), func(i int) {
		d, err := ld.WalkDir(dirs[i])
		if err != nil {
			errs[i] = err
			return
		}
		var files []*memory.File
		if d.Index != nil {
			files = append(files, d.Index)
		}
		files = append(files, d.Topics...)
		files = append(files, d.Skills...)
		files = append(files, d.Logs...)
		// The kind rests on which files the walk found, not on their content.
		d.Kind = memory.KindOf(l.abs(dirs[i]), d)
		if spread {
			// Parsing too, and what rules prepare of each file: the first
			// rule to ask for a file's frontmatter or body would otherwise
			// parse it on one core. Not the bodies for a focused, reusing or
			// errors-only run, whose rules may read few of them.
			eager := len(l.Focus) == 0 && l.Reuse == nil && !l.ErrorsOnly
			preparing, err := l.preparers(d)
			if err != nil {
				errs[i] = err
				return
			}
			failed := make([]error, len(files))
			parallel(len(files), func(j int) {
				if ld.ReadFile(files[j]); files[j].Unreadable == "" {
					failed[j] = prepare(preparing, files[j], eager)
				}
			})
			for _, err := range failed {
				if err != nil {
					errs[i] = err // the first, in path order
					return
				}
			}
		} else {
			for _, f := range files {
				ld.ReadFile(f)
			}
		}
		d.Personal = l.ClaudeHome != "" && d.Kind != memory.DirTeam && pathutil.Within(l.abs(dirs[i]), l.ClaudeHome)
		ld.Settle(d)
		perDir[i], suppressed[i], failed[i] = l.lintDir(d, recall, texts, spread)
		linted[i] = fixedDigests(d, perDir[i])
		res.Dirs[i] = summaryOf(d)
	})
	total := 0
	for i, err := range errs {
		if err != nil {
			return nil, err
		}
		total += len(perDir[i])
	}
	// One list of the exact length, each dir's released once copied: at
	// 100,000 files the findings are most of the live heap.
	if total > 0 {
		res.Diagnostics = make([]Diagnostic, 0, total)
	}
	for i := range errs {
		res.Files += res.Dirs[i].Files
		res.Diagnostics = append(res.Diagnostics, perDir[i]...)
		perDir[i] = nil
		res.Suppressed = append(res.Suppressed, suppressed[i]...)
		res.Errors = append(res.Errors, failed[i]...)
		for p, sum := range linted[i] {
			if res.Linted == nil {
				res.Linted = map[string][sha256.Size]byte{}
			}
			res.Linted[p] = sum
		}
	}
	for _, list := range []*[]Diagnostic{&res.Diagnostics, &res.Suppressed} {
		ds := *list
		sort.Slice(ds, func(i, j int) bool { return ds[i].Less(ds[j]) })
		*list = dedupe(ds)
	}
	res.Diagnostics = l.Config.capCustomRules(res.Diagnostics)
	return res, nil
}

// fixedDigests is the SHA-256 of each file of d that a fix of ds edits,
// taken while its content is still loaded.
func fixedDigests(d *memory.Dir, ds []Diagnostic) map[string][sha256.Size]byte {
	var out map[string][sha256.Size]byte
	var byPath map[string]*memory.File
	for _, diag := range ds {
		for _, e := range diag.Fix.EditsOf() {
			if _, done := out[e.Path]; done {
				continue
			}
			if byPath == nil {
				byPath = map[string]*memory.File{}
				for _, f := range d.Files() {
					byPath[f.Path] = f
				}
				out = map[string][sha256.Size]byte{}
			}
			if f := byPath[e.Path]; f != nil {
				out[e.Path] = sha256.Sum256(f.Src)
			}
		}
	}
	return out
}

// summaryOf is the summary of a dir linted.
func summaryOf(d *memory.Dir) DirSummary {
	s := DirSummary{Path: d.Path, Kind: d.Kind, Files: len(d.Files()) + len(d.Unreadable)}
	if d.Index != nil && d.Index.Index != nil {
		s.Index = &IndexSummary{Path: d.Index.Path, Budget: d.Index.Index.Budget}
	}
	return s
}

// lintDir runs the rules over one dir and filters their findings; it
// returns those to report, those a suppression hid and the rules that
// failed.
func (l *Linter) lintDir(d *memory.Dir, recall func() claude.Recall, texts *interner, spread bool) (out, hidden []Diagnostic, failed []RuleError) {
	var raw []Diagnostic
	now := l.now()
	var dirRules []*Rule
	for _, rule := range l.Registry.Rules() {
		if rule.Scope == ScopeDir && rule.Run != nil && l.runs(rule) && rule.appliesTo(d.Kind) {
			dirRules = append(dirRules, rule)
		}
	}
	// Each rule reports into its own list, joined in registry order, so
	// that the findings are the same whether the rules ran one after the
	// other or side by side.
	found := make([][]Diagnostic, len(dirRules))
	ruleFailed := make([][]RuleError, len(dirRules))
	runOne := func(i int) {
		pass := &Pass{Rule: dirRules[i], Dir: d, Now: now, recall: recall, options: l.options, linter: l,
			report: func(diag Diagnostic) { found[i] = append(found[i], diag) }}
		ruleFailed[i] = runRule(pass)
	}
	if spread {
		// With fewer dirs than CPUs, the rules of one dir run side by
		// side: a single memory dir (most users', and every run of the
		// Claude Code hook) would otherwise keep one core busy.
		parallel(len(dirRules), runOne)
	} else {
		for i := range dirRules {
			runOne(i)
		}
	}
	for i := range dirRules {
		raw = append(raw, found[i]...)
		failed = append(failed, ruleFailed[i]...)
	}

	files := make(map[string]*memory.File)
	for _, f := range d.Files() {
		files[f.Path] = f
	}
	keep := func(diag Diagnostic) {
		diag, ok := l.settle(diag, d, files)
		if ok {
			diag.Message, diag.Suggestion = texts.of(diag.Message), texts.of(diag.Suggestion)
		}
		switch {
		case !ok:
		case diag.Suppressed:
			hidden = append(hidden, diag)
		default:
			out = append(out, diag)
		}
	}
	for _, diag := range raw {
		if l.focused(diag.Path) || diag.Path == d.Path {
			keep(diag)
		}
	}
	// Rules about the filter itself run once it has seen every finding.
	for _, rule := range l.Registry.Rules() {
		if rule.Scope != ScopeSuppressions || rule.Run == nil || !l.runs(rule) || !rule.appliesTo(d.Kind) {
			continue
		}
		var late []Diagnostic
		pass := &Pass{Rule: rule, Dir: d, Now: now, recall: recall, options: l.options, linter: l,
			report: func(diag Diagnostic) { late = append(late, diag) }}
		failed = append(failed, runRule(pass)...)
		for _, diag := range late {
			if l.focused(diag.Path) || diag.Path == d.Path {
				keep(diag)
			}
		}
	}
	return out, hidden, failed
}

// options are rule's options for the file at p, by configuration.
func (l *Linter) options(rule *Rule, p string) Options {
	_, _, opts := l.Config.Resolve(rule, l.abs(p))
	return opts
}

// preparers are what the rules that run over d and prepare files
// (Rule.Prepare) do with each of its files. A Prepare that panics fails
// the run, as prepare says.
func (l *Linter) preparers(d *memory.Dir) (out []func(*memory.File), err error) {
	for _, rule := range l.Registry.Rules() {
		if rule.Prepare == nil || rule.Scope != ScopeDir || rule.Run == nil || !l.runs(rule) || !rule.appliesTo(d.Kind) {
			continue
		}
		pass := &Pass{Rule: rule, Dir: d, Now: l.now(), options: l.options, linter: l, report: func(Diagnostic) {}}
		func() {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("internal error (please report this bug) in rule %s preparing %s: %v", rule.ID, d.Path, r)
				}
			}()
			if each := rule.Prepare(pass); each != nil {
				out = append(out, each)
			}
		}()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// prepare parses f's frontmatter, and its body when eager, and runs each
// of preparing on it. A panic, which a rule's Run would have met as a
// RuleError, is memlint's bug all the same: an error that names the file,
// never a finding (sync.Once would leave the file unparsed for the rules
// after).
func prepare(preparing []func(*memory.File), f *memory.File, eager bool) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error (please report this bug) parsing %s: %v", f.Path, r)
		}
	}()
	f.Frontmatter()
	if eager {
		f.Body()
	}
	for _, each := range preparing {
		f.KeepMemo()
		each(f)
	}
	return nil
}

// focused reports whether the run reports findings in the file at p.
func (l *Linter) focused(p string) bool { return l.Focus == nil || l.Focus[p] }

// checkUnusedSuppressions reports suppression comments that hid nothing.
func checkUnusedSuppressions(pass *Pass) {
	l, d := pass.linter, pass.Dir
	for _, f := range d.Files() {
		if !pass.Focused(f) {
			continue // the findings of other files were not settled
		}
		for _, s := range f.Suppressions() {
			start, end := f.SpanPos(s.Span)
			add := func(msg string) {
				pass.Report(Diagnostic{Path: f.Path, Start: start, End: end, Message: msg,
					Suggestion: "remove the comment"})
			}
			if len(s.Rules) == 0 {
				if len(s.Used) == 0 {
					add("this memlint-disable comment suppresses nothing")
				}
				continue
			}
			for _, id := range s.Rules {
				rule, ok := l.Registry.Lookup(id)
				switch {
				case !ok:
					add(fmt.Sprintf("unknown rule %q in memlint-disable comment%s", id, l.closestRule(id)))
				case s.Used[id]:
				case id == UnusedSuppression.ID:
				default:
					if off, _ := l.Config.Level(rule, l.abs(f.Path)); !off && l.runs(rule) {
						add(fmt.Sprintf("memlint-disable for %s suppresses nothing here", id))
					}
				}
			}
		}
	}
}

// closestRule suggests a rule ID for a misspelt one.
func (l *Linter) closestRule(id string) string {
	ids := make([]string, 0, len(l.Registry.Rules()))
	for _, r := range l.Registry.Rules() {
		ids = append(ids, r.ID)
	}
	if best := suggest.Closest(id, ids); best != "" {
		return fmt.Sprintf(" (did you mean %s?)", best)
	}
	return ""
}

func uniqueSorted(in []string) []string {
	out := append([]string(nil), in...)
	sort.Strings(out)
	j := 0
	for i, s := range out {
		if i == 0 || s != out[j-1] {
			out[j] = s
			j++
		}
	}
	return out[:j]
}

func dedupe(ds []Diagnostic) []Diagnostic {
	if len(ds) == 0 {
		return ds
	}
	out := ds[:1]
	for _, d := range ds[1:] {
		if !d.same(out[len(out)-1]) {
			out = append(out, d)
		}
	}
	return out
}

// interner shares one copy of each finding text among the dirs of a run:
// the same message or suggestion recurs in many files (a run of 100,000
// files holds 131,000 findings with 44,000 distinct messages), and every
// finding is kept until the report.
type interner struct {
	mu   sync.Mutex
	seen map[string]string
}

// of returns the shared copy of s.
func (in *interner) of(s string) string {
	if s == "" {
		return s
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if t, ok := in.seen[s]; ok {
		return t
	}
	if in.seen == nil {
		in.seen = map[string]string{}
	}
	in.seen[s] = s
	return s
}

// parallel calls fn(0..n-1) on as many goroutines as there are CPUs,
// the caller's among them. Each takes the next index from a counter: a
// channel would hand out indexes one at a time, waking a goroutine for
// each, which costs as much as reading a small file.
func parallel(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			fn(i)
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// RelPath is a helper for reporters: p relative to base, slash separated,
// or p itself when it is not below base.
func RelPath(base, p string) string {
	r, err := filepath.Rel(base, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}
