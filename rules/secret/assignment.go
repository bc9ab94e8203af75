package secret

import (
	"encoding/base64"
	"strings"
)

// The name = value detector: a secret-looking value assigned to a secret's
// name.

// scClassifyLabel says whether a name (DB_PASSWORD, apiKey, client-secret)
// holds a secret, from its last words. It allocates nothing: it runs at
// every colon and equals sign.
func scClassifyLabel[T scText](label T) scLabelKind {
	// A cheap test first: most names (description, type, url) hold
	// none of these.
	if len(label) > 64 || !scContainsFold(label, "pass") && !scContainsFold(label, "pwd") && !scContainsFold(label, "secret") &&
		!scContainsFold(label, "token") && !scContainsFold(label, "key") && !scContainsFold(label, "auth") &&
		!scContainsFold(label, "cred") {
		return scLabelNone
	}
	var nm scName
	scSplitName(&nm, label)
	if nm.n == 0 {
		return scLabelNone
	}
	first, last := nm.word(0), nm.word(nm.n-1)
	var prev []byte
	if nm.n > 1 {
		prev = nm.word(nm.n - 2)
	}
	joined := nm.joined[:nm.nJoined]
	switch {
	case string(joined) == "accountkey" || string(joined) == "sharedaccesskey":
		return scLabelAzureKey
	case scContainsFold(joined, "secretaccesskey") ||
		string(first) == "aws" && (string(last) == "secret" || string(last) == "key") && scContainsFold(joined, "secret"):
		return scLabelAWSSecret
	case string(first) == "twilio" && (string(last) == "token" || string(last) == "secret"):
		return scLabelTwilio
	case string(last) == "key" && scKeyQualifiers[string(prev)]:
		return scLabelToken
	}
	if string(last) == "token" && scNotCredentialToken[string(prev)] {
		return scLabelNone
	}
	if k, ok := scSecretNames[string(last)]; ok {
		// "pass" and "pwd" alone are more often something else: test
		// output (PASS: TestX), the shell's working directory (PWD=).
		// DB_PASS and MYSQL_PWD are passwords.
		if nm.n == 1 && (string(last) == "pass" || string(last) == "pwd") {
			return scLabelNone
		}
		return k
	}
	// One-word names: PGPASSWORD, dbpassword, authtoken, APIKEY.
	if nm.n == 1 {
		for _, suffix := range scPasswordSuffixes {
			if scHasSuffix(last, suffix) {
				return scLabelPassword
			}
		}
		for _, suffix := range scTokenSuffixes {
			if scHasSuffix(last, suffix) {
				return scLabelToken
			}
		}
	}
	return scLabelNone
}

// scName is a name of at most 64 bytes split into lowercase words at
// _ - . and camelCase boundaries ("SecretAccessKey" → secret access key,
// "APIKey" → api key), in fixed arrays.
type scName struct {
	lower   [64]byte   // the name in lowercase
	joined  [64]byte   // the same without separators
	nJoined int        // length of joined
	bounds  [16][2]int // words, as offsets in lower
	n       int        // number of words
}

func (nm *scName) word(k int) []byte { return nm.lower[nm.bounds[k][0]:nm.bounds[k][1]] }

// scSplitName fills nm from label, which is at most 64 bytes long.
func scSplitName[T scText](nm *scName, label T) {
	start := 0
	flush := func(end int) {
		if end > start && nm.n < len(nm.bounds) {
			nm.bounds[nm.n] = [2]int{start, end}
			nm.n++
		}
	}
	for k := 0; k < len(label); k++ {
		c := label[k]
		if c == '_' || c == '-' || c == '.' {
			flush(k)
			start = k + 1
			continue
		}
		if k > start && scUpper(c) {
			prevLower := scLower(label[k-1]) || scDigit(label[k-1])
			nextLower := k+1 < len(label) && scLower(label[k+1])
			if prevLower || (scUpper(label[k-1]) && nextLower) {
				flush(k)
				start = k
			}
		}
		if scUpper(c) {
			c += 'a' - 'A'
		}
		nm.lower[k] = c
		nm.joined[nm.nJoined] = c
		nm.nJoined++
	}
	flush(len(label))
}

