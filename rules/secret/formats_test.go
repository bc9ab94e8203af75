package secret

import (
	"strings"
	"testing"
)

// formatSample makes, for one provider token format, a fake token the rule
// must find (real) and a near miss it must leave alone (near): one
// character short, a wrong checksum, a missing marker. Both are made at
// run time from a seeded generator and carry the marker MemLint (MEMLINT in
// upper-case alphabets) where the format's alphabet has room, so that this
// file holds nothing a secret scanner would flag.
type formatSample struct {
	real, near func(g *fakeGen) string
}

const (
	letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digits  = "0123456789"
)

// fake returns n characters of alphabet, starting with the fake marker
// when the alphabet holds its letters.
func (g *fakeGen) fake(alphabet string, n int) string {
	for _, mark := range []string{"MemLint", "MEMLINT"} {
		if n >= len(mark)+16 && strings.Trim(mark, alphabet) == "" {
			return mark + g.str(alphabet, n-len(mark))
		}
	}
	return g.str(alphabet, n)
}

// fixed is a format of prefix and n characters of alphabet; near is one
// character short.
func fixed(prefix, alphabet string, n int) formatSample {
	return formatSample{
		real: func(g *fakeGen) string { return prefix + g.fake(alphabet, n) },
		near: func(g *fakeGen) string { return prefix + g.fake(alphabet, n-1) },
	}
}

// github is a classic GitHub token; near has its checksum off by one
// character.
func github(prefix string) formatSample {
	return formatSample{
		real: func(g *fakeGen) string { return g.github(prefix) },
		near: func(g *fakeGen) string {
			tok := g.github(prefix)
			last := tok[len(tok)-1]
			return tok[:len(tok)-1] + string(alnum[(strings.IndexByte(alnum, last)+1)%len(alnum)])
		},
	}
}

// parts is a format of prefix and parts made by each function, the last of
// which near makes one character short.
func parts(prefix string, last func(g *fakeGen, short int) string, first ...func(g *fakeGen) string) formatSample {
	build := func(g *fakeGen, short int) string {
		s := prefix
		for _, f := range first {
			s += f(g)
		}
		return s + last(g, short)
	}
	return formatSample{
		real: func(g *fakeGen) string { return build(g, 0) },
		near: func(g *fakeGen) string { return build(g, 1) },
	}
}

func str(alphabet string, n int) func(*fakeGen) string {
	return func(g *fakeGen) string { return g.str(alphabet, n) }
}

func lit(s string) func(*fakeGen) string { return func(*fakeGen) string { return s } }

func tail(alphabet string, n int) func(*fakeGen, int) string {
	return func(g *fakeGen, short int) string { return g.fake(alphabet, n-short) }
}

