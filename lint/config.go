package lint

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"gopkg.in/yaml.v3"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/internal/gitrepo"
	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/markdown"
)

// ConfigFileName is the name memlint looks for, walking up from the
// current directory.
const ConfigFileName = ".memlint.yaml"

// Config is a loaded .memlint.yaml.
type Config struct {
	// Path is the file it was read from; empty for the defaults.
	Path string
	// Staged is set when Path was read from the git index (ResolveConfig
	// of a StagedConfig source), not from disk.
	Staged bool
	// Dir is the absolute folder globs and roots are relative to.
	Dir       string
	Roots     []string
	Ignore    []string
	Rules     map[string]RuleConfig
	Overrides []Override
	// Recall says whether Claude Code's recall mode applies (claude-code:
	// {recall: on|off|auto}); RecallAuto when not set.
	Recall claude.RecallMode
	// NoGuard turns off the Claude Code PreToolUse guard (claude-code:
	// {guard: off}), for a project that wants findings after the write
	// only.
	NoGuard bool
	// ClaudeVersion is the Claude Code release to model (claude-code:
	// {version: X}); zero when not set.
	ClaudeVersion claudecode.Version
	// Preview runs the preview rules too (preview: true, or --preview on
	// the command line: WithPreview).
	Preview bool

	// custom are the rules defined under custom-rules:, in file order.
	custom []*customRule
}

// RuleConfig is what configuration says about one rule.
type RuleConfig struct {
	Off      bool
	Severity Severity // SeverityDefault: keep what the rule reports
	Options  map[string]any
}

// Override applies rule settings to files matching globs.
type Override struct {
	Files []string
	Rules map[string]RuleConfig
}

// ConfigError is a problem in a configuration file, with its place.
type ConfigError struct {
	Path string
	Line int
	Key  string
	Msg  string
}