// scHasSuffix reports whether b ends with s.
func scHasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// assignmentAt matches a secret assigned to a name at the ':' or '=' at
// s[i], or a password in a URL when the ':' starts "://".
func assignmentAt[T scText](s T, i int, redact bool) (secretMatch, bool) {
	none := secretMatch{}
	c := s[i]
	if c == ':' && scHasPrefixAt(s, i+1, "//") {
		if m, ok := urlCredentialAt(s, i); ok {
			return m, true
		}
		return urlTokenAt(s, i)
	}
	v := i + 1
	switch {
	case c == '=' && v < len(s) && s[v] == '=', // ==
		c == '=' && i > 0 && strings.IndexByte("!<>=:", s[i-1]) >= 0, // != <= >= :=
		c == ':' && v < len(s) && s[v] == ':':                        // :: (paths, IPv6)
		return none, false
	case c == '=' && v < len(s) && s[v] == '>', // =>
		c == ':' && v < len(s) && s[v] == '=': // :=
		v++
	}

	// The name: skip closing quotes, brackets and emphasis, then take the
	// identifier before them.
	lend := i
	for lend > 0 && (s[lend-1] == ' ' || s[lend-1] == '\t') {
		lend--
	}
	for k := 0; k < 4 && lend > 0 && strings.IndexByte("\"'`]*", s[lend-1]) >= 0; k++ {
		lend--
	}
	lstart := lend
	for lstart > 0 && lend-lstart <= 64 && scLabelByte(s[lstart-1]) {
		lstart--
	}
	for lstart < lend && (s[lstart] == '-' || s[lstart] == '.') {
		lstart++ // --password=
	}
	if lstart == lend || lend-lstart > 64 {
		return none, false
	}
	if lstart > 0 && s[lstart-1] == ':' {
		return none, false // a segment of an ARN or URN: arn:aws:secretsmanager:…:secret:name
	}
	kind := scClassifyLabel(s[lstart:lend])
	if kind == scLabelNone {
		return none, false
	}
	return labelledSecretAt(s, lstart, lend, kind, v, false, redact)
}

// proseSecretAt matches a secret in a sentence that names it, "the
// staging password is Zq8!mK2#vLp9wR", at the "is" or "was" at s[i]: the
// word before it must be a secret's name (or "api key", "access key" …).
func proseSecretAt[T scText](s T, i int, redact bool) (secretMatch, bool) {
	v := i + len("is ")
	if s[i] == 'w' {
		v = i + len("was ")
	}
	lend := i - 1
	for k := 0; k < 4 && lend > 0 && strings.IndexByte("\"'`*", s[lend-1]) >= 0; k++ {
		lend--
	}
	lstart := lend
	for lstart > 0 && lend-lstart <= 64 && scWordByte(s[lstart-1]) {
		lstart--
	}
	if lstart == lend || lend-lstart > 64 {
		return secretMatch{}, false
	}
	kind := scClassifyLabel(s[lstart:lend])
	if lend-lstart == 3 && scContainsFold(s[lstart:lend], "key") && lstart >= 2 && s[lstart-1] == ' ' {
		// "the API key is …": the word before "key" qualifies it.
		q := lstart - 1
		for q > 0 && scWordByte(s[q-1]) {
			q--
		}
		var w [16]byte
		if n := lstart - 1 - q; n > 0 && n <= len(w) {
			for k := range n {
				w[k] = s[q+k] | 0x20 // lowercase: word bytes are letters, digits, _
			}
			if scKeyQualifiers[string(w[:n])] {
				lstart, kind = q, scLabelToken
			}
		}
	}
	if kind == scLabelNone {
		return secretMatch{}, false
	}
	return labelledSecretAt(s, lstart, lend, kind, v, true, redact)
}