// formatSamples has the samples of every entry of tokenFormats, by prefix.
var formatSamples = map[string]formatSample{
	"AKIA":            fixed("AKIA", base32, 16),
	"ASIA":            fixed("ASIA", base32, 16),
	"AIza":            fixed("AIza", b64url, 35),
	"GOCSPX-":         fixed("GOCSPX-", b64url, 28),
	"ya29.":           {real: fixed("ya29.", b64url, 120).real, near: fixed("ya29.", b64url, 30).near},
	"sk-ant-api03-":   {real: fixed("sk-ant-api03-", b64url, 95).real, near: fixed("sk-ant-api03-", b64url, 80).near},
	"sk-ant-admin01-": {real: fixed("sk-ant-admin01-", b64url, 95).real, near: fixed("sk-ant-admin01-", b64url, 80).near},
	"sk-ant-oat01-":   {real: fixed("sk-ant-oat01-", b64url, 95).real, near: fixed("sk-ant-oat01-", b64url, 80).near},
	"sk-ant-ort01-":   {real: fixed("sk-ant-ort01-", b64url, 95).real, near: fixed("sk-ant-ort01-", b64url, 80).near},
	"sk-proj-":        {real: fixed("sk-proj-", b64url, 156).real, near: fixed("sk-proj-", b64url, 40).near},
	"sk-svcacct-":     {real: fixed("sk-svcacct-", b64url, 156).real, near: fixed("sk-svcacct-", b64url, 40).near},
	"sk-admin-":       {real: fixed("sk-admin-", b64url, 156).real, near: fixed("sk-admin-", b64url, 40).near},
	"sk-or-v1-":       fixed("sk-or-v1-", hexLow, 64),
	// The legacy OpenAI key is only one with "T3BlbkFJ" in the middle.
	"sk-": {
		real: func(g *fakeGen) string { return "sk-" + g.str(alnum, 20) + "T3BlbkFJ" + g.str(alnum, 20) },
		near: func(g *fakeGen) string { return "sk-" + g.fake(alnum, 48) },
	},
	"sk_live_": fixed("sk_live_", alnum, 24),
	"rk_live_": fixed("rk_live_", alnum, 24),
	"sk_test_": fixed("sk_test_", alnum, 24),
	"rk_test_": fixed("rk_test_", alnum, 24),
	"whsec_":   fixed("whsec_", b64std, 32),
	"shpat_":   fixed("shpat_", hexLow, 32),
	"shpca_":   fixed("shpca_", hexLow, 32),
	"shppa_":   fixed("shppa_", hexLow, 32),
	"shpss_":   fixed("shpss_", hexLow, 32),
	"ghp_":     github("ghp_"),
	"gho_":     github("gho_"),
	"ghu_":     github("ghu_"),
	"ghs_":     github("ghs_"),
	"ghr_":     github("ghr_"),
	"github_pat_": parts("github_pat_", tail(alnum, 59), func(g *fakeGen) string {
		return g.fake(alnum, 22) + "_"
	}),
	"glpat-": fixed("glpat-", b64url, 20),
	"glptt-": fixed("glptt-", b64url, 20),
	"gldt-":  fixed("gldt-", b64url, 20),
	"glrt-":  fixed("glrt-", b64url+".", 20),
	"gsk_":   fixed("gsk_", alnum, 52),
	// Slack bot and user tokens need eight digits in their first part.
	"xoxb-": {
		real: func(g *fakeGen) string { return "xoxb-" + g.digits(12) + "-" + g.digits(13) + "-" + g.fake(alnum, 24) },
		near: func(g *fakeGen) string { return "xoxb-" + g.digits(7) + "-" + g.fake(alnum, 24) },
	},
	"xoxp-": {
		real: func(g *fakeGen) string { return "xoxp-" + g.digits(12) + "-" + g.digits(12) + "-" + g.fake(alnum, 24) },
		near: func(g *fakeGen) string { return "xoxp-" + g.digits(7) + "-" + g.fake(alnum, 24) },
	},
	"xoxa-": parts("xoxa-", tail(alnum, 16), str(digits, 1), lit("-")),
	"xoxr-": parts("xoxr-", tail(alnum, 16), str(digits, 1), lit("-")),
	"xoxe.": parts("xoxe.", tail(alnum, 40), lit("xoxp-1-")),
	"xapp-": parts("xapp-", tail(hexLow, 32), lit("1-A"), str(upperNo, 10), lit("-"), str(digits, 13), lit("-")),
	"hooks.slack.com/": {
		real: parts("hooks.slack.com/", tail(alnum, 24), lit("services/T"), str(upperNo, 10), lit("/B"), str(upperNo, 10), lit("/")).real,
		near: parts("hooks.slack.com/", tail(alnum, 20), lit("services/T"), str(upperNo, 10), lit("/B"), str(upperNo, 10), lit("/")).near,
	},
	"discord.com/api/webhooks/": {
		real: parts("discord.com/api/webhooks/", tail(b64url, 68), str(digits, 18), lit("/")).real,
		near: parts("discord.com/api/webhooks/", tail(b64url, 60), str(digits, 18), lit("/")).near,
	},
	"discordapp.com/api/webhooks/": {
		real: parts("discordapp.com/api/webhooks/", tail(b64url, 68), str(digits, 18), lit("/")).real,
		near: parts("discordapp.com/api/webhooks/", tail(b64url, 60), str(digits, 18), lit("/")).near,
	},
	"npm_": fixed("npm_", alnum, 36),
	"pypi-AgEIcHlwaS5vcmc": {
		real: fixed("pypi-AgEIcHlwaS5vcmc", b64url, 150).real, near: fixed("pypi-AgEIcHlwaS5vcmc", b64url, 50).near,
	},
	"pypi-AgENdGVzdC5weXBpLm9yZw": {
		real: fixed("pypi-AgENdGVzdC5weXBpLm9yZw", b64url, 150).real, near: fixed("pypi-AgENdGVzdC5weXBpLm9yZw", b64url, 50).near,
	},
	"SG.":      parts("SG.", tail(b64url, 43), str(b64url, 22), lit(".")),
	"hf_":      fixed("hf_", letters, 34),
	"lin_api_": fixed("lin_api_", alnum, 40),
	"dop_v1_":  fixed("dop_v1_", hexLow, 64),
	"doo_v1_":  fixed("doo_v1_", hexLow, 64),
	"ntn_":     {real: fixed("ntn_", alnum, 46).real, near: fixed("ntn_", alnum, 40).near},
	"ATATT3xFfGF0": {
		real: func(g *fakeGen) string { return "ATATT3xFfGF0" + g.fake(b64url, 170) + "=" + g.str(hexLow, 8) },
		near: fixed("ATATT3xFfGF0", b64url, 100).near,
	},
}

