package secret

import (
	"math"
	"strings"

	"github.com/memlint/memlint/internal/lazyre"
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
	return strings.ContainsAny(v, "()[]") || scReferenceShape(v)
}

// scReferenceShape reports the shapes of scReference other than code
// calls: a lookup's prefix, a UUID, a version, a dotted or constant name,
// an e-mail address.
func scReferenceShape(v string) bool {
	lv := strings.ToLower(v)
	for _, p := range scReferencePrefixes {
		if strings.HasPrefix(lv, p) {
			return true
		}
	}
	return strings.Contains(v, "://") || scUUIDAnywhere.MatchString(v) || scVersion.MatchString(v) ||
		scDottedName.MatchString(v) || scConstantName.MatchString(v) || scEmail.MatchString(v)
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

// scJWT is a JSON Web Token: a base64url JSON header and payload (both
// start with "eyJ", the encoding of `{"`) and a signature.
var scJWT = lazyre.New(`^eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}$`)

// scLooksLikeJWT reports whether a value assigned to a secret's name is a
// signed JSON Web Token, other than a published example. Its dots make
// it read as a dotted name, so scLooksLikeToken would let it pass.
func scLooksLikeJWT(v string) bool {
	if len(v) < 50 || !strings.HasPrefix(v, "eyJ") || !scJWT.MatchString(v) || scKnownExample(v) {
		return false
	}
	sig := v[strings.LastIndexByte(v, '.')+1:]
	return !scPlaceholder(sig) && scEntropy(sig) >= scEntropyFloor(sig)
}

// scMixedCase reports whether s holds both lower- and uppercase letters.
func scMixedCase(s string) bool {
	lower, upper, _, _ := scCharClasses(s)
	return lower > 0 && upper > 0
}

// scPassphraseEnd is where a bare password starting at s[v] ends when it
// holds spaces or quotes, which end other bare values: the rest of the
// line up to the first of scPhraseCuts, when that phrase reads as one
// password (scPhraseIsPassword). ok is false when it does not.
func scPassphraseEnd[T scText](s T, v int) (int, bool) {
	e := v
	for e < len(s) && e-v < scPhraseMax && s[e] >= ' ' && s[e] < 0x80 && s[e] != '`' && !scPhraseCutAt(s, e) {
		e++
	}
	for e > v && strings.IndexByte(" .,;:*", s[e-1]) >= 0 {
		e--
	}
	if e-v < 10 || e-v >= scPhraseMax || !scPhraseIsPassword(string(s[v:e])) {
		return 0, false
	}
	return e, true
}

// scPhraseCutAt reports whether one of scPhraseCuts starts at s[e].
func scPhraseCutAt[T scText](s T, e int) bool {
	if s[e] != ' ' {
		return false
	}
	for _, c := range scPhraseCuts {
		if scHasPrefixAt(s, e, c) {
			return true
		}
	}
	return false
}

// scPhraseIsPassword reports whether a phrase after a password's name is
// one password with spaces or quotes in it ("Tr0ub4 dor;3xK9", pLm"Q2'vW)
// rather than prose ("see 1Password vault", "the usual one", "Xy9!ab for
// staging"): at most scPhraseMaxFields fields, none of them a word of
// scProseWords, a reference or a placeholder, and, when there are
// several, none a word (letters only, not of mixed case); and, all
// together, at least 10 characters of three kinds.
func scPhraseIsPassword(p string) bool {
	fields := strings.Fields(p)
	if len(fields) == 0 || len(fields) > scPhraseMaxFields {
		return false
	}
	for _, f := range fields {
		if scProseWords[strings.ToLower(strings.Trim(f, ".,;:!?\"'()"))] || scReferenceShape(f) || scPlaceholder(f) {
			return false
		}
		if len(fields) > 1 && scAllBytes(f, scAlpha) && !scMixedCase(f[1:]) {
			return false // a word: "after", "Staging"
		}
	}
	joined := strings.Join(fields, "")
	if scKnownExample(joined) || strings.Contains(scDeleet(joined), "passw") {
		return false
	}
	lower, upper, digit, other := scCharClasses(joined)
	classes := scBtoi(lower > 0) + scBtoi(upper > 0) + scBtoi(digit > 0) + scBtoi(other > 0)
	return len(joined) >= 10 && classes >= 3 && scEntropy(joined) >= 3
}

// scLooksLikeQuotedPassword reports whether a quoted value in a sentence
// that calls it the password ("the prod db password is "s3cr3tPassw0rd!"")
// is one: scLooksLikePassword without its rule that a value made of the
// word password is a placeholder, as long as at least 6 characters of two
// kinds are left without the word.
func scLooksLikeQuotedPassword(v string) bool {
	if strings.ContainsAny(v, " \t") || scReference(v) {
		return false
	}
	rest := scPasswordWord.ReplaceAllString(v, "")
	lower, upper, digit, other := scCharClasses(rest)
	if len(rest) < 6 || scBtoi(lower > 0)+scBtoi(upper > 0)+scBtoi(digit > 0)+scBtoi(other > 0) < 2 || scPlaceholder(rest) {
		return false
	}
	return scLooksLikePassword(rest) || len(v) >= 8 && scEntropy(v) >= 2.5 && !scPlaceholder(rest)
}

// scPasswordWord is the word password as passwords spell it.
var scPasswordWord = lazyre.New(`(?i)p[a@4][s$5]{2}w[o0]rd`)