// labelledSecretAt matches a secret value at or after s[v] assigned to
// the name s[lstart:lend], of kind kind: after "name =", "name:" or, in
// prose (when prose is set), "the name is".
func labelledSecretAt[T scText](s T, lstart, lend int, kind scLabelKind, v int, prose, redact bool) (secretMatch, bool) {
	none := secretMatch{}
	vs, ve, end, ok := assignedValue(s, v)
	if !ok {
		return none, false
	}
	extended := false
	if kind == scLabelPassword && ve == end {
		// A bare password may hold spaces and quotes, which end a bare
		// value: take the rest of the phrase when it reads as one
		// password rather than as prose.
		if pe, ok := scPassphraseEnd(s, vs); ok && pe > ve {
			ve, end, extended = pe, pe, true
		}
	}
	if ve-vs < 8 {
		return none, false // shorter than any secret a name marks; and no allocation for "the token was used"
	}
	value := string(s[vs:ve])
	truncated := false
	if redact && strings.HasSuffix(value, "…") {
		// A message cut the value short; mask what is left.
		value, truncated = strings.TrimSuffix(value, "…"), true
		if scEndsWithTokenPrefix(value) {
			// "0A!sk-ant-oat01-…": the "…" ends the mask of a token
			// Redact already replaced inside the value, not a cut.
			return none, false
		}
	}
	// Authorization: Bearer <token>, Basic <base64>.
	if scheme, rest, ok := strings.Cut(value, " "); ok && !extended {
		switch strings.ToLower(scheme) {
		case "bearer", "token", "bot":
			vs += len(scheme) + 1
			value = rest
		case "basic":
			vs += len(scheme) + 1
			return basicCredential(lstart, vs, ve, end, rest)
		default:
			return none, false // prose, not a value
		}
	}
	if !extended && strings.ContainsAny(value, " \t") || scStartsWithToken(value) || strings.HasPrefix(value, "-----BEGIN") || strings.Contains(value, "://") {
		// Prose; or a secret another detector names better.
		return none, false
	}
	name := string(s[lstart:lend])
	what := ""
	switch {
	case kind == scLabelAWSSecret && len(value) == 40 && scAllBytes(value, scBase64Byte) && scEntropy(value) >= 3.5 && !scPlaceholder(value):
		what = "AWS secret access key"
	case kind == scLabelAzureKey && len(value) >= 40 && scAllBytes(value, scBase64Byte) && scEntropy(value) >= 4 && !scPlaceholder(value) && !scKnownExample(value):
		what = "Azure storage account key"
		if scContainsFold(name, "shared") {
			what = "Azure shared access key"
		}
	case kind == scLabelTwilio && len(value) == 32 && scAllBytes(value, scHex) && scEntropy(value) >= 3:
		what = "Twilio auth token"
	case scLooksLikeJWT(value):
		what = "JSON Web Token in " + name
	case kind == scLabelPassword && (extended || scLooksLikePassword(value)):
		what = scLabelled("password", name)
	case kind == scLabelPassword && prose && end > ve && scLooksLikeQuotedPassword(value):
		// "the prod password is "s3cr3tPassw0rd!"": the sentence and the
		// quotes say it is the password, even one made of the word.
		what = scLabelled("password", name)
	case kind != scLabelPassword && scLooksLikeToken(value):
		what = scLabelled("secret", name)
	}
	if what == "" {
		return none, false
	}
	masked := scMask("", value)
	if truncated {
		masked = "…"
	}
	return secretMatch{start: lstart, end: end, valStart: vs, valEnd: ve, kind: what, masked: masked, replacement: masked}, true
}