// TestEveryFormatHasSamples iterates the format table itself: a format
// added without samples fails here. Each real sample is found once, as
// that format, in prose and in the text around it; each near miss is not
// found at all.
func TestEveryFormatHasSamples(t *testing.T) {
	prefixes := map[string]bool{}
	for _, f := range tokenFormats {
		prefixes[f.prefix] = true
		s, ok := formatSamples[f.prefix]
		if !ok {
			t.Errorf("format %q (%s) has no true and false sample in formatSamples", f.prefix, f.kind)
			continue
		}
		for seed := uint64(1); seed <= 10; seed++ {
			g := newFakeGen(seed)
			tok := s.real(g)
			text := "the value " + tok + " was pasted here"
			ms := findAll(text)
			switch {
			case len(ms) != 1:
				t.Errorf("%s: true sample %q: %d findings, want 1", f.kind, tok, len(ms))
			case ms[0].kind != f.kind || !strings.HasPrefix(ms[0].masked, f.prefix):
				t.Errorf("%s: true sample %q found as %q (%s)", f.kind, tok, ms[0].kind, ms[0].masked)
			case text[ms[0].start:ms[0].end] != tok:
				t.Errorf("%s: true sample %q: the finding covers %q", f.kind, tok, text[ms[0].start:ms[0].end])
			case strings.Contains(Redact(text), tok[len(f.prefix):]):
				t.Errorf("%s: true sample %q: Redact leaves it: %q", f.kind, tok, Redact(text))
			}
			near := s.near(g)
			if ms := findAll("the value " + near + " was pasted here"); len(ms) > 0 {
				t.Errorf("%s: false sample %q found as %s", f.kind, near, ms[0].kind)
			}
			if near == tok || !strings.HasPrefix(near, f.prefix) {
				t.Errorf("%s: false sample %q must start with the prefix and differ from the true one", f.kind, near)
			}
		}
	}
	for p := range formatSamples {
		if !prefixes[p] {
			t.Errorf("formatSamples has %q, which no format in tokenFormats has", p)
		}
	}
	if len(formatSamples) != len(tokenFormats) {
		t.Errorf("%d formats, %d with samples", len(tokenFormats), len(formatSamples))
	}
}

// urlPathSamples has, for every entry of urlPathFormats by kind, a URL
// holding a fake credential the rule must find (real) and a near miss it
// must leave alone (near).
var urlPathSamples = map[string]formatSample{
	"Telegram bot token": {
		real: func(g *fakeGen) string {
			return "https://api.telegram.org/bot" + g.digits(10) + ":AA" + g.fake(b64url, 33) + "/sendMessage"
		},
		near: func(g *fakeGen) string {
			return "https://api.telegram.org/bot" + g.digits(10) + ":AA" + g.fake(b64url, 32) + "/sendMessage"
		},
	},
	"Zapier catch hook": {
		real: func(g *fakeGen) string {
			return "https://hooks.zapier.com/hooks/catch/" + g.digits(7) + "/" + g.str("abcdefghijkmnpqrstuvwxyz", 3) + g.digits(2) + g.str("rstuvwxyz", 2) + "/"
		},
		near: func(g *fakeGen) string {
			return "https://hooks.zapier.example/hooks/catch/" + g.digits(7) + "/" + g.str("rstuvwxyz", 3) + g.digits(2) + g.str("rstuvwxyz", 2) + "/"
		},
	},
	"IFTTT webhook key": {
		real: func(g *fakeGen) string {
			return "https://maker.ifttt.com/trigger/build_done/with/key/" + g.fake(b64url, 22)
		},
		near: func(g *fakeGen) string {
			return "https://maker.ifttt.com/trigger/build_done/with/key/" + g.fake(b64url, 19)
		},
	},
}