func (e *ConfigError) Error() string {
	var b strings.Builder
	b.WriteString(e.Path)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Key != "" {
		fmt.Fprintf(&b, "%s: ", e.Key)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ErrConfigSymlink is the error for a .memlint.yaml found by discovery
// that is a symbolic link: on disk and in the git index alike it is
// refused, not followed, so that the hook (which reads the index, where a
// link is only its target's name) and a plain run agree, and a repository
// cannot point memlint at a file outside it. --config names a file
// explicitly and follows links.
var ErrConfigSymlink = errors.New("is a symlink: memlint reads only a regular file as its configuration (name the file with --config)")

// findConfig walks up from dir looking for .memlint.yaml and returns its
// path, or "" when there is none. Inside a git work tree the walk stops at
// its top level, so a file in a folder above the repository (a shared
// /tmp) never configures it. Outside one the walk stops at the home
// directory (searched), and before a folder that other users may write
// to, such as /tmp (not searched). A .memlint.yaml that is a symlink is
// an error (ErrConfigSymlink); one that is another kind of non-regular
// file (a folder) is passed over.
func findConfig(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("config search from %s: %w", dir, err)
	}
	top := gitrepo.TopLevel(dir)
	home, _ := os.UserHomeDir()
	for {
		if top == "" && sharedFolder(dir) {
			return "", nil
		}
		p := filepath.Join(dir, ConfigFileName)
		if info, err := os.Lstat(p); err == nil {
			if info.Mode()&os.ModeSymlink != 0 {
				return "", &symlinkedConfig{path: p}
			}
			if info.Mode().IsRegular() {
				return p, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir || dir == top || (top == "" && home != "" && dir == filepath.Clean(home)) {
			return "", nil
		}
		dir = parent
	}
}

// sharedFolder reports whether other users may write to dir (its mode
// has the o+w bit, as /tmp does): a configuration there could be planted
// by anyone on the machine.
func sharedFolder(dir string) bool {
	info, err := os.Stat(dir)
	return err == nil && info.Mode().Perm()&0o002 != 0
}

// StagedConfig is a Source that holds configuration files of its own
// (the git index): the one it holds nearest above a folder is the
// configuration of a run over it, before any on disk.
type StagedConfig interface {
	Source
	// StagedConfig returns the absolute path and the content of the
	// configuration file nearest above the absolute folder dir, or ok
	// false when the source holds none there.
	StagedConfig(dir string) (file string, data []byte, ok bool, err error)
}

// ResolveConfig is the configuration of a run over src from the folder
// cwd: file (--config) when given, else the one src holds nearest above
// cwd (a StagedConfig source), else the .memlint.yaml findConfig finds
// from cwd (up to the repository's top level); nil means defaults. Paths in configuration errors are shown
// relative to cwd, and a staged file's with " (staged)" after it.
func ResolveConfig(src Source, cwd, file string, reg *Registry) (*Config, error) {
	if file == "" {
		if sc, ok := src.(StagedConfig); ok {
			staged, data, ok, err := sc.StagedConfig(cwd)
			if err != nil {
				return nil, err
			}
			if ok {
				cfg, err := ParseConfig(data, staged, reg)
				if err != nil {
					return nil, shownConfigError(err, cwd, " (staged)")
				}
				cfg.Staged = true
				return cfg, nil
			}
		}
		found, err := findConfig(cwd)
		if err != nil {
			return nil, shownConfigPath(err, cwd)
		}
		if file = found; file == "" {
			return nil, nil
		}
	}
	cfg, err := loadConfig(file, reg)
	if err != nil {
		return nil, shownConfigError(err, cwd, "")
	}
	return cfg, nil
}

// shownConfigError is err with the path of a ConfigError made relative to
// cwd and followed by label.
func shownConfigError(err error, cwd, label string) error {
	var ce *ConfigError
	if errors.As(err, &ce) {
		shown := *ce
		shown.Path = RelPath(cwd, ce.Path) + label
		return &shown
	}
	return err
}

// MaxConfigSize bounds the configuration file memlint reads: a repository
// can plant anything at .memlint.yaml, and a real one is a few kilobytes.
const MaxConfigSize = 1 << 20

// symlinkedConfig is ErrConfigSymlink for the file at path.
type symlinkedConfig struct{ path string }

func (e *symlinkedConfig) Error() string { return e.path + ": " + ErrConfigSymlink.Error() }
func (e *symlinkedConfig) Unwrap() error { return ErrConfigSymlink }

// shownConfigPath is a discovery error with the path of the file it
// names shown relative to cwd.
func shownConfigPath(err error, cwd string) error {
	var se *symlinkedConfig
	if errors.As(err, &se) {
		return &symlinkedConfig{path: RelPath(cwd, se.path)}
	}
	return err
}

// loadConfig reads and validates a configuration file against the rules
// of reg. The file must be a regular one (a link to one is followed) of at
// most MaxConfigSize bytes: a FIFO, a device or a huge file is an error
// naming it, found without reading it.
func loadConfig(file string, reg *Registry) (*Config, error) {
	src, err := safefile.ReadFile(file, MaxConfigSize)
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, fmt.Errorf("config path %s: %w", file, err)
	}
	return ParseConfig(src, abs, reg)
}

// ParseConfig validates configuration text against the rules of reg (the
// built-in ones) and the custom rules the text defines; file names it in
// errors and its folder anchors globs.
func ParseConfig(src []byte, file string, reg *Registry) (*Config, error) {
	c := &Config{Path: file, Dir: filepath.Dir(file), Rules: map[string]RuleConfig{}}
	p := configParser{file: file, reg: reg}
	var doc yaml.Node
	if err := markdown.SafeYAMLUnmarshal(src, &doc); err != nil {
		line := 0
		msg := err.Error()
		if m := markdown.YAMLErrLine.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
		}
		return nil, &ConfigError{Path: file, Line: line, Msg: "invalid YAML: " + strings.TrimPrefix(msg, "yaml: ")}
	}
	if len(bytes.TrimSpace(src)) == 0 || doc.Kind == 0 || len(doc.Content) == 0 {
		return c, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return c, nil // "---" alone, or only comments after it
	}
	if root.Kind != yaml.MappingNode {
		return nil, p.errorf(root, "", "the configuration must be a mapping of keys (roots, ignore, preview, claude-code, rules, overrides, custom-rules)")
	}
	if err := p.noDuplicates(root, ""); err != nil {
		return nil, err
	}
	// Custom rules are read first, wherever they stand in the file, so
	// that rules: and overrides: can configure them.
	if _, v := markdown.Lookup(root, "custom-rules"); v != nil {
		custom, err := p.customRules(v)
		if err != nil {
			return nil, err
		}
		c.custom = custom
		if p.reg, err = p.reg.With(c.customRules()...); err != nil {
			return nil, p.errorf(v, "custom-rules", "%v", err)
		}
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		var err error
		switch k.Value {
		case "custom-rules":
			// Read above.
		case "roots":
			c.Roots, err = p.globs(v, "roots")
		case "ignore":
			c.Ignore, err = p.globs(v, "ignore")
		case "rules":
			c.Rules, err = p.rules(v, "rules")
		case "overrides":
			c.Overrides, err = p.overrides(v)
		case "claude-code":
			err = p.claudeCode(v, c)
		case "preview":
			c.Preview, err = p.boolean(v, "preview")
		default:
			err = p.errorf(k, k.Value, "unknown key (want roots, ignore, preview, claude-code, rules, overrides or custom-rules)")
		}
		if err != nil {
			return nil, err
		}
	}
	return c, nil
}

type configParser struct {
	file string
	reg  *Registry
}

func (p *configParser) errorf(n *yaml.Node, key, format string, args ...any) error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &ConfigError{Path: p.file, Line: line, Key: key, Msg: fmt.Sprintf(format, args...)}
}

