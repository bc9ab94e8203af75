package settings

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/claude"
	"github.com/memlint/memlint/lint/markdown"
)

// MemoryDirectory reports a checked-in Claude Code project settings
// file that moves auto memory. It looks at no memory dir, so its Run is nil:
// Check makes its findings, and the command line runs it on the
// repository's .claude/settings.json.
var MemoryDirectory = &lint.Rule{
	ID:       "settings-memory-directory",
	Stage:    lint.Preview,
	Severity: lint.Error,
	Summary:  "a checked-in .claude/settings.json sets autoMemoryDirectory; the message says where it points and whether Claude Code rejects it",
	Scope:    lint.ScopeRepository,
	Doc:      memoryDirectoryDoc,
}

//go:embed settings-memory-directory.md
var memoryDirectoryDoc string

// The rule runs Check, whose findings name the rule: set here, not
// in the literal, which would make an initialization cycle.
func init() {
	MemoryDirectory.RunRepo = func(p *lint.RepoPass) {
		for _, d := range Check(p.Path, p.Src, p.Home) {
			p.Report(d)
		}
	}
}

// settingsKey is the setting MemoryDirectory looks for.
const settingsKey = "autoMemoryDirectory"

const settingsSuggestion = "remove autoMemoryDirectory from this checked-in file; to move your own memory, " +
	"set it in ~/.claude/settings.json or in .claude/settings.local.json, which is not checked in"

var byteOrderMark = []byte("\xEF\xBB\xBF")

// Check returns the settings-memory-directory findings for one
// checked-in Claude Code settings file: path is the path the findings name,
// src the file's content and home the user's home folder (when it is "",
// only ~/ values and system folders can be judged by location). Every
// top-level autoMemoryDirectory is reported at its key. A file that is not a
// JSON object finds nothing: Claude Code ignores such a file whole.
func Check(path string, src []byte, home string) []lint.Diagnostic {
	// A byte order mark is skipped, in case the reader honours the file
	// all the same; positions still count from the start of the file.
	skip := 0
	if bytes.HasPrefix(src, byteOrderMark) {
		skip = len(byteOrderMark)
	}
	body := src[skip:]
	if !json.Valid(body) {
		return nil
	}
	members, err := topLevelMembers(body)
	if err != nil {
		return nil // unreachable for valid JSON
	}
	var lines *markdown.LineIndex
	var out []lint.Diagnostic
	for _, m := range members {
		if m.key != settingsKey {
			continue
		}
		if lines == nil {
			lines = markdown.NewLineIndex(src)
		}
		pos := func(off int) markdown.Pos {
			p := lines.Pos(skip + off)
			if skip > 0 && p.Line == 1 {
				p.Col-- // the mark is not a character anyone sees
			}
			return p
		}
		sev, msg := judgeMemoryDirectory(m.value, home)
		out = append(out, lint.Diagnostic{
			Rule:       MemoryDirectory.ID,
			Severity:   sev,
			Path:       path,
			Start:      pos(m.keyStart),
			End:        pos(m.valueEnd),
			Message:    msg,
			Suggestion: settingsSuggestion,
			Text:       clipBytes(string(body[m.keyStart:m.valueEnd]), maxSettingsText),
		})
	}
	return out
}

// maxSettingsText bounds the flagged text kept with a finding (as the
// engine does), so baselines stay small.
const maxSettingsText = 512

// jsonMember is one member of a JSON object: its decoded key, where its key
// starts (the opening quote) and where its value ends, as byte offsets,
// and the value's text.
type jsonMember struct {
	key                string
	keyStart, valueEnd int
	value              json.RawMessage
}