// TestEveryURLPathFormatHasSamples iterates urlPathFormats: a format added
// without samples fails here. Each real sample is found once, as that
// format, and Redact masks its credential; each near miss is not found.
func TestEveryURLPathFormatHasSamples(t *testing.T) {
	for _, f := range urlPathFormats {
		s, ok := urlPathSamples[f.kind]
		if !ok {
			t.Errorf("URL format %s has no true and false sample in urlPathSamples", f.kind)
			continue
		}
		for seed := uint64(1); seed <= 10; seed++ {
			g := newFakeGen(seed)
			url := s.real(g)
			text := "the bot posts to " + url + " after each build"
			ms := findAll(text)
			switch {
			case len(ms) != 1:
				t.Errorf("%s: true sample %q: %d findings, want 1", f.kind, url, len(ms))
			case !strings.HasPrefix(ms[0].kind, f.kind):
				t.Errorf("%s: true sample %q found as %q", f.kind, url, ms[0].kind)
			case strings.Contains(Redact(text), text[ms[0].valStart:ms[0].valEnd]):
				t.Errorf("%s: true sample %q: Redact leaves it: %q", f.kind, url, Redact(text))
			case Redact(text[ms[0].start:ms[0].end]) == text[ms[0].start:ms[0].end]:
				t.Errorf("%s: true sample %q: Redact does not recognise the flagged text on its own", f.kind, url)
			}
			near := s.near(g)
			if ms := findAll("the bot posts to " + near + " after each build"); len(ms) > 0 {
				t.Errorf("%s: false sample %q found as %s", f.kind, near, ms[0].kind)
			}
		}
	}
	if len(urlPathSamples) != len(urlPathFormats) {
		t.Errorf("%d URL formats, %d with samples", len(urlPathFormats), len(urlPathSamples))
	}
}

// TestWebhookLabels: a URL labelled as a webhook is one, whatever the
// label's language; a label that ends in another noun is not.
func TestWebhookLabels(t *testing.T) {
	const url = "https://relay.example-corp.net/in/MemLintZ5tR8wQ1yU4iO7pA2sD6"
	for _, label := range []string{
		"Deploy webhook: ", "**Webhook URL:** `", "SLACK_WEBHOOK_URL=", "webhook → ", "Webhook-URL: ",
		"URL du webhook : ", "URL del webhook: ", "адрес вебхука: ", "웹훅 주소: ", "ウェブフックURL：", "Webhook 地址：",
	} {
		text := label + url
		ms := findAll(text)
		if len(ms) != 1 || !strings.HasPrefix(ms[0].kind, "token in a webhook URL") {
			t.Errorf("%q: %v, want one token in a webhook URL", text, ms)
			continue
		}
		if flagged := text[ms[0].start:ms[0].end]; Redact(flagged) == flagged {
			t.Errorf("%q: Redact does not recognise the flagged text %q on its own", text, flagged)
		}
	}
	for _, label := range []string{"webhook events: ", "the useAuth hook calls ", "webhook docs: ", "see the webhook section in "} {
		if ms := findAll(label + url); len(ms) != 0 {
			t.Errorf("%q: %v, want none", label+url, ms)
		}
	}
	for _, w := range append(append([]string{}, scWebhookLabels...), scURLNouns...) {
		if strings.ToLower(w) != w && strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == w {
			continue // a capital beyond ASCII, matched as written
		}
		for _, c := range w {
			if 'A' <= c && c <= 'Z' {
				t.Errorf("label word %q has an ASCII capital, which never matches", w)
			}
		}
	}
}
