package rules

import (
	"encoding/base64"
	"fmt"
	"hash/crc32"
	"math"
	"net/url"
	"regexp"
	"strings"

	"github.com/memlint/memlint/lint"
)

// Secret reports credentials written into memory: provider tokens, cloud
// keys, private key blocks, passwords in URLs and secret-looking values
// assigned to names such as password or api_key.
var Secret = &lint.Rule{
	ID:       "secret",
	Severity: lint.Error,
	Summary:  "a credential (API token, cloud key, private key, password) is written in memory",
	Doc: `Memory is not a safe place for a credential. MEMORY.md is loaded into every
conversation and topic files are recalled into them, so a token in memory is
sent to the model again and again, can be repeated into logs, commits and pull
requests, and, when the memory is committed (team memory, ` + "`.claude/memory/`" + `,
subagent memory), is shared with everyone who can read the repository, for
ever: deleting the line does not remove it from git history. Claude Code's own
instructions say team memory must never hold API keys or credentials.

The rule looks everywhere in every file of the memory dir (the index, topic
files with their frontmatter, daily logs, code blocks included) for:

- provider tokens recognised by their format: AWS access key IDs, Google API
  keys and OAuth secrets, Anthropic and OpenAI API keys, GitHub tokens (classic
  ones only when their built-in checksum is right, and fine-grained ones),
  GitLab, Slack (tokens and webhook URLs), Discord webhooks, npm, PyPI, Stripe,
  SendGrid, Hugging Face, Linear, DigitalOcean, Shopify, Groq, OpenRouter,
  Notion and Atlassian tokens;
- private key blocks (` + "`-----BEGIN … PRIVATE KEY-----`" + ` with a key in them);
- passwords in URLs (` + "`scheme://user:password@host`" + `);
- values that look random (long enough, mixed characters, high entropy) assigned
  to a name such as ` + "`password`" + `, ` + "`secret`" + `, ` + "`token`" + `, ` + "`api_key`" + ` or ` + "`access_key`" + `,
  with AWS secret keys, Azure account keys and Twilio auth tokens named as such.

Placeholders and examples are left alone: ` + "`${DB_PASSWORD}`" + `, ` + "`<your token>`" + `,
` + "`sk-...`" + `, ` + "`ghp_xxx`" + `, AWS's documented example keys, values containing
"example", "dummy" or "changeme", environment lookups such as
` + "`os.environ[\"X\"]`" + `, and ` + "`user:password@`" + ` spelt literally.

Every output format shows the secret masked: its recognisable prefix and at
most its last four characters (` + "`ghp_…wXyz`" + `), never the whole value.

Bad:

    Deploys use GITHUB_TOKEN=ghp_… (the classic token itself, pasted in full)

Good:

    Deploys use the CI deploy token: 1Password, vault "Engineering",
    item "GitHub deploy token". Never paste it here.

Fix: treat the credential as leaked: revoke or rotate it first, since it may
already have been loaded into conversations or pushed. Then delete it from the
file (and from git history if it was committed) and keep a pointer to where
the secret lives instead. A false positive can be silenced with
` + "`<!-- memlint-disable-next-line secret -- reason -->`" + `.`,
	Run: runSecret,
}

const (
	secretWhy = "memory is loaded into every future conversation and, once committed, shared with everyone who can read the repository"
	secretHow = "rotate (revoke) the credential first, since it must be treated as leaked; then delete it here (and from git history if committed) and keep a pointer to where it lives instead, e.g. “deploy token: 1Password item ‘CI deploy’”"
)

func runSecret(pass *lint.Pass) {
	check := func(f *lint.File) {
		if f.Lines == nil {
			return
		}
		scanSecrets(f.Src, false, func(m secretMatch) {
			pass.ReportSpan(f, lint.Span{Start: m.start, End: m.end},
				fmt.Sprintf("%s (%s): %s", m.kind, m.masked, secretWhy), secretHow)
		})
	}
	if idx := pass.Dir.Index; idx != nil {
		check(idx)
	}
	for _, f := range pass.Dir.Topics {
		check(f)
	}
	for _, f := range pass.Dir.Logs {
		check(f)
	}
}