// noDuplicates rejects a key that appears twice in the mapping m itself
// (nested mappings are checked where they are read, with their own key path).
func (p *configParser) noDuplicates(m *yaml.Node, prefix string) error {
	seen := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if seen[k.Value] {
			return p.errorf(k, joinKey(prefix, k.Value), "key appears twice")
		}
		seen[k.Value] = true
	}
	return nil
}

func joinKey(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// globs reads a list of doublestar patterns (a single string is a list of
// one) and checks their syntax.
func (p *configParser) globs(v *yaml.Node, key string) ([]string, error) {
	list, err := p.stringList(v, key)
	if err != nil {
		return nil, err
	}
	for i, g := range list {
		g = normaliseGlob(g)
		if !doublestar.ValidatePattern(g) {
			return nil, p.errorf(v, key, "invalid glob %q", list[i])
		}
		list[i] = g
	}
	return list, nil
}

// normaliseGlob removes a leading "./" or "/": globs are relative to the
// configuration's folder, and doublestar would never match those forms.
func normaliseGlob(g string) string {
	g = filepath.ToSlash(strings.TrimSpace(g))
	for strings.HasPrefix(g, "./") {
		g = g[2:]
	}
	return strings.TrimPrefix(g, "/")
}

func (p *configParser) stringList(v *yaml.Node, key string) ([]string, error) {
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			return nil, nil
		}
		return []string{v.Value}, nil
	case yaml.SequenceNode:
		out := make([]string, 0, len(v.Content))
		for _, item := range v.Content {
			if item.Kind != yaml.ScalarNode || item.Tag == "!!null" {
				return nil, p.errorf(item, key, "expected a list of strings")
			}
			out = append(out, item.Value)
		}
		return out, nil
	}
	return nil, p.errorf(v, key, "expected a string or a list of strings")
}

func (p *configParser) rules(v *yaml.Node, prefix string) (map[string]RuleConfig, error) {
	out := map[string]RuleConfig{}
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return out, nil
	}
	if v.Kind != yaml.MappingNode {
		return nil, p.errorf(v, prefix, "expected a mapping from rule IDs to a severity or settings")
	}
	if err := p.noDuplicates(v, prefix); err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		key := joinKey(prefix, k.Value)
		rule, ok := p.reg.Lookup(k.Value)
		if !ok {
			return nil, p.errorf(k, key, "unknown rule %q (memlint rules lists them)", k.Value)
		}
		rc, err := p.ruleConfig(rule, val, key)
		if err != nil {
			return nil, err
		}
		out[rule.ID] = rc
	}
	return out, nil
}

