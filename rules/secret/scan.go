package secret

// The one pass over a text that finds where a secret may start and calls the
// detectors.

// secretMatch is one secret found in a text.
type secretMatch struct {
	// start and end delimit what a finding covers: the secret and, for a
	// secret recognised by its name (password: …), the name too, so that
	// Redact recognises the flagged text on its own.
	start, end int
	// valStart and valEnd delimit the secret value itself, which Redact
	// replaces by replacement.
	valStart, valEnd int
	kind             string // what it is, for the message
	masked           string // how the message shows it
	replacement      string // what Redact puts in place of the value
}

// scText is what the scanner reads: a file's bytes or a finding's string,
// without converting one into the other.
type scText interface{ ~string | ~[]byte }

// Classes of byte for the scanner: what may start at one.
const (
	scOther      = iota
	scTokenFirst // the first letter of some token prefix
	scAssign     // ':' or '=': a name = value pair, or a URL
	scDash       // '-': perhaps a private key block's "-----BEGIN"
	scProse      // "is" or "was" after a word: perhaps "the password is …"
)

var scByteClass = func() (t [256]uint8) {
	t[':'], t['='] = scAssign, scAssign
	t['-'] = scDash
	for _, f := range tokenFormats {
		t[f.prefix[0]] = scTokenFirst
	}
	// "is" and "was": 'i' starts no token prefix; 'w' may (whsec_), and
	// then scNextTrigger looks for "was" among the token candidates.
	for _, c := range []byte("iw") {
		if t[c] == scOther {
			t[c] = scProse
		}
	}
	return t
}()

// scWordIndex is 1 for the bytes of words (letters, digits, _), else 0.
var scWordIndex = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if scWordByte(byte(c)) {
			t[c] = 1
		}
	}
	return t
}()

// scPairRow and scPairs say which bytes start a candidate, from the byte
// before (outside a word: [0], inside one: [1]) and the byte after: ':'
// and '=' always, '-' before another '-', and the first letter of a token
// prefix at the start of a word before the prefix's second byte.
// scPairs[scPairRow[inWord][c]][next] is true at a candidate; row 0 is
// never one.
var scPairRow, scPairs = func() (rows [2][256]uint8, pairs [32][256]bool) {
	const anyNext, dashNext = 1, 2
	for c := range pairs[anyNext] {
		pairs[anyNext][c] = true
	}
	pairs[dashNext]['-'] = true
	rows[0][':'], rows[1][':'], rows[0]['='], rows[1]['='] = anyNext, anyNext, anyNext, anyNext
	rows[0]['-'], rows[1]['-'] = dashNext, dashNext
	n := uint8(dashNext + 1)
	for _, f := range tokenFormats {
		first := f.prefix[0]
		if rows[0][first] == 0 {
			rows[0][first] = n
			n++
		}
		pairs[rows[0][first]][f.prefix[1]] = true
	}
	for _, c := range []byte("iw") {
		if rows[0][c] == 0 {
			rows[0][c] = n
			n++
		}
	}
	pairs[rows[0]['i']]['s'] = true
	pairs[rows[0]['w']]['a'] = true
	return rows, pairs
}()

// scanSecrets calls emit for each secret in s, in order and without
// overlap. It is one pass over the bytes that looks closer only at ':'
// and '=', at "--", and at words that start with the first two letters
// of a token prefix; regular expressions run only where a literal prefix
// or a secret's name was found, so text without secrets costs no
// allocation.
func scanSecrets[T scText](s T, redact bool, emit func(secretMatch)) {
	next := 0 // a match may not start inside the previous one
	for i := 0; i < len(s); {
		at, resume, class := scNextTrigger(s, i)
		if class == scOther {
			return
		}
		var m secretMatch
		var ok bool
		switch class {
		case scTokenFirst:
			m, ok = tokenAt(s, at, redact)
		case scAssign:
			m, ok = assignmentAt(s, at, redact)
		case scDash:
			m, ok = privateKeyAt(s, at)
		case scProse:
			m, ok = proseSecretAt(s, at, redact)
		}
		i = resume
		if ok && m.start >= next {
			emit(m)
			next = m.end
			i = max(i, m.end)
		}
	}
}

// scNextTrigger finds the next place at or after s[i] where a secret may
// start: a ':' or '=', a "--", the word "is" or "was", or a word starting with the first two
// letters of a token prefix. resume is where the scan goes on after it;
// class is scOther when there is none. This loop is where the rule spends
// its time on text without secrets: a few table lookups per byte and a
// branch taken only at candidates.
func scNextTrigger[T scText](s T, i int) (at, resume int, class uint8) {
	// inWord is whether the byte before s[i] is a word byte, carried from
	// byte to byte; row 0 of scPairs is all false, so most bytes cost two
	// lookups and a branch.
	var inWord uint8
	if i > 0 {
		inWord = scWordIndex[s[i-1]]
	}
	for ; i < len(s); i++ {
		c := s[i]
		row := scPairRow[inWord][c]
		inWord = scWordIndex[c]
		if row == 0 {
			continue
		}
		var next byte
		if i+1 < len(s) {
			next = s[i+1]
		}
		if !scPairs[row][next] {
			continue
		}
		switch class := scByteClass[s[i]]; class {
		case scAssign, scDash:
			return i, i + 1, class
		case scProse:
			if i > 0 && s[i-1] == ' ' && (scHasPrefixAt(s, i, "is ") || scHasPrefixAt(s, i, "was ")) {
				return i, i + 1, class
			}
		case scTokenFirst:
			if i > 0 && s[i-1] == ' ' && scHasPrefixAt(s, i, "was ") {
				return i, i + 1, scProse
			}
			// Every token is one long word (ghp_…, AKIA…) or starts with
			// a short one followed by - . / or + (sk-, xoxb-,
			// hooks.slack.com/): this rules out most words that merely
			// begin like a prefix ("should", "which").
			e := i + 1
			for e < len(s) && scWordIndex[s[e]] == 1 {
				e++
			}
			if e-i >= 16 || e < len(s) && (s[e] == '-' || s[e] == '.' || s[e] == '/' || s[e] == '+') {
				return i, i + 1, class
			}
		}
	}
	return len(s), len(s), scOther
}