// Redact masks every secret the rule would find in s the way its findings
// show them (ghp_…wXyz). The engine applies it to the message, suggestion
// and flagged text of every finding, whatever rule made it. It returns s
// itself, without allocating, when s holds no secret, and
// Redact(Redact(s)) == Redact(s): a masked form is never taken for a secret.
//
// Unlike the rule it also masks a token that a message has cut short with
// "…" or that ends the string, so a clipped quote cannot show most of one.
func Redact(s string) string {
	var b strings.Builder
	last := 0
	scanSecrets(s, true, func(m secretMatch) {
		b.WriteString(s[last:m.valStart])
		b.WriteString(scSafeReplacement(m.replacement, s[m.valEnd:]))
		last = m.valEnd
	})
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// scSafeReplacement drops the last characters a mask shows when, with
// the text after it, they would read as the start of another secret: a
// Google token ending in "ya29" before ".0000…" would otherwise leave
// "ya29.0000…", which a second Redact masks again.
func scSafeReplacement(mask, after string) string {
	k := strings.LastIndex(mask, "…")
	if k < 0 || k+len("…") == len(mask) {
		return mask
	}
	tail := mask[k+len("…"):]
	misread := false
	scanSecrets(tail+after[:min(len(after), scMaxTokenLen)], true, func(m secretMatch) {
		misread = misread || m.start < len(tail)
	})
	if misread {
		return mask[:k+len("…")]
	}
	return mask
}

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
)