func (p *configParser) ruleConfig(rule *Rule, v *yaml.Node, key string) (RuleConfig, error) {
	var rc RuleConfig
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!bool" {
			// "rule: false" reads naturally as off, "true" as on.
			rc.Off = v.Value == "false" || v.Value == "no" || v.Value == "off"
			return rc, nil
		}
		sev, off, err := parseSeverity(v.Value)
		if err != nil {
			return rc, p.errorf(v, key, "%v", err)
		}
		rc.Severity, rc.Off = sev, off
		return rc, nil
	case yaml.MappingNode:
		if err := p.noDuplicates(v, key); err != nil {
			return rc, err
		}
	default:
		return rc, p.errorf(v, key, "expected a severity (error, warning, info, off) or a mapping of settings")
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		sub := key + "." + k.Value
		if k.Value == "severity" {
			sev, off, err := parseSeverity(val.Value)
			if err != nil || val.Kind != yaml.ScalarNode {
				return rc, p.errorf(val, sub, "expected error, warning, info or off")
			}
			rc.Severity, rc.Off = sev, off
			continue
		}
		opt, ok := findOption(rule, k.Value)
		if !ok {
			return rc, p.errorf(k, sub, "rule %s has no option %q%s", rule.ID, k.Value, optionNames(rule))
		}
		value, err := p.optionValue(opt, val, sub)
		if err != nil {
			return rc, err
		}
		if rc.Options == nil {
			rc.Options = map[string]any{}
		}
		rc.Options[opt.Name] = value
	}
	return rc, nil
}

func findOption(rule *Rule, name string) (Option, bool) {
	for _, o := range rule.Options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}

func optionNames(rule *Rule) string {
	if len(rule.Options) == 0 {
		return " (it has only severity)"
	}
	names := []string{"severity"}
	for _, o := range rule.Options {
		names = append(names, o.Name)
	}
	return " (it has " + strings.Join(names, ", ") + ")"
}

func (p *configParser) optionValue(opt Option, v *yaml.Node, key string) (any, error) {
	switch def := opt.Default.(type) {
	case int:
		n, err := strconv.Atoi(v.Value)
		if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || err != nil || n < 0 {
			return nil, p.errorf(v, key, "expected a whole number ≥ 0, got %q", v.Value)
		}
		return n, nil
	case bool:
		if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" {
			return nil, p.errorf(v, key, "expected true or false")
		}
		return v.Value == "true" || v.Value == "yes" || v.Value == "on", nil
	case string:
		if v.Kind != yaml.ScalarNode {
			return nil, p.errorf(v, key, "expected a string")
		}
		return v.Value, nil
	case []string:
		list, err := p.stringList(v, key)
		if err != nil {
			return nil, err
		}
		if opt.Choices != nil {
			for _, s := range list {
				if !contains(opt.Choices, s) {
					return nil, p.errorf(v, key, "%q is not one of %s", s, strings.Join(opt.Choices, ", "))
				}
			}
		}
		return list, nil
	default:
		return nil, fmt.Errorf("rule option %s has an unsupported default %T", opt.Name, def)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// claudeCode reads claude-code:, what memlint should assume about the
// Claude Code that uses the memory, into c.
func (p *configParser) claudeCode(v *yaml.Node, c *Config) error {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		return p.errorf(v, "claude-code", "expected a mapping such as {recall: auto}")
	}
	if err := p.noDuplicates(v, "claude-code"); err != nil {
		return err
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		switch k.Value {
		case "recall":
			m, ok := recallModes[val.Value]
			if val.Kind != yaml.ScalarNode || !ok {
				return p.errorf(val, "claude-code.recall", "expected on, off or auto, got %q", val.Value)
			}
			c.Recall = m
		case "guard":
			on, ok := guardModes[val.Value]
			if val.Kind != yaml.ScalarNode || !ok {
				return p.errorf(val, "claude-code.guard", "expected on or off, got %q", val.Value)
			}
			c.NoGuard = !on
		case "version":
			v, err := claudecode.ParseVersion(val.Value)
			if val.Kind != yaml.ScalarNode || err != nil {
				return p.errorf(val, "claude-code.version", "expected a Claude Code version such as %s, got %q", claudecode.Newest, val.Value)
			}
			c.ClaudeVersion = v
		default:
			return p.errorf(k, "claude-code."+k.Value, "unknown key (want recall, guard or version)")
		}
	}
	return nil
}

// guardModes are the values of claude-code.guard, read as recallModes are.
var guardModes = map[string]bool{"on": true, "off": false, "true": true, "false": false}

// boolean reads a true/false value (on and off too, as YAML 1.1 and
// claude-code: {guard: …} spell them).
func (p *configParser) boolean(v *yaml.Node, key string) (bool, error) {
	on, ok := guardModes[v.Value]
	if v.Kind != yaml.ScalarNode || !ok {
		return false, p.errorf(v, key, "expected true or false, got %q", v.Value)
	}
	return on, nil
}

