package secret

import (
	"strings"
)

// Redact, which masks secrets in every finding's text.

// Redact masks every secret the rule would find in s the way its findings
// show them (ghp_…wXyz). The engine applies it to the message, suggestion
// and flagged text of every finding, whatever rule made it. It returns s
// itself, without allocating, when s holds no secret, and
// Redact(Redact(s)) == Redact(s): a masked form is never taken for a secret.
//
// Unlike the rule it also masks a token that a message has cut short with
// "…" or that ends the string, so a clipped quote cannot show most of one.
func Redact(s string) string {
	var b strings.Builder
	last := 0
	scanSecrets(s, true, func(m secretMatch) {
		b.WriteString(s[last:m.valStart])
		b.WriteString(scSafeReplacement(m.replacement, s[m.valEnd:]))
		last = m.valEnd
	})
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// scSafeReplacement drops the last characters a mask shows when, with
// the text after it, they would read as the start of another secret: a
// Google token ending in "ya29" before ".0000…" would otherwise leave
// "ya29.0000…", which a second Redact masks again.
func scSafeReplacement(mask, after string) string {
	k := strings.LastIndex(mask, "…")
	if k < 0 || k+len("…") == len(mask) {
		return mask
	}
	tail := mask[k+len("…"):]
	misread := false
	scanSecrets(tail+after[:min(len(after), scMaxTokenLen)], true, func(m secretMatch) {
		misread = misread || m.start < len(tail)
	})
	if misread {
		return mask[:k+len("…")]
	}
	return mask
}
