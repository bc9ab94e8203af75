package claude

import (
	"unicode"
	"unicode/utf16"

	"github.com/memlint/memlint/lint/markdown"
)

// Claude Code 2.1.328 neutralises, in the loaded index, every tag its own
// harness uses to frame text (system reminders, tool results, commands,
// channel messages, …), so that memory cannot pose as the harness: the
// opening "<" becomes "<\" ("<x" → "<\x", "</x" → "<\/x"). It matches the
// names in any case, after any run of characters that cannot be part of a
// name ("< /system-reminder", "<\n\tfunction_results"), with "_" for "-"
// and look-alike letters, and with combining marks between letters.
//
// memlint reproduces that for ASCII, full-width and mathematical letters,
// circled letters and the common Cyrillic and Greek look-alikes; Claude
// Code's confusable tables are larger.

// reservedTagNames are the tag names neutralised whatever follows them
// (when the next character cannot continue a name).
var reservedTagNames = []string{
	// shell and local commands
	"bash-input", "bash-stdout", "bash-stderr", "bash-exit-code",
	"local-command-stdout", "local-command-stderr", "local-command-caveat",
	"command-name", "command-message", "command-args",
	// messages from other agents, tasks and services
	"task-notification", "agent-message", "teammate-message", "cross-session-message",
	"remote-review", "slack-ping", "slack-tag-message", "tick", "fetched-web-content",
	"untrusted-widget-state", "coordinator-relay", "artifact-type-instructions",
	"cowritten-artifact-html", "artifact-file-content", "artifact-origin-notes",
	"artifact-stored-declaration",
	// the harness itself
	"system-reminder", "system_reminder", "function_results", "tool_use_error",
	"sandbox_violations", "persisted-output", "total_tokens", "user-prompt-submit-hook",
}

// tagOpeners are "<" and the characters Claude Code reads as one.
var tagOpeners = runeSet("<\u02C2\u1438\u16B2\u2039\u226E\u227A\u2280\u22D6\u2329\u276C\u276E\u2770\u27E8\u2991\u2993\u29FC\u2A79\u2AA6\u3008\uFE3F\uFE64\uFF1C\U0001D236\u226A\u22D8\u2AA1\u2AF7\u27EA\uFE3D")

// tagClosers are ">" and its look-alikes: they end the run of characters
// that may come between "<" and a name.
var tagClosers = runeSet(">\u02C3\u1433\u203A\u226F\u227B\u2281\u22D7\u232A\u276D\u276F\u2771\u27E9\u29FD\uFE40\uFE65\uFF1E\U00016F3F\U0001D237")

// tagColons end the "antml" prefix of a namespaced tag.
var tagColons = runeSet(":\uFF1A\uFE55\uFE13\uA789\u2236\u02D0\u02F8\u05C3\u0589\u0703\u0704\u16EC\u1803\u1809\u205A\uA4FD\uFE30")

// tagEquals are "=" and its look-alikes, for channel's source attribute.
var tagEquals = runeSet("=\u207C\u208C\uFE66\uFF1D\uA78A\u2550\u268C\uA4FF\U0001F7F0\u2E40\u30A0\u1400")

// lookalikeLetters maps characters that read as an ASCII letter.
var lookalikeLetters = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c', 'т': 't',
	'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'һ': 'h', 'ӏ': 'l', 'ԛ': 'q', 'ԝ': 'w',
	'А': 'a', 'В': 'b', 'Е': 'e', 'К': 'k', 'М': 'm', 'Н': 'h', 'О': 'o', 'Р': 'p', 'С': 'c', 'Т': 't',
	'У': 'y', 'Х': 'x', 'І': 'i', 'Ј': 'j', 'Ѕ': 's',
	// Greek
	'α': 'a', 'ε': 'e', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x',
	'Α': 'a', 'Β': 'b', 'Ε': 'e', 'Ζ': 'z', 'Η': 'h', 'Ι': 'i', 'Κ': 'k', 'Μ': 'm', 'Ν': 'n', 'Ο': 'o',
	'Ρ': 'p', 'Τ': 't', 'Υ': 'y', 'Χ': 'x',
	// Latin variants and small capitals
	'ſ': 's', 'ı': 'i', 'K': 'k', 'ɑ': 'a', 'ɡ': 'g', 'ᴀ': 'a', 'ʙ': 'b', 'ᴄ': 'c', 'ᴅ': 'd', 'ᴇ': 'e',
	'ɢ': 'g', 'ʜ': 'h', 'ɪ': 'i', 'ᴊ': 'j', 'ᴋ': 'k', 'ʟ': 'l', 'ᴍ': 'm', 'ɴ': 'n', 'ᴏ': 'o', 'ᴘ': 'p',
	'ʀ': 'r', 'ꜱ': 's', 'ᴛ': 't', 'ᴜ': 'u', 'ᴠ': 'v', 'ᴡ': 'w', 'ʏ': 'y', 'ᴢ': 'z',
}