// recallModes are the values of claude-code.recall; YAML 1.1 readers take
// an unquoted on or off for a boolean, so true and false mean the same.
var recallModes = map[string]claude.RecallMode{
	"auto": claude.RecallAuto, "on": claude.RecallOn, "off": claude.RecallOff, "true": claude.RecallOn, "false": claude.RecallOff,
}

func (p *configParser) overrides(v *yaml.Node) ([]Override, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, p.errorf(v, "overrides", "expected a list of {files, rules}")
	}
	var out []Override
	for i, item := range v.Content {
		key := fmt.Sprintf("overrides[%d]", i)
		if item.Kind != yaml.MappingNode {
			return nil, p.errorf(item, key, "expected a mapping with files and rules")
		}
		if err := p.noDuplicates(item, key); err != nil {
			return nil, err
		}
		var o Override
		for j := 0; j+1 < len(item.Content); j += 2 {
			k, val := item.Content[j], item.Content[j+1]
			var err error
			switch k.Value {
			case "files":
				o.Files, err = p.globs(val, key+".files")
			case "rules":
				o.Rules, err = p.rules(val, key+".rules")
			default:
				err = p.errorf(k, key+"."+k.Value, "unknown key (want files or rules)")
			}
			if err != nil {
				return nil, err
			}
		}
		if len(o.Files) == 0 {
			return nil, p.errorf(item, key+".files", "an override needs files: the globs it applies to")
		}
		out = append(out, o)
	}
	return out, nil
}

