package secret

import (
	"strings"

	"github.com/memlint/memlint/internal/lazyre"
)

// The private key block detector.

var scPrivateKeyHeader = lazyre.New(`^-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----`)

// scMaxKeyBlock bounds how far the end of a key block is looked for; an RSA
// 8192 key is about 6.5 KB.
const scMaxKeyBlock = 16 << 10

// privateKeyAt matches a private key block whose header starts at s[i]:
// the header, a body of at least 64 base64 characters, and the END line
// when there is one (a block cut short still holds key material).
func privateKeyAt[T scText](s T, i int) (secretMatch, bool) {
	if !scHasPrefixAt(s, i, "-----BEGIN ") {
		return secretMatch{}, false
	}
	loc := scFindSubmatchIndex(scPrivateKeyHeader, s[i:min(len(s), i+100)])
	if loc == nil {
		return secretMatch{}, false
	}
	label := string(s[i+loc[2] : i+loc[3]])
	bodyStart := i + loc[1]
	limit := min(len(s), bodyStart+scMaxKeyBlock)
	bodyEnd, end := bodyStart, bodyStart
	if e := scIndexAt(s, "-----END ", bodyStart, limit); e >= 0 {
		bodyEnd, end = e, e
		// Include the END line's closing dashes in the span.
		for k := e + len("-----END "); k < limit && k < e+100; k++ {
			if s[k] == '\n' {
				break
			}
			if scHasPrefixAt(s, k, "-----") {
				end = k + len("-----")
				break
			}
		}
	} else {
		bodyEnd = scKeyLinesEnd(s, bodyStart, limit)
		end = bodyEnd
	}
	body := s[bodyStart:bodyEnd]
	n, placeholder := scKeyBodyStats(body)
	if n < 64 || placeholder || scEntropy(scBase64Only(body)) < 4.5 {
		return secretMatch{}, false
	}
	kind := scKeyKind(label)
	if scPrecededBy(s, i, `"private_key"`) {
		kind = "Google Cloud service account private key"
	}
	return secretMatch{start: i, end: end, valStart: bodyStart, valEnd: bodyEnd, kind: kind,
		masked: "-----BEGIN " + label + "-----…", replacement: "…"}, true
}

// scKeyKind names a key block from its header label: "RSA PRIVATE KEY" →
// "RSA private key block".
func scKeyKind(label string) string {
	words := strings.Fields(strings.ToLower(label))
	for k, w := range words {
		switch w {
		case "rsa", "dsa", "ec", "pgp", "ssh2":
			words[k] = strings.ToUpper(w)
		case "openssh":
			words[k] = "OpenSSH"
		}
	}
	kind := strings.Join(words, " ")
	if !strings.HasSuffix(kind, " block") {
		kind += " block"
	}
	return kind
}

// scKeyLinesEnd returns where the body of a key block without an END line
// ends: after the last of the lines, from s[from], that hold only base64
// (after the same indentation and quote markers as the first) and are at
// least 16 characters long, or that run to the end of s (a quote cut
// short, such as a finding's flagged text). Lines end at a line break or
// at the \n escape of a JSON string.
func scKeyLinesEnd[T scText](s T, from, limit int) int {
	end := from
	k := from
	indent := -1 // every line is indented alike
	for k < limit {
		if s[k] == '\n' || s[k] == '\r' {
			k++
			continue
		}
		if s[k] == '\\' && k+1 < limit && (s[k+1] == 'n' || s[k+1] == 'r') {
			k += 2
			continue
		}
		lineStart := k
		for k < limit && (s[k] == ' ' || s[k] == '\t' || s[k] == '>') {
			k++
		}
		if indent < 0 {
			indent = k - lineStart
		} else if k-lineStart != indent {
			break
		}
		start := k
		for k < limit && scBase64Byte(s[k]) {
			k++
		}
		atEnd := k == len(s)
		lineEnds := atEnd || s[k] == '\n' || s[k] == '\r' || s[k] == '\\'
		if !lineEnds || (k-start < 16 && !atEnd) {
			break
		}
		end = k
	}
	return end
}

// scKeyBodyByte reports whether b may appear in a key block's body:
// base64, line breaks, quote markers, and the \n escapes of a JSON string.
func scKeyBodyByte(b byte) bool {
	return scAlnum(b) || b == '+' || b == '/' || b == '=' || b == '\\' || b == '\n' || b == '\r' || b == ' ' || b == '\t' || b == '>'
}

// scKeyBodyStats counts the base64 characters of a key body (not the n of a
// \n escape) and says whether the body is a placeholder ("MIIE...") or
// not a key at all (prose between a header quoted in one place and an END
// line quoted in another).
func scKeyBodyStats[T scText](body T) (n int, placeholder bool) {
	other := 0 // bytes a key body has few of: PEM headers such as Proc-Type only
	for k := 0; k < len(body); k++ {
		b := body[k]
		switch {
		case b == '\\' && k+1 < len(body):
			k++ // \n, \r
		case b == '.' && k+2 < len(body) && body[k+1] == '.' && body[k+2] == '.',
			b == '<', b == '[', b == '{', b == 0xE2: // … starts with 0xE2
			placeholder = true
		case scAlnum(b) || b == '+' || b == '/' || b == '=':
			n++
		case !scKeyBodyByte(b):
			other++
		}
	}
	if other > 100 || other*10 > n {
		placeholder = true
	}
	if n > 0 && (scContainsFold(body, "xxxx") || scContainsFold(body, "redacted") || scContainsFold(body, "example")) {
		placeholder = true
	}
	return n, placeholder
}

// scBase64Only returns the base64 characters of a key body, for its entropy.
func scBase64Only[T scText](body T) string {
	var b strings.Builder
	for k := 0; k < len(body); k++ {
		c := body[k]
		if c == '\\' {
			k++
			continue
		}
		if scAlnum(c) || c == '+' || c == '/' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// scPrecededBy reports whether lit ends shortly before s[i] (a JSON key and
// its colon and quote).
func scPrecededBy[T scText](s T, i int, lit string) bool {
	from := max(0, i-len(lit)-8)
	return scIndexAt(s, lit, from, i) >= 0
}
