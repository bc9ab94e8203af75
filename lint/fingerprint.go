package lint

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"unicode"
)

// Fingerprint identifies a finding by what it flags rather than where it
// is: the rule, the file, the flagged text with whitespace collapsed, and
// which occurrence of that same text in the file it is. Inserting lines
// above a finding, or editing elsewhere in the file, leaves it unchanged;
// SARIF's partialFingerprints and the baseline are made of it. Findings
// about a whole file or dir have no text: their message, with numbers
// blanked out, stands in. A finding's Key, when set, joins the text: it
// tells apart different problems a rule reports on the same text.
func Fingerprint(d Diagnostic, path string, occurrence int) string {
	h := sha256.New()
	parts := []string{d.Rule, path, FingerprintText(d), strconv.Itoa(occurrence)}
	if d.Key != "" {
		// Only then: every fingerprint of a finding without a key is
		// what it was before keys existed.
		parts = append(parts, d.Key)
	}
	for _, part := range parts {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// FingerprintText is the normalised text a fingerprint is made of.
func FingerprintText(d Diagnostic) string {
	if d.Text != "" {
		return strings.Join(strings.Fields(d.Text), " ")
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return '#'
		}
		return r
	}, d.Message)
}

// Occurrences numbers each finding among those with the same rule, path,
// fingerprint text and key, in the order given (sorted findings: file
// order).
func Occurrences(ds []Diagnostic, path func(Diagnostic) string) []int {
	seen := map[[4]string]int{}
	out := make([]int, len(ds))
	for i, d := range ds {
		k := [4]string{d.Rule, path(d), FingerprintText(d), d.Key}
		out[i] = seen[k]
		seen[k]++
	}
	return out
}