// tagLetter returns the lowercase ASCII letter, digit, "-" or "_" that r
// reads as, or 0.
func tagLetter(r rune) rune {
	switch {
	case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
		return r
	case r >= 'A' && r <= 'Z':
		return r + 'a' - 'A'
	case r < 0x80:
		return 0
	case r >= 0xFF21 && r <= 0xFF3A: // full-width
		return 'a' + r - 0xFF21
	case r >= 0xFF41 && r <= 0xFF5A:
		return 'a' + r - 0xFF41
	case r >= 0xFF10 && r <= 0xFF19:
		return '0' + r - 0xFF10
	case r >= 0x24B6 && r <= 0x24CF: // circled
		return 'a' + r - 0x24B6
	case r >= 0x24D0 && r <= 0x24E9:
		return 'a' + r - 0x24D0
	case r >= 0x1D400 && r <= 0x1D6A3: // mathematical alphanumerics
		return 'a' + (r-0x1D400)%52%26
	case r >= 0x1D7CE && r <= 0x1D7FF:
		return '0' + (r-0x1D7CE)%10
	case r == 0xFF3F || r == 0x203F || r == 0x2040 || r == 0x2054 || r == 0xFE33 || r == 0xFE34 ||
		(r >= 0xFE4D && r <= 0xFE4F) || r == 0x2017 || r == 0x02CD:
		return '_'
	case unicode.Is(unicode.Pd, r) || r == 0x2212 || r == 0x207B || r == 0x208B || r == 0x02D7 || r == 0x2796 || r == 0x2043 || r == 0x30FC || r == 0xFF70:
		return '-'
	}
	return lookalikeLetters[r]
}

// tagFiller reports whether r may stand between the opener and the name:
// anything that cannot start a name and is no opener or closer.
func tagFiller(r rune) bool {
	return !isASCIINameChar(r) && !tagOpeners[r] && !tagClosers[r]
}

func isASCIINameChar(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_'
}

// tagGap reports whether r may stand between two letters of a name:
// combining marks and the format and control characters Claude Code skips.
func tagGap(r rune) bool {
	return unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) ||
		(r < 0x20 && r != '\t' && r != '\n' && r != '\r') || (r >= 0x7F && r <= 0x9F) ||
		(r >= 0x0600 && r <= 0x0605) || r == 0x06DD || r == 0x070F || r == 0x0890 || r == 0x0891 ||
		r == 0x08E2 || r == 0x110BD || r == 0x110CD || r == 0x2028 || r == 0x2029
}

// neutraliseTags inserts "\" after the opener of every reserved tag.
func neutraliseTags(u []uint16) []uint16 {
	rs := utf16.Decode(u)
	var out []rune
	last := 0
	for i, r := range rs {
		if !tagOpeners[r] || (i+1 < len(rs) && rs[i+1] == '\\') || !reservedTagAt(rs, i+1) {
			continue
		}
		out = append(append(out, rs[last:i]...), '<', '\\')
		last = i + 1
	}
	if out == nil {
		return u
	}
	out = append(out, rs[last:]...)
	return utf16Encode(out)
}

// reservedTagAt reports whether a reserved name starts at rs[i] after a
// (lazily matched) run of filler characters.
func reservedTagAt(rs []rune, i int) bool {
	for ; i < len(rs); i++ {
		if end, name := matchTagName(rs, i); end > 0 && tagTailOK(rs, end, name) {
			return true
		}
		if !tagFiller(rs[i]) {
			return false
		}
	}
	return false
}

// matchTagName matches one of the reserved names (or "channel", or
// "antml") at rs[i], returning the index after it and the name.
func matchTagName(rs []rune, i int) (int, string) {
	for _, group := range [][]string{reservedTagNames, {"channel", "antml"}} {
		for _, name := range group {
			if end := spellAt(rs, i, name); end > 0 {
				return end, name
			}
		}
	}
	return 0, ""
}

// spellAt matches name at rs[i]: letters by what they read as, "-" and
// "_" for each other, gaps between letters. It returns the end or 0.
func spellAt(rs []rune, i int, name string) int {
	for k, want := range name {
		if k > 0 {
			for i < len(rs) && tagGap(rs[i]) {
				i++
			}
		}
		if i >= len(rs) {
			return 0
		}
		got := tagLetter(rs[i])
		if got != want && !((want == '-' || want == '_') && (got == '-' || got == '_')) {
			return 0
		}
		i++
	}
	return i
}

// tagTailOK checks what must follow a name: for most names anything that
// cannot continue a name; for "channel" a source attribute before the
// closer; for "antml" a colon.
func tagTailOK(rs []rune, end int, name string) bool {
	switch name {
	case "antml":
		for end < len(rs) && tagGap(rs[end]) {
			end++
		}
		return end < len(rs) && tagColons[rs[end]]
	case "channel":
		return channelSource(rs, end)
	}
	return end >= len(rs) || !isASCIINameChar(rs[end])
}

// channelSource looks for a source= attribute within 120 characters of
// the name, before any closer.
func channelSource(rs []rune, from int) bool {
	if from < len(rs) && isASCIINameChar(rs[from]) {
		return false
	}
	for i := from; i < len(rs) && i <= from+120; i++ {
		if i > from && (isWordRune(rs[i-1]) || rs[i-1] == '-') {
			if tagClosers[rs[i]] {
				return false
			}
			continue
		}
		if end := spellAt(rs, i, "source"); end > 0 {
			for end < len(rs) && (markdown.IsJSSpace(rs[end]) || tagGap(rs[end])) {
				end++
			}
			if end < len(rs) && tagEquals[rs[end]] {
				return true
			}
		}
		if tagClosers[rs[i]] {
			return false
		}
	}
	return false
}

func isWordRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_'
}

func runeSet(s string) map[rune]bool {
	m := map[rune]bool{}
	for _, r := range s {
		m[r] = true
	}
	return m
}

func utf16Encode(rs []rune) []uint16 {
	out := make([]uint16, 0, len(rs))
	for _, r := range rs {
		out = appendRune16(out, r)
	}
	return out
}
