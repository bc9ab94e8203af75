package secret

import (
	"math"
	"strings"
)

// What a secret value looks like, and what placeholders and references look
// like.

// scLooksLikeToken reports whether a value assigned to a secret's name is
// random enough to be a real token: at least 16 characters, letters and
// digits mixed, high entropy, and neither a placeholder, a reference to
// where the secret lives, nor an identifier made of words.
func scLooksLikeToken(v string) bool {
	if len(v) < 16 || scPlaceholder(v) || scReference(v) || scKnownExample(v) {
		return false
	}
	if len(v) < 32 && scAllBytes(v, scHex) {
		return false // 64 bits of hex is an ID or a hash prefix, not a key
	}
	lower, upper, digit, _ := scCharClasses(v)
	if lower+upper == 0 || digit == 0 && (lower == 0 || upper == 0 || len(v) < 24) {
		return false
	}
	if scEntropy(v) < scEntropyFloor(v) || scWordy(v) {
		return false
	}
	return true
}

// scLooksLikePassword reports whether a value assigned to a password's name
// is a real password: at least 8 characters of three kinds (or 12 of two,
// with digits), not a placeholder or a reference.
func scLooksLikePassword(v string) bool {
	if len(v) < 8 || scPlaceholder(v) || scReference(v) || scKnownExample(v) || strings.Contains(scDeleet(v), "passw") {
		return false // P@55w0rd!, Passw0rd123
	}
	lower, upper, digit, other := scCharClasses(v)
	classes := scBtoi(lower > 0) + scBtoi(upper > 0) + scBtoi(digit > 0) + scBtoi(other > 0)
	if classes < 3 && !(classes == 2 && digit > 0 && len(v) >= 12) {
		return false
	}
	if scEntropy(v) < min(2.5, math.Log2(float64(len(v)))-0.6) {
		return false
	}
	// "stored-in-1password", "see_vault_entry": words joined, not a password.
	return !(strings.ContainsAny(v, "-_./") && scWordy(v))
}

// scEntropyFloor is the least entropy a random value of v's length and
// alphabet shows: hex has 4 bits per character at most, longer base64 more.
func scEntropyFloor(v string) float64 {
	if scAllBytes(v, scHex) {
		return 3
	}
	return min(3.5, math.Log2(float64(len(v)))-0.7)
}

// scPlaceholder reports values written to stand for a secret: ellipses,
// masks, templates, repeated or sequential characters, and words such as
// "example" or "your".
func scPlaceholder(v string) bool {
	if strings.Contains(v, "...") || strings.Contains(v, "…") || strings.Contains(v, "**") ||
		strings.ContainsAny(v, "<>{}") {
		return true
	}
	for _, w := range scPlaceholderWords {
		if scContainsFold(v, w) {
			return true
		}
	}
	// Runs and short periods: 00000, aaaaa, abcabcabc, 1234512345.
	run, longest := 1, 1
	for k := 1; k < len(v); k++ {
		if v[k] == v[k-1] {
			run++
			longest = max(longest, run)
		} else {
			run = 1
		}
	}
	// Random values have short runs; a long one has a run of 5 only
	// rarely, so the bar rises with length.
	if longest >= 5 && (len(v) <= 24 || longest >= 7) {
		return true
	}
	for p := 1; p <= 8 && 2*p <= len(v); p++ {
		if v[p:] == v[:len(v)-p] {
			return true
		}
	}
	return false
}

// scReference reports values that say where a secret is rather than being
// it: $VAR, %VAR%, env and secret-manager lookups, code, paths, e-mail
// addresses, UUIDs, versions and constants' names.
func scReference(v string) bool {
	lv := strings.ToLower(v)
	for _, p := range []string{"$", "%", "urn:", "env:", "env.", "process.env", "os.environ", "os.getenv", "getenv",
		"secrets.", "vault:", "op://", "arn:", "ssm:", "sm://", "!ref", "/", "./", "~/", "../", "@"} {
		if strings.HasPrefix(lv, p) {
			return true
		}
	}
	if strings.ContainsAny(v, "()[]") || scUUIDAnywhere.MatchString(v) || scVersion.MatchString(v) ||
		scDottedName.MatchString(v) || scConstantName.MatchString(v) || scEmail.MatchString(v) {
		return true
	}
	return false
}

// scWordy reports whether v is mostly words (names such as
// "oauth2-pkce-flow" or "GoogleOAuthClientSecretV2"): the share of its
// letters that belong to runs of three or more letters with a vowel.
// Random tokens switch between cases and digits too often to have many.
func scWordy(v string) bool {
	letters, inWords := 0, 0
	for k := 0; k < len(v); {
		if !scAlpha(v[k]) {
			k++
			continue
		}
		// A word: an optional capital and lowercase letters, or capitals.
		e := k + 1
		if scUpper(v[k]) && e < len(v) && scUpper(v[e]) {
			for e < len(v) && scUpper(v[e]) && !(e+1 < len(v) && scLower(v[e+1])) {
				e++
			}
		} else {
			for e < len(v) && scLower(v[e]) {
				e++
			}
		}
		word := v[k:e]
		letters += len(word)
		if len(word) >= 3 && strings.ContainsAny(strings.ToLower(word), "aeiouy") {
			inWords += len(word)
		}
		k = e
	}
	return letters > 0 && inWords*4 >= letters*3
}

func scKnownExample(v string) bool {
	for _, e := range scKnownExamples {
		if strings.Contains(v, e) {
			return true
		}
	}
	return false
}

// scMask shows a secret as its prefix, an ellipsis and, when at least
// 16 characters follow the prefix, their last four: enough to find the
// value and tell two apart, never enough to use it.
func scMask(prefix, rest string) string {
	if len(rest) >= 16 {
		return prefix + "…" + rest[len(rest)-4:]
	}
	return prefix + "…"
}

// scLabelled names a secret found by its label: "password in db_password",
// but plain "password" when the label is the word itself ("password in
// password" reads as a stutter).
func scLabelled(what, name string) string {
	if strings.EqualFold(name, what) {
		return what
	}
	return what + " in " + name
}

// scEntropy returns the Shannon entropy of s in bits per byte.
func scEntropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for k := 0; k < len(s); k++ {
		counts[s[k]]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

func scCharClasses(s string) (lower, upper, digit, other int) {
	for k := 0; k < len(s); k++ {
		switch c := s[k]; {
		case scLower(c):
			lower++
		case scUpper(c):
			upper++
		case scDigit(c):
			digit++
		default:
			other++
		}
	}
	return
}