// topLevelMembers lists the members of the JSON object src, in order,
// duplicates included; nested objects and string values are never taken
// for members. It returns none when src holds another kind of value.
func topLevelMembers(src []byte) ([]jsonMember, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("read settings: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, nil
	}
	var out []jsonMember
	for dec.More() {
		// Between the previous value and the key there is only white
		// space and a comma: the first quote opens the key.
		prev := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("read settings key at byte %d: %w", prev, err)
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("read settings: key at byte %d is not a string", prev)
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, fmt.Errorf("read settings value of %q: %w", key, err)
		}
		out = append(out, jsonMember{
			key:      key,
			keyStart: prev + bytes.IndexByte(src[prev:], '"'),
			valueEnd: int(dec.InputOffset()),
			value:    value,
		})
	}
	return out, nil
}

// judgeMemoryDirectory returns the severity and message for one
// autoMemoryDirectory value of a checked-in settings file.
func judgeMemoryDirectory(raw json.RawMessage, home string) (lint.Severity, string) {
	var v string
	// Unmarshal leaves v empty for null: only a string is a path.
	if raw = bytes.TrimSpace(raw); len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &v) != nil {
		return lint.Error, fmt.Sprintf("this checked-in settings file sets autoMemoryDirectory to %s, which Claude Code rejects "+
			"(it must be a path string): the setting does nothing but try to move the memory of everyone who clones the repository",
			jsonKind(raw))
	}
	shown := quoteClipped(v)
	if problem := claude.AutoMemoryDirectoryProblem(v); problem != "" {
		return lint.Error, fmt.Sprintf("this checked-in settings file sets autoMemoryDirectory to %s, which Claude Code rejects "+
			"(%s) and replaces with its default memory folder: the setting does nothing but try to move the memory of "+
			"everyone who clones the repository", shown, problem)
	}
	if read := pointsTo(v); read != v {
		shown += fmt.Sprintf(" (Claude Code reads it as %s)", quoteClipped(read))
	}
	if where := memoryLocationProblem(v, home); where != "" {
		return lint.Error, fmt.Sprintf("this checked-in settings file moves Claude Code's memory to %s, %s: Claude Code "+
			"reads and writes files in its memory folder throughout a session, so memory written there could overwrite "+
			"keys, credentials or settings, and what the folder holds could leak into conversations (%s)", shown, where, honoured)
	}
	return lint.Error, fmt.Sprintf("this checked-in settings file moves Claude Code's memory to %s for everyone who "+
		"clones the repository (%s): where memory lives is each user's choice, and a shared setting like this is how a "+
		"hostile repository redirects memory writes", shown, honoured)
}

// honoured says when Claude Code follows autoMemoryDirectory from a
// checked-in project settings file (SPEC §1.5).
const honoured = "Claude Code honours it in every trusted workspace and in every non-interactive -p run, " +
	"and lets the agent write .md files there without asking"

// pointsTo writes an accepted value the way Claude Code reads it: ~/ for
// the home folder, separators and dots normalised.
func pointsTo(v string) string {
	home := filepath.FromSlash("/home/user")
	dir, ok := claude.ResolveAutoMemoryDirectory(v, home)
	if !ok {
		return v
	}
	if strings.HasPrefix(v, "~") {
		if r, err := filepath.Rel(home, dir); err == nil {
			return "~/" + filepath.ToSlash(r)
		}
	}
	return dir
}

// jsonKind names the kind of a JSON value that is not a string.
func jsonKind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// homePlace is a folder or file under the home folder that memory must not
// be written into, and what it holds.
type homePlace struct {
	rel   string // slash path relative to home
	holds string
}

// sensitiveHomePlaces hold keys and credentials, settings that other
// programs load, or programs that run: a file written there can give away
// access or run code.
var sensitiveHomePlaces = []homePlace{
	{".ssh", "SSH keys and authorized_keys"},
	{".gnupg", "GnuPG keys"},
	{".aws", "AWS credentials"},
	{".azure", "Azure credentials"},
	{".kube", "Kubernetes credentials"},
	{".docker", "container registry credentials"},
	{".config", "application settings and tokens (gcloud, gh, git, autostart)"},
	{".claude", "Claude Code's own settings, hooks, credentials and the memory of other projects"},
	{".netrc", "stored passwords"},
	{".git-credentials", "stored git passwords"},
	{".npmrc", "npm tokens"},
	{".pypirc", "PyPI tokens"},
	{".local/bin", "programs on your PATH"},
	{"bin", "programs on your PATH"},
	{"Library", "macOS keychains, launch agents and application settings"},
	{"AppData", "Windows application settings and startup programs"},
}

