package lint

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// Rule is one check: a plain value with an ID, documentation, options and a
// function that inspects one memory dir. Rules never read files or print;
// they look at the Pass and report diagnostics through it.
type Rule struct {
	// ID is the public, stable name used in output, config and
	// suppression comments.
	ID string
	// Severity is the default severity of its findings. A rule may report
	// some findings at another severity (a warning threshold below an
	// error one); configuration overrides both.
	Severity Severity
	// Summary is one line: what the rule checks.
	Summary string
	// Doc explains why it matters, gives a bad and a good example and says
	// how to fix it. Markdown.
	Doc string
	// Options the rule reads, with their defaults: OptionsOf(a struct
	// value) declares them, and the rule reads them with OptionsFor.
	Options []Option
	// Fix, when set, says what the rule's automatic fix does and whether
	// it is safe (--fix) or unsafe (--unsafe-fixes), for the docs.
	Fix string
	// Kinds, when set, are the kinds of memory dir the rule applies to;
	// the engine does not run it over other dirs. Empty means every kind.
	// A rule that enforces what an auto memory must not hold, say, does
	// not fit a subagent's notes (SPEC §2, "Kinds of memory dir").
	Kinds []memory.DirKind
	// Scope is what the rule looks at: a memory dir (the default), or a
	// repository's checked-in Claude Code settings.
	Scope Scope
	// Stage is Stable (the zero value) for a rule that runs by default,
	// Preview for one that runs only when asked (--preview, preview: true,
	// or the rule named in the configuration's rules:). A built-in rule is
	// stable only once its precision was measured on real memory (SPEC §2,
	// "Stages and measured precision"; package rules holds the numbers
	// and a test holds the bar).
	Stage Stage
	// Run inspects pass.Dir and reports findings; for rules of ScopeDir.
	Run func(pass *Pass)
	// Prepare, when set, returns what makes the values Run will ask Memo
	// for about one file of pass.Dir, or nil when Run will ask for none
	// (the run keeps no finding it could make there). The engine calls it
	// once per dir, before the files are read, and what it returns on each
	// file right after the file is read, in the goroutine that read it: a
	// run spread over the CPUs (fewer dirs than CPUs, as when one memory
	// dir is linted) then does a rule's heavy per-file work on every core,
	// not in the one goroutine that runs the rule. It does so only then,
	// so Run must give the same findings whether or not Prepare ran; pass
	// has no way to report.
	Prepare func(pass *Pass) func(f *memory.File)
	// RunRepo inspects a repository's checked-in settings file and
	// reports findings; for rules of ScopeRepository, and for a rule of
	// ScopeDir that checks that file as well (secret).
	RunRepo func(pass *RepoPass)
}

// Stage is how far a rule has come (as in ruff): stable rules run by
// default, preview rules only when a run asks for them.
type Stage int

const (
	// Stable rules run by default. Custom rules of a configuration are
	// stable: whoever wrote them asked for them.
	Stable Stage = iota
	// Preview rules run only with --preview, preview: true in the
	// configuration, or when the configuration's rules: names them.
	Preview
)

func (s Stage) String() string {
	if s == Preview {
		return "preview"
	}
	return "stable"
}

// Scope is what a rule looks at, and so when a run calls it.
type Scope int

const (
	// ScopeDir rules check one memory dir at a time (Rule.Run).
	ScopeDir Scope = iota
	// ScopeSuppressions rules check a memory dir once every other rule's
	// findings over it were settled, so they see which suppression
	// comments hid one (unused-suppression).
	ScopeSuppressions
	// ScopeBaseline rules report on the baseline of accepted findings
	// once it filtered the run (baseline-stale): their findings come from
	// the Baseline and are settled by configuration like any other.
	ScopeBaseline
	// ScopeRepository rules check a repository's checked-in Claude Code
	// settings file, ProjectSettings, once per repository a run covers
	// (Rule.RunRepo).
	ScopeRepository
)

// RepoPass is a repository rule's view of one settings file and its way
// to report.
type RepoPass struct {
	Rule *Rule
	// Path is the file's absolute, slash-separated path, which findings
	// name.
	Path string
	// Src is the file's content.
	Src []byte
	// Home is the user's home folder, or "" when it cannot be told.
	Home string

	report func(Diagnostic)
}

// Report records a finding. Rule and Path are filled in when empty.
func (p *RepoPass) Report(d Diagnostic) {
	if d.Rule == "" {
		d.Rule = p.Rule.ID
	}
	if d.Path == "" {
		d.Path = p.Path
	}
	p.report(d)
}

// appliesTo reports whether the rule runs over memory dirs of kind k.
func (r *Rule) appliesTo(k memory.DirKind) bool {
	if len(r.Kinds) == 0 {
		return true
	}
	for _, want := range r.Kinds {
		if want == k {
			return true
		}
	}
	return false
}

// ExceptSubagent are the kinds of every memory dir but a subagent's: for
// rules about what an auto memory's index or topic files must not hold,
// which a subagent's notes-style memory legitimately holds.
var ExceptSubagent = []memory.DirKind{memory.DirAuto, memory.DirTeam, memory.DirLogs}

