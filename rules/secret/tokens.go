package secret

// The provider token detector, over the table of formats.go.

// tokenFormatsByByte indexes tokenFormats by the first byte of the prefix.
var tokenFormatsByByte = func() (t [256][]*tokenFormat) {
	for _, f := range tokenFormats {
		t[f.prefix[0]] = append(t[f.prefix[0]], f)
	}
	return t
}()

// tokenAt matches a provider token starting at s[i].
func tokenAt[T scText](s T, i int, redact bool) (secretMatch, bool) {
	for _, f := range tokenFormatsByByte[s[i]] {
		if !scHasPrefixAt(s, i, f.prefix) {
			continue
		}
		// Only the longest prefix that matches is tried: "sk-ant-api03-…"
		// is a masked Anthropic key, not a cut-short "sk-" one.
		window := s[i:min(len(s), i+scMaxTokenLen)]
		loc := scFindIndex(f.re, window)
		if loc == nil || (i+loc[1] < len(s) && scTokenByte(s[i+loc[1]])) {
			if redact {
				return truncatedTokenAt(s, i, f)
			}
			return secretMatch{}, false
		}
		tok := string(s[i : i+loc[1]])
		if scHasPrefixAt(s, i+loc[1], "…") && scEndsWithTokenPrefix(tok) {
			// "xoxa-0-0001278901-xoxa-…": the match ends in the mask of
			// a token Redact replaced; taking it as a token would find a
			// secret in redacted text, and make Redact(Redact(s)) differ
			// from Redact(s).
			return secretMatch{}, false
		}
		body := tok[len(f.prefix):]
		if scPlaceholder(body) || scKnownExample(tok) || scEntropy(body) < f.minEntropy {
			return secretMatch{}, false
		}
		if f.valid != nil && !f.valid(tok) {
			return secretMatch{}, false
		}
		masked := scMask(f.prefix, body)
		if f.paired {
			if ss, se, ok := awsSecretAfter(s, i+len(tok)); ok {
				// One finding for both halves, so that its flagged text is
				// recognised again on its own; the text between them is
				// kept (masked in turn when it holds a secret).
				between := string(s[i+len(tok) : ss])
				if redact {
					between = Redact(between)
				}
				secretMask := scMask("", string(s[ss:se]))
				return secretMatch{start: i, end: se, valStart: i, valEnd: se,
					kind: f.kind + " and its secret access key", masked: masked + ", " + secretMask,
					replacement: masked + between + secretMask}, true
			}
		}
		return secretMatch{start: i, end: i + len(tok), valStart: i, valEnd: i + len(tok),
			kind: f.kind, masked: masked, replacement: masked}, true
	}
	return secretMatch{}, false
}

// truncatedTokenAt matches, for Redact, a token that a message cut short:
// the prefix and at least 8 token characters, then "…" or the end of the
// string. Such a fragment may still hold most of the secret.
func truncatedTokenAt[T scText](s T, i int, f *tokenFormat) (secretMatch, bool) {
	j := i + len(f.prefix)
	for j < len(s) && (scTokenByte(s[j]) || s[j] == '.' || s[j] == '+' || s[j] == '/' || s[j] == '=') {
		j++
	}
	if j-i-len(f.prefix) < 8 || (j < len(s) && !scHasPrefixAt(s, j, "…")) {
		return secretMatch{}, false
	}
	if j < len(s) && (scEndsWithTokenPrefix(s[i+len(f.prefix):j]) || s[j-1] == '=') {
		// "xoxa-0-00-xoxa-…", "hf_0000000TOKEN=…": the "…" starts the
		// mask of a token or an assigned value Redact already replaced,
		// not the cut of this fragment; masking again would make
		// Redact(Redact(s)) differ from Redact(s).
		return secretMatch{}, false
	}
	if j < len(s) {
		j += len("…") // the mask ends with one already
	}
	masked := f.prefix + "…"
	return secretMatch{start: i, end: j, valStart: i, valEnd: j, kind: f.kind, masked: masked, replacement: masked}, true
}

// scEndsWithTokenPrefix reports whether s ends with the prefix of a
// provider token format.
func scEndsWithTokenPrefix[T scText](s T) bool {
	for _, f := range tokenFormats {
		if len(s) >= len(f.prefix) && scHasPrefixAt(s, len(s)-len(f.prefix), f.prefix) {
			return true
		}
	}
	return false
}

// awsSecretAfter finds an unlabelled AWS secret access key after the key
// ID that ends at s[from]: on the same line or the next, 40 characters
// of base64 (upper- and lowercase letters and digits, random) standing
// alone. A labelled one (aws_secret_access_key = …, secret: …) is the
// name = value detector's: the text before it may hold no ':' or '='.
func awsSecretAfter[T scText](s T, from int) (start, end int, ok bool) {
	limit, lines := from, 0
	for limit < len(s) && limit-from < scMaxTokenLen {
		if s[limit] == '\n' {
			if lines++; lines == 2 {
				break
			}
		}
		if s[limit] == ':' || s[limit] == '=' {
			break
		}
		limit++
	}
	for k := from; k < limit; {
		if !scAWSSecretByte(s[k]) {
			k++
			continue
		}
		e := k
		for e < len(s) && (scAWSSecretByte(s[e]) || s[e] == '=') {
			e++
		}
		if e-k == 40 && e <= limit && (k == 0 || !scBase64Byte(s[k-1])) {
			v := string(s[k:e])
			lower, upper, digit, _ := scCharClasses(v)
			if lower > 0 && upper > 0 && digit > 0 && scEntropy(v) >= 4 && !scPlaceholder(v) && !scKnownExample(v) {
				return k, e, true
			}
		}
		k = e
	}
	return 0, 0, false
}

func scAWSSecretByte(b byte) bool { return scAlnum(b) || b == '+' || b == '/' }
