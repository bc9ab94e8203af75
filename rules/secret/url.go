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
	for _, d := range scExampleDomains {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	for _, w := range scExampleHostWords {
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

// urlTokenAt matches a token in the path of a webhook URL, where the
// "://" starts at s[i]: "https://hooks.example.com/v1/br_usr_7f3a…/send".
// Such a URL posts into a channel or triggers a job without further
// authentication, so the token in it is the credential. The URL must say
// it is a hook (scWebhookHints in its host or path); the segment must be
// at least 24 characters and look like a token (scLooksLikeToken: mixed
// letters and digits, random, not a UUID, not words). A segment of hex
// digits alone counts only in a hook's own host or right after the
// segment that says hook (…/IncomingWebhook/<hex>/…): further along an
// API's path (…/webhooks/v2/deliveries/<hex>) it is far more often the ID
// of a delivery or an event than a key. The URLs of code
// hosts are left alone: their paths hold commit hashes, and a repository
// may be named "webhook-relay". The finding covers the URL up to the
// last such segment, so that Redact recognises it on its own; the value
// is from the first to the last.
func urlTokenAt[T scText](s T, i int) (secretMatch, bool) {
	none := secretMatch{}
	start := i
	for start > 0 && scAlpha(s[start-1]) {
		start--
	}
	if i-start < 2 {
		return none, false
	}
	hostStart := i + 3
	end := hostStart
	for end < len(s) && end-hostStart < scMaxTokenLen && !scURLEnd(s[end]) {
		end++
	}
	host := hostStart
	for host < end && s[host] != '/' {
		host++
	}
	if host == end {
		return none, false
	}
	if m, ok := urlPathFormatAt(s, start, hostStart, host, end); ok {
		return m, true
	}
	if scCodeHost(s[hostStart:host]) || scTokenPrefixIn(s, hostStart, host) {
		return none, false // a code host; or a Slack or Discord webhook, which the token formats name
	}
	// A URL the text labels as a webhook ("Deploy webhook: https://…")
	// is one as much as a URL that says so itself. The finding then
	// starts at the label, so that Redact recognises it on its own.
	labelAt, labelled := scWebhookLabelBefore(s, start)
	if labelled {
		start = labelAt
	}
	hostHinted := labelled || scContainsAnyFold(s[hostStart:host], scWebhookHints)
	hinted, afterHook := hostHinted, false
	first, last, lastEnd := -1, -1, -1
	for seg := host + 1; seg < end; {
		e := seg
		for e < end && s[e] != '/' && s[e] != '?' && s[e] != '#' {
			e++
		}
		isHook := false
		if e-seg >= 24 && hinted && scLooksLikeToken(string(s[seg:e])) && (hostHinted || afterHook || !scAllHex(s[seg:e])) {
			if first < 0 {
				first = seg
			}
			last, lastEnd = seg, e
		} else if scContainsAnyFold(s[seg:e], scWebhookHints) {
			hinted, isHook = true, true
		}
		afterHook = isHook
		if e >= end || s[e] != '/' {
			break
		}
		seg = e + 1
	}
	if first < 0 {
		return none, false
	}
	masked := scMask("", string(s[last:lastEnd]))
	return secretMatch{start: start, end: lastEnd, valStart: first, valEnd: lastEnd,
		kind:   "token in a webhook URL (" + string(s[hostStart:host]) + ")",
		masked: masked, replacement: masked}, true
}

// scURLEnd reports whether b ends a URL in text.
func scURLEnd(b byte) bool {
	return b <= ' ' || b >= 0x80 || strings.IndexByte("\"'`<>()[]{}|\\", b) >= 0
}

// scContainsAnyFold reports whether s contains one of words, ignoring case.
func scContainsAnyFold[T scText](s T, words []string) bool {
	for _, w := range words {
		if scContainsFold(s, w) {
			return true
		}
	}
	return false
}

// scCodeHost reports the hosts of code and their raw files, whose URL
// paths hold commit hashes.
func scCodeHost[T scText](host T) bool {
	for _, d := range scCodeHosts {
		if n := len(host) - len(d); n >= 0 && scEqualFoldAt(host, n, d) && (n == 0 || host[n-1] == '.') {
			return true
		}
	}
	return false
}

// scEqualFoldAt reports whether s[i:] is lit, ignoring ASCII case.
func scEqualFoldAt[T scText](s T, i int, lit string) bool {
	if len(s)-i != len(lit) {
		return false
	}
	for k := 0; k < len(lit); k++ {
		c := s[i+k]
		if scUpper(c) {
			c += 'a' - 'A'
		}
		if c != lit[k] {
			return false
		}
	}
	return true
}

// scTokenPrefixIn reports whether a provider token prefix starts a word
// of s[from:to] (a host: "hooks.slack.com", also after bytes a URL's host
// should not hold). The token formats judge such a URL: a mask made here
// would leave "hooks.slack.com/…/…" behind, which Redact takes for a cut
// Slack URL and masks again.
func scTokenPrefixIn[T scText](s T, from, to int) bool {
	for k := from; k < to; k++ {
		if (k == from || !scAlnum(s[k-1])) && scStartsWithTokenAt(s, k) {
			return true
		}
	}
	return false
}

// scStartsWithTokenAt reports whether a provider token prefix starts at s[i].
func scStartsWithTokenAt[T scText](s T, i int) bool {
	for _, f := range tokenFormatsByByte[s[i]] {
		if scHasPrefixAt(s, i, f.prefix) {
			return true
		}
	}
	return false
}

// scAllHex reports whether s is hex digits alone.
func scAllHex[T scText](s T) bool {
	for i := 0; i < len(s); i++ {
		if !scHex(s[i]) {
			return false
		}
	}
	return len(s) > 0
}

// urlPathFormatAt matches a URL of urlPathFormats, whose host runs from
// s[hostStart] to s[host] and whose path from s[host] to s[end]; the
// finding runs from the scheme at s[start] to the end of the credential.
func urlPathFormatAt[T scText](s T, start, hostStart, host, end int) (secretMatch, bool) {
	for _, f := range urlPathFormats {
		if f.host != "" && !scHostIs(s[hostStart:host], f.host) || f.needle != "" && scIndexAt(s, f.needle, host, end) < 0 {
			continue
		}
		loc := scFindSubmatchIndex(f.re, s[host:end])
		if loc == nil || loc[2] < 0 {
			continue
		}
		valStart, valEnd := host+loc[2], host+loc[3]
		if scPlaceholder(string(s[valStart:valEnd])) {
			continue
		}
		masked := scMask("", string(s[valStart:valEnd]))
		return secretMatch{start: start, end: valEnd, valStart: valStart, valEnd: valEnd,
			kind:   f.kind + " in a URL (" + string(s[hostStart:host]) + ")",
			masked: masked, replacement: masked}, true
	}
	return secretMatch{}, false
}

// scHostIs reports whether host, without a port, is domain or a
// subdomain of it, ignoring ASCII case.
func scHostIs[T scText](host T, domain string) bool {
	n := len(host)
	for k := 0; k < len(host); k++ {
		if host[k] == ':' {
			n = k
			break
		}
	}
	k := n - len(domain)
	return k >= 0 && scEqualFoldAt(host[:n], k, domain) && (k == 0 || host[k-1] == '.')
}

// scWebhookLabelBefore reports whether the text right before a URL that
// starts at s[start] labels it as a webhook: a word of scWebhookLabels,
// perhaps followed by one of scURLNouns, then only a colon, an equals
// sign, an arrow, quotes, brackets or emphasis ("Deploy webhook: ",
// "**Webhook URL:** ", "SLACK_WEBHOOK_URL=", "webhook → "). It returns
// where the label's webhook word starts.
func scWebhookLabelBefore[T scText](s T, start int) (int, bool) {
	p := start
	for p > 0 && start-p < 16 {
		switch {
		case strings.IndexByte(" \t:=`'\"(<[*>-", s[p-1]) >= 0:
			p--
			continue
		}
		if k, ok := scSuffixAt(s, p, scLabelArrows); ok {
			p = k
			continue
		}
		break
	}
	if p == start || p == 0 {
		return 0, false
	}
	if k, ok := scSuffixAt(s, p, scURLNouns); ok {
		p = k
		if p > 0 && (s[p-1] == ' ' || s[p-1] == '_' || s[p-1] == '-') {
			p--
		}
	}
	return scSuffixAt(s, p, scWebhookLabels)
}

// scSuffixAt returns where a word of words that ends at s[p] starts,
// comparing ASCII letters without case (the words' ASCII letters are
// lowercase).
func scSuffixAt[T scText](s T, p int, words []string) (int, bool) {
	for _, w := range words {
		k := p - len(w)
		if k < 0 {
			continue
		}
		match := true
		for j := 0; j < len(w); j++ {
			c := s[k+j]
			if scUpper(c) {
				c += 'a' - 'A'
			}
			if c != w[j] {
				match = false
				break
			}
		}
		if match {
			return k, true
		}
	}
	return 0, false
}
