package secret

import (
	"net/url"
	"strings"
)

// The detector of passwords in URLs.

// urlCredentialAt matches scheme://user:password@host where the "://"
// starts at s[i]. The finding covers scheme://user:password@, which
// Redact recognises again on its own, but not the host: the host may run
// into the next URL ("a://:x@b://:y@"), which must be scanned as well.
func urlCredentialAt[T scText](s T, i int) (secretMatch, bool) {
	none := secretMatch{}
	start := i
	for start > 0 && (scAlnum(s[start-1]) || s[start-1] == '+' || s[start-1] == '.' || s[start-1] == '-') {
		start--
	}
	for start < i && !scAlpha(s[start]) {
		start++
	}
	if i-start < 2 {
		return none, false // no scheme, or a drive letter (C://)
	}
	auth := i + 3
	end := auth
	at := -1
	for end < len(s) && end-auth < 300 && !scAuthorityEnd(s[end]) {
		if s[end] == '@' {
			at = end
		}
		end++
	}
	if at < 0 {
		return none, false
	}
	colon := scIndexAt(s, ":", auth, at)
	if colon < 0 {
		return none, false
	}
	user, password, host := string(s[auth:colon]), string(s[colon+1:at]), string(s[at+1:end])
	if scStartsWithToken(password) || !scURLPasswordOK(user, password, host) {
		return none, false // a token in the password is reported as a token
	}
	masked := scMask("", password)
	scheme := string(s[start:i])
	return secretMatch{start: start, end: at + 1, valStart: colon + 1, valEnd: at,
		kind:   "password in a URL",
		masked: scheme + "://" + user + ":" + masked + "@" + host, replacement: masked}, true
}

// scAuthorityEnd reports whether b ends the authority part of a URL.
func scAuthorityEnd(b byte) bool {
	return b <= ' ' || b >= 0x80 || strings.IndexByte("/?#\"'`<>()[]{}|\\", b) >= 0
}

// scURLPasswordOK reports whether password, in user:password@host, looks
// like a real one rather than documentation. Passwords for local hosts
// must look random: local development defaults are common and harmless.
func scURLPasswordOK(user, password, host string) bool {
	p := scDeleet(password)
	if len(password) < 6 || scURLPlaceholders[p] || strings.EqualFold(password, user) || scPlaceholder(password) ||
		strings.Contains(p, "pass") || strings.Contains(p, "secret") {
		return false
	}
	if strings.Contains(password, "$") || strings.HasPrefix(password, "%") || strings.HasPrefix(password, ":") {
		return false // $VAR, ${VAR}, %s
	}
	for _, piece := range strings.FieldsFunc(p, func(r rune) bool { return !('a' <= r && r <= 'z') }) {
		if scURLPlaceholders[piece] {
			return false // "123,foo:bar", "my-pass"
		}
	}
	if scExampleHost(host) {
		return false
	}
	if scLocalHost(host) {
		return scLooksLikePassword(password)
	}
	lower, upper, digit, other := scCharClasses(password)
	classes := scBtoi(lower > 0) + scBtoi(upper > 0) + scBtoi(digit > 0) + scBtoi(other > 0)
	return classes >= 2 || len(password) >= 12
}

// scExampleHost reports hosts reserved for documentation (RFC 2606) or
// named as made up (dummy.faketld).
func scExampleHost(host string) bool {
	h, _, _ := strings.Cut(strings.ToLower(host), ":")
	for _, d := range []string{"example.com", "example.org", "example.net", "example"} {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	for _, w := range []string{"example", "dummy", "fake", "placeholder", "your"} {
		if strings.Contains(h, w) {
			return true
		}
	}
	return strings.HasSuffix(h, ".test") || strings.HasSuffix(h, ".invalid") || strings.HasPrefix(h, "<")
}

// scDeleet lowercases a password, decodes %XX escapes and undoes the
// usual letter swaps, so that "p@ssw0rd" and "My%20Pass" read as the
// placeholders they are.
func scDeleet(password string) string {
	if u, err := url.PathUnescape(password); err == nil {
		password = u
	}
	return scLeet.Replace(strings.ToLower(password))
}

// scLocalHost reports hosts of a developer's own machine or containers.
func scLocalHost(host string) bool {
	h, _, _ := strings.Cut(strings.ToLower(host), ":")
	switch h {
	case "localhost", "127.0.0.1", "0.0.0.0", "host.docker.internal", "db", "postgres", "mysql", "redis", "mongo":
		return true
	}
	return strings.HasSuffix(h, ".local") || strings.HasSuffix(h, ".localhost")
}