// rel turns an absolute OS path into a slash path relative to the
// configuration's folder.
func (c *Config) rel(abs string) string {
	if c == nil || c.Dir == "" {
		return filepath.ToSlash(abs)
	}
	r, err := filepath.Rel(c.Dir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(r)
}

// matchAny reports whether rel, or any of its parent folders, matches one
// of the globs: "archive/**" and "archive" both exclude a file inside.
func matchAny(globs []string, rel string) bool {
	for _, g := range globs {
		for p := rel; p != "." && p != "/" && p != ""; p = path.Dir(p) {
			if ok, _ := doublestar.Match(g, p); ok {
				return true
			}
			if !strings.Contains(p, "/") {
				break
			}
		}
	}
	return false
}

// Ignored reports whether the file or folder at abs is excluded.
func (c *Config) Ignored(abs string) bool {
	if c == nil || len(c.Ignore) == 0 {
		return false
	}
	return matchAny(c.Ignore, c.rel(abs))
}

// Resolve returns a rule's effective setting for the file or folder at abs:
// whether it is off, its severity override and its options.
func (c *Config) Resolve(rule *Rule, abs string) (off bool, sev Severity, opts Options) {
	opts = defaultOptions(rule)
	off, sev = c.resolve(rule, abs, opts)
	return off, sev, opts
}

// Level is Resolve without the options: whether rule is off for the file
// at abs, and its configured severity. The engine asks for every file and
// finding, and building the options map each time cost more than the
// answer.
func (c *Config) Level(rule *Rule, abs string) (off bool, sev Severity) {
	return c.resolve(rule, abs, nil)
}

// resolve applies rules:, overrides: and a custom rule's files: for rule
// and the file at abs, setting the options they give in opts (unless nil).
func (c *Config) resolve(rule *Rule, abs string, opts Options) (off bool, sev Severity) {
	if c == nil {
		// No configuration runs the stable rules at their defaults.
		return rule.Stage == Preview, SeverityDefault
	}
	if rule.Stage == Preview && !c.Preview {
		if _, named := c.Rules[rule.ID]; !named {
			off = true // until an override gives it a severity for the file
		}
	}
	apply := func(rc RuleConfig, ok bool) {
		if !ok {
			return
		}
		if rc.Off {
			off, sev = true, SeverityDefault
		} else if rc.Severity != SeverityDefault {
			off, sev = false, rc.Severity
		}
		if opts != nil {
			for k, v := range rc.Options {
				opts[k] = v
			}
		}
	}
	rc, ok := c.Rules[rule.ID]
	apply(rc, ok)
	if len(c.Overrides) > 0 {
		rel := c.rel(abs)
		for _, o := range c.Overrides {
			if matchAny(o.Files, rel) {
				rc, ok := o.Rules[rule.ID]
				apply(rc, ok)
			}
		}
	}
	// A custom rule's files: are part of its definition, not a setting:
	// outside them it is off, whatever rules: and overrides: say.
	if cr := c.customRule(rule); cr != nil && len(cr.files) > 0 && !matchAny(cr.files, c.rel(abs)) {
		off, sev = true, SeverityDefault
	}
	return off, sev
}

// maxOptionsKey is the most overrides optionsKey tells apart.
const maxOptionsKey = 64

// optionsKey returns a key that the files at two paths share when rule's
// options resolve the same for both: which of the overrides setting them
// apply (bit i for override i). ok is false past maxOptionsKey overrides.
// abs is called only when an override sets the rule's options.
func (c *Config) optionsKey(rule *Rule, abs func() string) (key uint64, ok bool) {
	if c == nil || len(c.Overrides) == 0 {
		return 0, true
	}
	if len(c.Overrides) > maxOptionsKey {
		return 0, false
	}
	rel, known := "", false
	for i, o := range c.Overrides {
		if rc, ok := o.Rules[rule.ID]; !ok || len(rc.Options) == 0 {
			continue
		}
		if !known {
			rel, known = c.rel(abs()), true
		}
		if matchAny(o.Files, rel) {
			key |= 1 << i
		}
	}
	return key, true
}

// customRule returns the custom rule behind rule, or nil for a built-in
// one.
func (c *Config) customRule(rule *Rule) *customRule {
	for _, cr := range c.custom {
		if cr.rule == rule {
			return cr
		}
	}
	return nil
}

// customRules returns the rules defined under custom-rules:, in file
// order.
func (c *Config) customRules() []*Rule {
	if c == nil {
		return nil
	}
	out := make([]*Rule, len(c.custom))
	for i, cr := range c.custom {
		out[i] = cr.rule
	}
	return out
}

// MaybeOn reports whether the rule could be on anywhere: not off, or turned
// back on by an override. Rules that are off everywhere are not run. A
// preview rule is off unless the configuration runs the preview rules
// (Preview) or names the rule in rules: or an override without turning
// it off: whoever configures a rule asked for it.
func (c *Config) MaybeOn(rule *Rule) bool {
	if rule.Stage == Preview && !c.asksFor(rule) {
		return false
	}
	if c == nil {
		return true
	}
	if rc, ok := c.Rules[rule.ID]; !ok || !rc.Off {
		return true
	}
	for _, o := range c.Overrides {
		if rc, ok := o.Rules[rule.ID]; ok && !rc.Off {
			return true
		}
	}
	return false
}

// asksFor reports whether the configuration runs the preview rule: all
// preview rules are on, or rules: or an override names it (off or not:
// MaybeOn then reads what it says).
func (c *Config) asksFor(rule *Rule) bool {
	if c == nil {
		return false
	}
	if c.Preview {
		return true
	}
	if _, ok := c.Rules[rule.ID]; ok {
		return true
	}
	for _, o := range c.Overrides {
		if _, ok := o.Rules[rule.ID]; ok {
			return true
		}
	}
	return false
}

// WithPreview returns the configuration with the preview rules on (the
// command line's --preview): c itself when they already are, a copy
// otherwise, and for no configuration file (nil) the defaults with them
// on.
func (c *Config) WithPreview() *Config {
	if c == nil {
		return &Config{Preview: true}
	}
	if c.Preview {
		return c
	}
	cp := *c
	cp.Preview = true
	return &cp
}

// Registry returns the rules a run with this configuration has: base plus
// the configuration's custom rules, in a new registry; a nil configuration,
// or one without custom rules, returns base itself. ParseConfig refuses
// custom IDs that clash with the registry it was given; should base hold
// such an ID all the same, base's rule wins.
func (c *Config) Registry(base *Registry) *Registry {
	if c == nil || len(c.custom) == 0 {
		return base
	}
	var extra []*Rule
	for _, r := range c.customRules() {
		if base != nil {
			if _, clash := base.Lookup(r.ID); clash {
				continue
			}
		}
		extra = append(extra, r)
	}
	reg, err := base.With(extra...)
	if err != nil {
		// Unreachable: custom IDs are validated and distinct, and the
		// clashing ones are left out above.
		return base
	}
	return reg
}