var scByteClass = func() (t [256]uint8) {
	t[':'], t['='] = scAssign, scAssign
	t['-'] = scDash
	for _, f := range tokenFormats {
		t[f.prefix[0]] = scTokenFirst
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
// start: a ':' or '=', a "--", or a word starting with the first two
// letters of a token prefix. resume is where the scan goes on after it;
// class is scOther when there is none. This loop is where the rule spends
// its time on text without secrets: a few table lookups per byte and a
// branch taken only at candidates.
func scNextTrigger[T scText](s T, i int) (at, resume int, class uint8) {
	for ; i < len(s); i++ {
		var inWord uint8
		if i > 0 {
			inWord = scWordIndex[s[i-1]]
		}
		var next byte
		if i+1 < len(s) {
			next = s[i+1]
		}
		if !scPairs[scPairRow[inWord][s[i]]][next] {
			continue
		}
		switch class := scByteClass[s[i]]; class {
		case scAssign, scDash:
			return i, i + 1, class
		case scTokenFirst:
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

// ---------------------------------------------------------------------------
// Provider tokens, recognised by a literal prefix

// tokenFormat is one kind of provider token.
type tokenFormat struct {
	kind   string // what the message calls it
	prefix string // literal start; not secret, shown in the masked form
	// re matches the whole token at its start (it begins with ^ and the
	// prefix).
	re *regexp.Regexp
	// minEntropy is the least Shannon entropy, in bits per character, of
	// the part after the prefix: real tokens are random, placeholders are
	// not.
	minEntropy float64
	// valid, when set, is a further check of the whole token (a checksum).
	valid func(token string) bool
}

// scMaxTokenLen bounds how far a token is matched.
const scMaxTokenLen = 400

// tokenFormats are the provider tokens detected by format. Where two share
// a prefix, the longer prefix comes first.
var tokenFormats = []*tokenFormat{
	{kind: "AWS access key ID", prefix: "AKIA", re: regexp.MustCompile(`^AKIA[A-Z2-7]{16}`), minEntropy: 2.5},
	{kind: "AWS temporary access key ID", prefix: "ASIA", re: regexp.MustCompile(`^ASIA[A-Z2-7]{16}`), minEntropy: 2.5},
	{kind: "Google API key", prefix: "AIza", re: regexp.MustCompile(`^AIza[0-9A-Za-z_-]{35}`), minEntropy: 3.5},
	{kind: "Google OAuth client secret", prefix: "GOCSPX-", re: regexp.MustCompile(`^GOCSPX-[0-9A-Za-z_-]{28}`), minEntropy: 3.5},
	{kind: "Google OAuth access token", prefix: "ya29.", re: regexp.MustCompile(`^ya29\.[0-9A-Za-z_-]{30,}`), minEntropy: 3.5},
	{kind: "Anthropic API key", prefix: "sk-ant-api03-", re: regexp.MustCompile(`^sk-ant-api03-[A-Za-z0-9_-]{80,}`), minEntropy: 4},
	{kind: "Anthropic Admin API key", prefix: "sk-ant-admin01-", re: regexp.MustCompile(`^sk-ant-admin01-[A-Za-z0-9_-]{80,}`), minEntropy: 4},
	{kind: "Anthropic OAuth access token", prefix: "sk-ant-oat01-", re: regexp.MustCompile(`^sk-ant-oat01-[A-Za-z0-9_-]{80,}`), minEntropy: 4},
	{kind: "Anthropic OAuth refresh token", prefix: "sk-ant-ort01-", re: regexp.MustCompile(`^sk-ant-ort01-[A-Za-z0-9_-]{80,}`), minEntropy: 4},
	{kind: "OpenAI project API key", prefix: "sk-proj-", re: regexp.MustCompile(`^sk-proj-[A-Za-z0-9_-]{40,}`), minEntropy: 4},
	{kind: "OpenAI service account key", prefix: "sk-svcacct-", re: regexp.MustCompile(`^sk-svcacct-[A-Za-z0-9_-]{40,}`), minEntropy: 4},
	{kind: "OpenAI admin key", prefix: "sk-admin-", re: regexp.MustCompile(`^sk-admin-[A-Za-z0-9_-]{40,}`), minEntropy: 4},
	{kind: "OpenRouter API key", prefix: "sk-or-v1-", re: regexp.MustCompile(`^sk-or-v1-[0-9a-f]{64}`), minEntropy: 3},
	// Legacy OpenAI keys carry "T3BlbkFJ" (base64 of "OpenAI") in the
	// middle; without it "sk-" + 48 characters is too common a shape.
	{kind: "OpenAI API key", prefix: "sk-", re: regexp.MustCompile(`^sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}`), minEntropy: 3.5},
	{kind: "Stripe live secret key", prefix: "sk_live_", re: regexp.MustCompile(`^sk_live_[0-9A-Za-z]{24,}`), minEntropy: 3.5},
	{kind: "Stripe live restricted key", prefix: "rk_live_", re: regexp.MustCompile(`^rk_live_[0-9A-Za-z]{24,}`), minEntropy: 3.5},
	// Test-mode keys still read and write the account's test data,
	// webhooks and settings: they are credentials too.
	{kind: "Stripe test secret key", prefix: "sk_test_", re: regexp.MustCompile(`^sk_test_[0-9A-Za-z]{24,}`), minEntropy: 3.5},
	{kind: "Stripe test restricted key", prefix: "rk_test_", re: regexp.MustCompile(`^rk_test_[0-9A-Za-z]{24,}`), minEntropy: 3.5},
	{kind: "Stripe webhook signing secret", prefix: "whsec_", re: regexp.MustCompile(`^whsec_[A-Za-z0-9+/]{32,}={0,2}`), minEntropy: 3.5},
	{kind: "Shopify access token", prefix: "shpat_", re: regexp.MustCompile(`^shpat_[a-fA-F0-9]{32}`), minEntropy: 3},
	{kind: "Shopify custom app access token", prefix: "shpca_", re: regexp.MustCompile(`^shpca_[a-fA-F0-9]{32}`), minEntropy: 3},
	{kind: "Shopify private app password", prefix: "shppa_", re: regexp.MustCompile(`^shppa_[a-fA-F0-9]{32}`), minEntropy: 3},
	{kind: "Shopify shared secret", prefix: "shpss_", re: regexp.MustCompile(`^shpss_[a-fA-F0-9]{32}`), minEntropy: 3},
	// Classic GitHub tokens end in a CRC32 checksum of their random part:
	// checking it tells a real token from a made-up one of the same shape.
	{kind: "GitHub personal access token (classic)", prefix: "ghp_", re: regexp.MustCompile(`^ghp_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub OAuth access token", prefix: "gho_", re: regexp.MustCompile(`^gho_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub user-to-server token", prefix: "ghu_", re: regexp.MustCompile(`^ghu_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub server-to-server (app installation) token", prefix: "ghs_", re: regexp.MustCompile(`^ghs_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub refresh token", prefix: "ghr_", re: regexp.MustCompile(`^ghr_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub fine-grained personal access token", prefix: "github_pat_", re: regexp.MustCompile(`^github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}`), minEntropy: 4},
	{kind: "GitLab personal access token", prefix: "glpat-", re: regexp.MustCompile(`^glpat-[A-Za-z0-9_-]{20,}(?:\.[0-9a-z]{2}\.[0-9a-z]{9})?`), minEntropy: 3.5},
	{kind: "GitLab pipeline trigger token", prefix: "glptt-", re: regexp.MustCompile(`^glptt-[A-Za-z0-9_-]{20,}`), minEntropy: 3},
	{kind: "GitLab deploy token", prefix: "gldt-", re: regexp.MustCompile(`^gldt-[A-Za-z0-9_-]{20,}`), minEntropy: 3.5},
	{kind: "GitLab runner token", prefix: "glrt-", re: regexp.MustCompile(`^glrt-[A-Za-z0-9_.-]{20,}`), minEntropy: 3.5},
	{kind: "Groq API key", prefix: "gsk_", re: regexp.MustCompile(`^gsk_[A-Za-z0-9]{52}`), minEntropy: 4},
	{kind: "Slack bot token", prefix: "xoxb-", re: regexp.MustCompile(`^xoxb-[0-9]{8,}-[0-9A-Za-z-]{16,}`), minEntropy: 3},
	{kind: "Slack user token", prefix: "xoxp-", re: regexp.MustCompile(`^xoxp-[0-9]{8,}-[0-9A-Za-z-]{16,}`), minEntropy: 3},
	{kind: "Slack workspace token", prefix: "xoxa-", re: regexp.MustCompile(`^xoxa-[0-9]+-[0-9A-Za-z-]{16,}`), minEntropy: 3},
	{kind: "Slack refresh token", prefix: "xoxr-", re: regexp.MustCompile(`^xoxr-[0-9]+-[0-9A-Za-z-]{16,}`), minEntropy: 3},
	{kind: "Slack rotating token", prefix: "xoxe.", re: regexp.MustCompile(`^xoxe\.xox[bp]-[0-9]-[0-9A-Za-z-]{40,}`), minEntropy: 3},
	{kind: "Slack app-level token", prefix: "xapp-", re: regexp.MustCompile(`^xapp-[0-9]-[A-Z0-9]+-[0-9]+-[0-9a-f]{32,}`), minEntropy: 3},
	// Webhook URLs post into a channel without further authentication:
	// the URL is the credential. Matched from the host, whatever the scheme.
	{kind: "Slack webhook URL", prefix: "hooks.slack.com/", re: regexp.MustCompile(`^hooks\.slack\.com/(?:services|workflows|triggers)/T[A-Z0-9]{6,}/[A-Z0-9]{6,}/[A-Za-z0-9]{20,}`), minEntropy: 3.5},
	{kind: "Discord webhook URL", prefix: "discord.com/api/webhooks/", re: regexp.MustCompile(`^discord\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,}`), minEntropy: 3.5},
	{kind: "Discord webhook URL", prefix: "discordapp.com/api/webhooks/", re: regexp.MustCompile(`^discordapp\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,}`), minEntropy: 3.5},
	{kind: "npm access token", prefix: "npm_", re: regexp.MustCompile(`^npm_[A-Za-z0-9]{36}`), minEntropy: 4},
	{kind: "PyPI API token", prefix: "pypi-AgEIcHlwaS5vcmc", re: regexp.MustCompile(`^pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`), minEntropy: 4},
	{kind: "TestPyPI API token", prefix: "pypi-AgENdGVzdC5weXBpLm9yZw", re: regexp.MustCompile(`^pypi-AgENdGVzdC5weXBpLm9yZw[A-Za-z0-9_-]{50,}`), minEntropy: 4},
	{kind: "SendGrid API key", prefix: "SG.", re: regexp.MustCompile(`^SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}`), minEntropy: 4},
	{kind: "Hugging Face access token", prefix: "hf_", re: regexp.MustCompile(`^hf_[A-Za-z]{34}`), minEntropy: 3.5},
	{kind: "Linear API key", prefix: "lin_api_", re: regexp.MustCompile(`^lin_api_[A-Za-z0-9]{40}`), minEntropy: 4},
	{kind: "DigitalOcean personal access token", prefix: "dop_v1_", re: regexp.MustCompile(`^dop_v1_[a-f0-9]{64}`), minEntropy: 3},
	{kind: "DigitalOcean OAuth token", prefix: "doo_v1_", re: regexp.MustCompile(`^doo_v1_[a-f0-9]{64}`), minEntropy: 3},
	{kind: "Notion integration token", prefix: "ntn_", re: regexp.MustCompile(`^ntn_[A-Za-z0-9]{40,}`), minEntropy: 4},
	{kind: "Atlassian API token", prefix: "ATATT3xFfGF0", re: regexp.MustCompile(`^ATATT3xFfGF0[A-Za-z0-9_=-]{100,}`), minEntropy: 4},
}

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

// githubChecksumOK verifies the checksum of a classic GitHub token: the
// last 6 characters are the CRC32 of the characters between the prefix and
// them, in base 62, zero-padded. npm tokens are not checked this way: their
// format is not documented as precisely.
func githubChecksumOK(token string) bool {
	_, rest, ok := strings.Cut(token, "_")
	if !ok || len(rest) <= 6 {
		return false
	}
	payload, sum := rest[:len(rest)-6], rest[len(rest)-6:]
	return scBase62Pad6(crc32.ChecksumIEEE([]byte(payload))) == sum
}

const scBase62Digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// scBase62Pad6 writes n in base 62, six digits with leading zeros (a CRC32
// always fits: 62^6 > 2^32).
func scBase62Pad6(n uint32) string {
	var b [6]byte
	for i := len(b) - 1; i >= 0; i-- {
		b[i] = scBase62Digits[n%62]
		n /= 62
	}
	return string(b[:])
}

// ---------------------------------------------------------------------------
// Private key blocks

var scPrivateKeyHeader = regexp.MustCompile(`^-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----`)

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

// ---------------------------------------------------------------------------
// name = value and name: value

// scLabelKind is what a name says about the value assigned to it.
type scLabelKind int

const (
	scLabelNone      scLabelKind = iota
	scLabelPassword              // password, passwd, pwd, pass, passphrase
	scLabelToken                 // token, secret, api_key, access_key, auth, credential …
	scLabelAWSSecret             // aws_secret_access_key, SecretAccessKey
	scLabelAzureKey              // AccountKey=, SharedAccessKey= in connection strings
	scLabelTwilio                // TWILIO_AUTH_TOKEN, twilio_api_secret
)

// scKeyQualifiers are the words that make "key" a secret's name: api_key,
// secret_key, private_key, but not key_id, primary_key or sort_key.
var scKeyQualifiers = map[string]bool{
	"api": true, "access": true, "secret": true, "private": true, "signing": true, "encryption": true,
	"master": true, "account": true, "shared": true, "client": true, "app": true, "service": true,
	"license": true, "auth": true, "subscription": true, "role": true, "admin": true,
}

// scNotCredentialToken are words before "token" in names of values that
// grant nothing: pagination cursors and idempotency or change markers
// (NextToken, ContinuationToken, ChangeToken in AWS APIs).
var scNotCredentialToken = map[string]bool{
	"next": true, "continuation": true, "pagination": true, "page": true, "cursor": true, "change": true,
	"sync": true, "idempotency": true, "request": true, "update": true, "unit": true, "verification": true,
	"marker": true, "resume": true, "lock": true, "max": true, "input": true, "output": true, "prompt": true,
	"completion": true, "cache": true, "import": true, "starting": true,
}

// scSecretNames are last words of a name whose value is a secret.
var scSecretNames = map[string]scLabelKind{
	"password": scLabelPassword, "passwd": scLabelPassword, "pwd": scLabelPassword, "pass": scLabelPassword,
	"passphrase": scLabelPassword, "passcode": scLabelPassword,
	"secret": scLabelToken, "token": scLabelToken, "apikey": scLabelToken, "accesskey": scLabelToken,
	"secretkey": scLabelToken, "privatekey": scLabelToken, "credential": scLabelToken, "credentials": scLabelToken,
	"auth": scLabelToken, "authorization": scLabelToken, "authtoken": scLabelToken, "accesstoken": scLabelToken,
	"bearer": scLabelToken,
}

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
		for _, suffix := range []string{"password", "passwd"} {
			if scHasSuffix(last, suffix) {
				return scLabelPassword
			}
		}
		for _, suffix := range []string{"token", "secret", "apikey", "accesskey", "secretkey"} {
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
		return urlCredentialAt(s, i)
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

	vs, ve, end, ok := assignedValue(s, v)
	if !ok {
		return none, false
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
	if scheme, rest, ok := strings.Cut(value, " "); ok {
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
	if strings.ContainsAny(value, " \t") || scStartsWithToken(value) || strings.HasPrefix(value, "-----BEGIN") || strings.Contains(value, "://") {
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
	case kind == scLabelPassword && scLooksLikePassword(value):
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
	e := v
	for e < len(s) && e-v < 300 && !scValueEnd(s[e]) {
		e++
	}
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

// ---------------------------------------------------------------------------
// Passwords in URLs

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

// scURLPlaceholders are passwords that documentation writes in URLs.
var scURLPlaceholders = map[string]bool{
	"password": true, "passwd": true, "pass": true, "pwd": true, "secret": true, "pw": true,
	"foo": true, "bar": true, "baz": true, "test": true, "demo": true, "user": true, "username": true,
	"admin": true, "root": true, "guest": true, "postgres": true, "mysql": true, "redis": true,
	"token": true, "apikey": true, "api_key": true, "x-oauth-basic": true, "anonymous": true,
	"letmein": true, "hunter2": true, "default": true, "public": true,
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

var scLeet = strings.NewReplacer("@", "a", "4", "a", "0", "o", "$", "s", "5", "s", "3", "e", "1", "i", "!", "i", "7", "t")

// scLocalHost reports hosts of a developer's own machine or containers.
func scLocalHost(host string) bool {
	h, _, _ := strings.Cut(strings.ToLower(host), ":")
	switch h {
	case "localhost", "127.0.0.1", "0.0.0.0", "host.docker.internal", "db", "postgres", "mysql", "redis", "mongo":
		return true
	}
	return strings.HasSuffix(h, ".local") || strings.HasSuffix(h, ".localhost")
}

// ---------------------------------------------------------------------------
// What a secret looks like

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

// scPlaceholderWords mark example values. They are matched in lowercase
// anywhere in the value: a random token contains one only by rare chance.
var scPlaceholderWords = []string{
	"example", "sample", "dummy", "fake", "placeholder", "changeme", "change_me", "change-me",
	"redacted", "replace", "insert", "your", "xxxx", "notreal", "not_real", "not-real",
	"secret_here", "token_here", "key_here", "here_", "todo", "lorem", "foobar", "qwerty",
	"123456", "abcdef", "a1b2c3", "password", "passw0rd", "p@ssw0rd",
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

var (
	// A value holding a UUID is an identifier (urn:uuid:…, a session
	// ID); keys in UUID form (some services issue them) are missed,
	// knowingly.
	scUUIDAnywhere = regexp.MustCompile(`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`)
	scVersion      = regexp.MustCompile(`^v?[0-9]+(?:\.[0-9]+)+(?:[-+][0-9A-Za-z.-]+)?$`)
	scDottedName   = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$`)
	scConstantName = regexp.MustCompile(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`)
	scEmail        = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$`)
)

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

// scKnownExamples are published example credentials (documentation keys,
// the local storage emulator's fixed key, the jwt.io sample): not secrets.
var scKnownExamples = []string{
	"Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==", // Azurite
	"SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",                                              // jwt.io
	"4eC39HqLyjWDarjtT1zdp7dc",                                                                 // Stripe's documentation test key
	"JBSWY3DPEHPK3PXP",                                                                         // the usual TOTP example
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

// ---------------------------------------------------------------------------
// Byte helpers, for strings and byte slices alike

func scLower(b byte) bool { return b >= 'a' && b <= 'z' }
func scUpper(b byte) bool { return b >= 'A' && b <= 'Z' }
func scDigit(b byte) bool { return b >= '0' && b <= '9' }
func scAlpha(b byte) bool { return scLower(b) || scUpper(b) }
func scAlnum(b byte) bool { return scAlpha(b) || scDigit(b) }
func scHex(b byte) bool   { return scDigit(b) || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' }

// scWordByte: a token prefix right after one of these is inside a word.
func scWordByte(b byte) bool { return scAlnum(b) || b == '_' }

// scTokenByte: a token followed by one of these is part of something longer.
func scTokenByte(b byte) bool { return scAlnum(b) || b == '_' || b == '-' }

// scLabelByte: the characters of a name (API_KEY, client-secret, a.b).
func scLabelByte(b byte) bool { return scAlnum(b) || b == '_' || b == '-' || b == '.' }

func scBase64Byte(b byte) bool { return scAlnum(b) || b == '+' || b == '/' || b == '=' }

func scBtoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func scAllBytes(s string, ok func(byte) bool) bool {
	for k := 0; k < len(s); k++ {
		if !ok(s[k]) {
			return false
		}
	}
	return s != ""
}

func scHasPrefixAt[T scText](s T, i int, prefix string) bool {
	if i < 0 || len(s)-i < len(prefix) {
		return false
	}
	for k := 0; k < len(prefix); k++ {
		if s[i+k] != prefix[k] {
			return false
		}
	}
	return true
}

// scIndexAt returns the offset of sub in s[from:to], or -1.
func scIndexAt[T scText](s T, sub string, from, to int) int {
	for k := from; k+len(sub) <= to; k++ {
		if s[k] == sub[0] && scHasPrefixAt(s, k, sub) {
			return k
		}
	}
	return -1
}

// scContainsFold reports whether s contains the lowercase ASCII word sub,
// ignoring ASCII case.
func scContainsFold[T scText](s T, sub string) bool {
	for k := 0; k+len(sub) <= len(s); k++ {
		match := true
		for j := 0; j < len(sub); j++ {
			c := s[k+j]
			if scUpper(c) {
				c += 'a' - 'A'
			}
			if c != sub[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

func scFindIndex[T scText](re *regexp.Regexp, s T) []int {
	if b, ok := any(s).([]byte); ok {
		return re.FindIndex(b)
	}
	return re.FindStringIndex(string(s))
}

func scFindSubmatchIndex[T scText](re *regexp.Regexp, s T) []int {
	if b, ok := any(s).([]byte); ok {
		return re.FindSubmatchIndex(b)
	}
	return re.FindStringSubmatchIndex(string(s))
}
