package secret

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
)

// The secret rule's look at a repository's checked-in Claude Code
// settings (.claude/settings.json): its env values, apiKeyHelper and
// every other string. memlint reads that file anyway (for
// settings-memory-directory), and a key there is shared with everyone who
// can read the repository, like one in team memory.

const (
	settingsWhy = "the checked-in .claude/settings.json is shared with everyone who can read the repository"
	settingsHow = "rotate (revoke) the credential first, since it must be treated as leaked; then remove it from " +
		".claude/settings.json (and from git history) and set it in .claude/settings.local.json or ~/.claude/settings.json, " +
		"which are not checked in, or have apiKeyHelper read it from a secret store"
)

var byteOrderMark = []byte("\xEF\xBB\xBF")

// maxSettingsText bounds the flagged text kept with a finding, as the
// engine does for memory files.
const maxSettingsText = 512

// runSecretSettings reports the secrets in the string values of a
// checked-in settings file. A value of an object member is scanned as
// "name=value", so that a secret's name (ANTHROPIC_API_KEY, DB_PASSWORD)
// marks the value as the name = value detector expects; an array
// element is scanned on its own.
func runSecretSettings(pass *lint.RepoPass) {
	var lines *markdown.LineIndex
	settingsStrings(pass.Src, func(key string, start, end int, value string) {
		prefix := ""
		if key != "" {
			prefix = key + "="
		}
		text := prefix + value
		// The value's characters sit at start+1+k in the file unless the
		// JSON string holds escapes; then the finding covers the string.
		raw := pass.Src[start:end]
		exact := bytes.IndexByte(raw, '\\') < 0 && len(raw) == len(value)+2
		scanSecrets(text, false, func(m secretMatch) {
			if m.valEnd <= len(prefix) {
				return // the name alone
			}
			if lines == nil {
				lines = markdown.NewLineIndex(pass.Src)
			}
			s, e := start, end
			if exact {
				s, e = start+1+max(0, m.valStart-len(prefix)), start+1+(m.valEnd-len(prefix))
			}
			flagged := Redact(text[:m.valStart] + scSafeReplacement(m.replacement, text[m.valEnd:]) + text[m.valEnd:])
			if len(flagged) > maxSettingsText {
				flagged = flagged[:maxSettingsText]
			}
			pos := func(off int) markdown.Pos {
				p := lines.Pos(off)
				if p.Line == 1 && bytes.HasPrefix(pass.Src, byteOrderMark) {
					p.Col-- // the mark is not a character anyone sees
				}
				return p
			}
			pass.Report(lint.Diagnostic{
				Severity:   Rule.Severity,
				Start:      pos(s),
				End:        pos(e),
				Message:    fmt.Sprintf("%s (%s): %s", m.kind, m.masked, settingsWhy),
				Suggestion: settingsHow,
				Text:       flagged,
			})
		})
	})
}

// settingsStrings calls visit for every string value in the JSON
// document src (which may start with a byte order mark), with the name
// of the member it is the value of ("" in an array), and its span, quotes
// included, as byte offsets in src. A document that is not valid JSON
// visits nothing: Claude Code ignores such a file whole.
func settingsStrings(src []byte, visit func(key string, start, end int, value string)) {
	skip := 0
	if bytes.HasPrefix(src, byteOrderMark) {
		skip = len(byteOrderMark)
	}
	body := src[skip:]
	if !json.Valid(body) {
		return
	}
	type frame struct {
		object, wantKey bool
		key             string
	}
	var stack []frame
	dec := json.NewDecoder(bytes.NewReader(body))
	for {
		prev := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return // the end; valid JSON has no other error
		}
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' || t == '[' {
				stack = append(stack, frame{object: t == '{', wantKey: t == '{'})
				continue
			}
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].wantKey = true
			}
		case string:
			if top != nil && top.object && top.wantKey {
				top.key, top.wantKey = t, false
				continue
			}
			// Between the previous token and this one there is only white
			// space, ':' or ',': the first quote opens the string.
			q := bytes.IndexByte(body[prev:], '"')
			if q < 0 {
				return
			}
			key := ""
			if top != nil && top.object {
				key = top.key
				top.wantKey = true
			}
			visit(key, skip+prev+q, skip+int(dec.InputOffset()), t)
		default:
			if top != nil && top.object {
				top.wantKey = true
			}
		}
	}
}