// systemFolders are top-level folders of the system: named in the message
// when a value points outside the home folder into one of them.
var systemFolders = []string{
	"etc", "usr", "bin", "sbin", "lib", "lib64", "boot", "root", "var", "dev", "proc", "sys", "opt",
	"System", "Library", "private", "Applications",
	"Windows", "Program Files", "Program Files (x86)", "ProgramData",
}

// memoryLocationProblem says why memory must not be written where the
// accepted autoMemoryDirectory value v points, or "" when the place is
// harmless. Paths are judged as the operating system memlint runs on reads
// them; a value absolute only on another one (C:\… on Linux) cannot be
// placed and is not judged.
func memoryLocationProblem(v, home string) string {
	base := filepath.Clean(home)
	var abs string
	if strings.HasPrefix(v, "~/") || strings.HasPrefix(v, `~\`) {
		if home == "" {
			// Only the way from home matters: any folder stands in.
			base = filepath.FromSlash("/home/user")
		}
		abs = filepath.Join(base, v[2:]) // as Claude Code joins it: "~//x" is ~/x
	} else {
		abs = filepath.Clean(v)
		if !filepath.IsAbs(abs) {
			return ""
		}
		if home == "" {
			return systemFolderProblem(abs)
		}
	}
	r, err := filepath.Rel(base, abs)
	rel := filepath.ToSlash(r)
	switch {
	case err != nil || leavesBase(rel):
		if home != "" {
			if p := systemFolderProblem(abs); p != "" {
				return p
			}
		}
		return "which is outside your home folder"
	case rel == ".":
		return "which is your home folder itself, among your dotfiles"
	}
	for _, part := range strings.Split(rel, "/") {
		if strings.EqualFold(part, ".git") {
			return "which is inside a .git folder, whose hooks run as programs"
		}
	}
	for _, p := range sensitiveHomePlaces {
		if inFolder(rel, p.rel) {
			return fmt.Sprintf("and ~/%s holds %s", p.rel, p.holds)
		}
	}
	return ""
}

// systemFolderProblem names the system folder the absolute path abs is in,
// or returns "".
func systemFolderProblem(abs string) string {
	rest := filepath.ToSlash(strings.TrimPrefix(abs, filepath.VolumeName(abs)))
	first, _, _ := strings.Cut(strings.TrimPrefix(rest, "/"), "/")
	for _, f := range systemFolders {
		if strings.EqualFold(first, f) {
			return "which is in the system folder " + abs[:len(abs)-len(rest)] + "/" + f
		}
	}
	for _, part := range strings.Split(rest, "/") {
		if strings.EqualFold(part, ".git") {
			return "which is inside a .git folder, whose hooks run as programs"
		}
	}
	return ""
}

// leavesBase reports whether the clean slash path rel leaves its base.
func leavesBase(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, "../")
}

// inFolder reports whether the clean slash path rel is dir or inside it,
// ignoring case.
func inFolder(rel, dir string) bool {
	if len(rel) < len(dir) || !strings.EqualFold(rel[:len(dir)], dir) {
		return false
	}
	return len(rel) == len(dir) || rel[len(dir)] == '/'
}

// quoteClipped quotes a value for a message, cut short when it is long.
func quoteClipped(v string) string {
	return fmt.Sprintf("%q", clipBytes(v, 120))
}

// clipBytes cuts s to at most n bytes without splitting a character,
// marking a cut with "…". Unlike clip it keeps white space as it is.
func clipBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
