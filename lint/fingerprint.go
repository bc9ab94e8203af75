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
// blanked out, stands in.
func Fingerprint(d Diagnostic, path string, occurrence int) string {
	h := sha256.New()
	for _, part := range []string{d.Rule, path, FingerprintText(d), strconv.Itoa(occurrence)} {
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

// Occurrences numbers each finding among those with the same rule, path
// and fingerprint text, in the order given (sorted findings: file order).
func Occurrences(ds []Diagnostic, path func(Diagnostic) string) []int {
	seen := map[[3]string]int{}
	out := make([]int, len(ds))
	for i, d := range ds {
		k := [3]string{d.Rule, path(d), FingerprintText(d)}
		out[i] = seen[k]
		seen[k]++
	}
	return out
}