// Pass is a rule's view of one memory dir and its way to report.
type Pass struct {
	Rule *Rule
	Dir  *memory.Dir
	// Now is the time the run treats as now (for "in the future" checks);
	// fixed in tests.
	Now time.Time

	options func(rule *Rule, path string) Options
	decoded map[string]any // OptionsFor's values by file path
	// decodedByKey holds OptionsFor's values by Config.optionsKey.
	decodedByKey map[uint64]any
	report       func(Diagnostic)
	recall       func() claude.Recall
	failed       []RuleError
	// linter is the run, for the rules of package lint about the filter
	// (unused-suppression asks which rules exist and are on).
	linter *Linter
}

// Fail records that the rule could not do its work over this dir: err
// goes to Result.Errors (not among the findings) and the run fails with
// exit code 2. The rule may go on and report what it could check, or
// return.
func (p *Pass) Fail(err error) {
	p.failed = append(p.failed, RuleError{Rule: p.Rule.ID, Dir: p.Dir.Path, Err: err})
}

// Recall returns what the run knows about Claude Code's recall mode. It is
// worked out on first use: it may read Claude Code's state file.
func (p *Pass) Recall() claude.Recall {
	if p.recall == nil {
		return claude.Recall{}
	}
	return p.recall()
}

// Focused reports whether the run reports findings in f: a run focused
// on some files (Linter.Focus) drops the findings in others, so a rule may
// skip the work that can only report on f. What a rule learns from f for
// other files' findings (its name, its links) it must still read.
func (p *Pass) Focused(f *memory.File) bool { return p.linter == nil || p.linter.focused(f.Path) }

// Keeps tells whether a finding of severity sev about f is one the caller
// keeps: false only in a run that keeps errors alone (Linter.ErrorsOnly)
// for a finding below error whose rule the configuration does not raise
// to error for f. A rule skips the work whose findings would not be kept.
func (p *Pass) Keeps(f *memory.File, sev Severity) bool {
	if p.linter == nil || !p.linter.ErrorsOnly || sev == Error {
		return true
	}
	if p.linter.Config == nil {
		return false
	}
	_, configured := p.linter.Config.Level(p.Rule, p.linter.abs(f.Path))
	return configured == Error
}

// Report records a finding. Rule and Path are filled in when empty.
func (p *Pass) Report(d Diagnostic) {
	if d.Rule == "" {
		d.Rule = p.Rule.ID
	}
	if d.Path == "" {
		d.Path = p.Dir.Path
	}
	p.report(d)
}

// ReportSpan reports a finding covering s in f at the rule's default
// severity.
func (p *Pass) ReportSpan(f *memory.File, s markdown.Span, msg, suggestion string) {
	p.ReportSpanSeverity(f, s, SeverityDefault, msg, suggestion)
}

// ReportSpanSeverity reports a finding covering s in f.
func (p *Pass) ReportSpanSeverity(f *memory.File, s markdown.Span, sev Severity, msg, suggestion string) {
	start, end := f.SpanPos(s)
	if s.End <= s.Start {
		end = markdown.Pos{}
	}
	p.Report(Diagnostic{Severity: sev, Path: f.Path, Start: start, End: end, Message: msg, Suggestion: suggestion})
}

// ReportAt reports a finding at a position of f, with an optional end.
func (p *Pass) ReportAt(f *memory.File, start, end markdown.Pos, msg, suggestion string) {
	p.Report(Diagnostic{Path: f.Path, Start: start, End: end, Message: msg, Suggestion: suggestion})
}

// ReportFile reports a finding about a whole file.
func (p *Pass) ReportFile(f *memory.File, msg, suggestion string) {
	p.Report(Diagnostic{Path: f.Path, Message: msg, Suggestion: suggestion})
}

// Registry is an ordered set of rules.
type Registry struct {
	rules []*Rule
	byID  map[string]*Rule
}

// NewRegistry builds a registry, refusing empty or duplicate IDs.
func NewRegistry(rules ...*Rule) (*Registry, error) {
	r := &Registry{byID: make(map[string]*Rule, len(rules))}
	for _, rule := range rules {
		if err := r.Add(rule); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Add registers a rule.
func (r *Registry) Add(rule *Rule) error {
	if rule.ID == "" || strings.ToLower(rule.ID) != rule.ID || strings.ContainsAny(rule.ID, " ,") {
		return fmt.Errorf("invalid rule ID %q: use lowercase words joined by hyphens", rule.ID)
	}
	if _, dup := r.byID[rule.ID]; dup {
		return fmt.Errorf("rule %q is defined twice", rule.ID)
	}
	r.byID[rule.ID] = rule
	r.rules = append(r.rules, rule)
	sort.Slice(r.rules, func(i, j int) bool { return r.rules[i].ID < r.rules[j].ID })
	return nil
}

// Rules returns the rules sorted by ID.
func (r *Registry) Rules() []*Rule { return r.rules }

// Lookup returns the rule with the given ID.
func (r *Registry) Lookup(id string) (*Rule, bool) {
	rule, ok := r.byID[id]
	return rule, ok
}

// With returns a new registry holding r's rules and more; r is unchanged.
// A nil r stands for an empty registry.
func (r *Registry) With(more ...*Rule) (*Registry, error) {
	var all []*Rule
	if r != nil {
		all = append(all, r.rules...)
	}
	return NewRegistry(append(all, more...)...)
}