// assignedValue finds the value that starts at or after s[v]: quoted (up
// to the closing quote on the same line) or bare (up to a space or a
// delimiter). end is where a finding about it ends: after the closing
// quote, so that the flagged text is recognised again on its own.
func assignedValue[T scText](s T, v int) (vs, ve, end int, ok bool) {
	for v < len(s) && (s[v] == ' ' || s[v] == '\t' || s[v] == '*') {
		v++
	}
	if v >= len(s) {
		return 0, 0, 0, false
	}
	if q := s[v]; q == '"' || q == '\'' || q == '`' {
		v++
		for e := v; e < len(s) && e-v < 300 && s[e] != '\n'; e++ {
			if s[e] == q {
				return v, e, e + 1, e > v
			}
		}
		// No closing quote: read on as a bare value (a quote cut short).
	}
	e := scBareEnd(s, v)
	if scHasPrefixAt(s, e, "…") {
		e += len("…") // kept: it marks a placeholder, or a value a message cut short
	}
	// Sentence punctuation after a bare value is not part of it.
	for e > v && strings.IndexByte(".,;:)", s[e-1]) >= 0 {
		e--
	}
	// Keep "Bearer x" and "Basic x" together.
	if word := string(s[v:e]); e < len(s) && s[e] == ' ' && scAuthScheme(word) {
		e2 := e + 1
		for e2 < len(s) && e2-v < 300 && !scValueEnd(s[e2]) {
			e2++
		}
		for e2 > e+1 && strings.IndexByte(".,;:)", s[e2-1]) >= 0 {
			e2--
		}
		if e2 > e+1 {
			e = e2
		}
	}
	return v, e, e, e > v
}

// scBareEnd is where a bare value starting at s[v] ends. A delimiter
// that joins two runs of value characters (Tr0ub4dor&3xK9, a;b) is part
// of it — passwords hold such characters, and stopping there would show
// the rest — unless what follows assigns a value of its own (the next
// field of a query string, a=1&b=2).
func scBareEnd[T scText](s T, v int) int {
	e := v
	for {
		for e < len(s) && e-v < 300 && !scValueEnd(s[e]) {
			e++
		}
		if e+1 >= len(s) || e-v >= 300 || strings.IndexByte(scJoiners, s[e]) < 0 || scValueEnd(s[e+1]) || scAssignsNext(s, e+1) {
			return e
		}
		e++
	}
}

// scJoiners are the delimiters that may sit inside a bare value.
const scJoiners = "&;|,()"

// scAssignsNext reports whether the run of value characters at s[i] is
// name=value: the start of another field, not more of this value.
func scAssignsNext[T scText](s T, i int) bool {
	for ; i < len(s) && !scValueEnd(s[i]); i++ {
		if s[i] == '=' {
			return true
		}
	}
	return false
}

func scAuthScheme(w string) bool {
	switch strings.ToLower(w) {
	case "bearer", "basic", "token", "bot":
		return true
	}
	return false
}

// scValueEnd reports whether b ends a bare value: white space, quotes,
// and delimiters of lists, tables, query strings and Markdown. Non-ASCII
// bytes end it too: secrets are ASCII, and prose in other scripts is not.
func scValueEnd(b byte) bool {
	return b <= ' ' || b >= 0x80 || strings.IndexByte("\"'`,;&|<>()[]{}", b) >= 0
}

// basicCredential checks "Authorization: Basic <base64 of user:password>".
func basicCredential(lstart, vs, ve, end int, encoded string) (secretMatch, bool) {
	raw, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil {
		return secretMatch{}, false
	}
	user, password, ok := strings.Cut(string(raw), ":")
	if !ok || !scURLPasswordOK(user, password, "") {
		return secretMatch{}, false
	}
	masked := scMask("", encoded)
	return secretMatch{start: lstart, end: end, valStart: vs, valEnd: ve, kind: "HTTP Basic credentials",
		masked: masked, replacement: masked}, true
}

// scStartsWithToken reports whether v begins with a provider token prefix,
// so that the token detector names it rather than the generic one.
func scStartsWithToken(v string) bool {
	if v == "" {
		return false
	}
	for _, f := range tokenFormatsByByte[v[0]] {
		if strings.HasPrefix(v, f.prefix) {
			return true
		}
	}
	return false
}
