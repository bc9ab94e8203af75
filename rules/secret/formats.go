package secret

import (
	"github.com/memlint/memlint/internal/lazyre"
)

// The provider token formats, one table. formats_test.go has a true and a
// false sample of each, and fails for a format without them.

// tokenFormat is one kind of provider token.
type tokenFormat struct {
	kind   string // what the message calls it
	prefix string // literal start; not secret, shown in the masked form
	// re matches the whole token at its start (it begins with ^ and the
	// prefix).
	re *lazyre.Regexp
	// minEntropy is the least Shannon entropy, in bits per character, of
	// the part after the prefix: real tokens are random, placeholders are
	// not.
	minEntropy float64
	// valid, when set, is a further check of the whole token (a checksum).
	valid func(token string) bool
	// paired says that the token is the public half of a pair whose
	// secret half, unlabelled, often follows it on the same or the next
	// line (an AWS key ID, then its secret access key): see awsSecretAfter.
	paired bool
}

// scMaxTokenLen bounds how far a token is matched.
const scMaxTokenLen = 400

// tokenFormats are the provider tokens detected by format. Where two share
// a prefix, the longer prefix comes first.
var tokenFormats = []*tokenFormat{
	{kind: "AWS access key ID", prefix: "AKIA", re: lazyre.New(`^AKIA[A-Z2-7]{16}`), minEntropy: 2.5, paired: true},
	{kind: "AWS temporary access key ID", prefix: "ASIA", re: lazyre.New(`^ASIA[A-Z2-7]{16}`), minEntropy: 2.5, paired: true},
	{kind: "Google API key", prefix: "AIza", re: lazyre.New(`^AIza[0-9A-Za-z_-]{35}`), minEntropy: 3.5},
	{kind: "Google OAuth client secret", prefix: "GOCSPX-", re: lazyre.New(`^GOCSPX-[0-9A-Za-z_-]{28}`), minEntropy: 3.5},
	{kind: "Google OAuth access token", prefix: "ya29.", re: lazyre.New(`^ya29\.[0-9A-Za-z_-]{30,}`), minEntropy: 3.5},
	{kind: "Anthropic API key", prefix: "sk-ant-api03-", re: lazyre.New(`^sk-ant-api03-[A-Za-z0-9_-]{80,}`), minEntropy: 4},
	{kind: "Anthropic Admin API key", prefix: "sk-ant-admin01-", re: lazyre.New(`^sk-ant-admin01-[A-Za-z0-9_-]{80,}`), minEntropy: 4},
	{kind: "Anthropic OAuth access token", prefix: "sk-ant-oat01-", re: lazyre.New(`^sk-ant-oat01-[A-Za-z0-9_-]{80,}`), minEntropy: 4},
	{kind: "Anthropic OAuth refresh token", prefix: "sk-ant-ort01-", re: lazyre.New(`^sk-ant-ort01-[A-Za-z0-9_-]{80,}`), minEntropy: 4},
	{kind: "OpenAI project API key", prefix: "sk-proj-", re: lazyre.New(`^sk-proj-[A-Za-z0-9_-]{40,}`), minEntropy: 4},
	{kind: "OpenAI service account key", prefix: "sk-svcacct-", re: lazyre.New(`^sk-svcacct-[A-Za-z0-9_-]{40,}`), minEntropy: 4},
	{kind: "OpenAI admin key", prefix: "sk-admin-", re: lazyre.New(`^sk-admin-[A-Za-z0-9_-]{40,}`), minEntropy: 4},
	{kind: "OpenRouter API key", prefix: "sk-or-v1-", re: lazyre.New(`^sk-or-v1-[0-9a-f]{64}`), minEntropy: 3},
	// Legacy OpenAI keys carry "T3BlbkFJ" (base64 of "OpenAI") in the
	// middle; without it "sk-" + 48 characters is too common a shape.
	{kind: "OpenAI API key", prefix: "sk-", re: lazyre.New(`^sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}`), minEntropy: 3.5},
	{kind: "Stripe live secret key", prefix: "sk_live_", re: lazyre.New(`^sk_live_[0-9A-Za-z]{24,}`), minEntropy: 3.5},
	{kind: "Stripe live restricted key", prefix: "rk_live_", re: lazyre.New(`^rk_live_[0-9A-Za-z]{24,}`), minEntropy: 3.5},
	// Test-mode keys still read and write the account's test data,
	// webhooks and settings: they are credentials too.
	{kind: "Stripe test secret key", prefix: "sk_test_", re: lazyre.New(`^sk_test_[0-9A-Za-z]{24,}`), minEntropy: 3.5},
	{kind: "Stripe test restricted key", prefix: "rk_test_", re: lazyre.New(`^rk_test_[0-9A-Za-z]{24,}`), minEntropy: 3.5},
	{kind: "Stripe webhook signing secret", prefix: "whsec_", re: lazyre.New(`^whsec_[A-Za-z0-9+/]{32,}={0,2}`), minEntropy: 3.5},
	{kind: "Shopify access token", prefix: "shpat_", re: lazyre.New(`^shpat_[a-fA-F0-9]{32}`), minEntropy: 3},
	{kind: "Shopify custom app access token", prefix: "shpca_", re: lazyre.New(`^shpca_[a-fA-F0-9]{32}`), minEntropy: 3},
	{kind: "Shopify private app password", prefix: "shppa_", re: lazyre.New(`^shppa_[a-fA-F0-9]{32}`), minEntropy: 3},
	{kind: "Shopify shared secret", prefix: "shpss_", re: lazyre.New(`^shpss_[a-fA-F0-9]{32}`), minEntropy: 3},
	// Classic GitHub tokens end in a CRC32 checksum of their random part:
	// checking it tells a real token from a made-up one of the same shape.
	{kind: "GitHub personal access token (classic)", prefix: "ghp_", re: lazyre.New(`^ghp_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub OAuth access token", prefix: "gho_", re: lazyre.New(`^gho_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub user-to-server token", prefix: "ghu_", re: lazyre.New(`^ghu_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub server-to-server (app installation) token", prefix: "ghs_", re: lazyre.New(`^ghs_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub refresh token", prefix: "ghr_", re: lazyre.New(`^ghr_[A-Za-z0-9]{36,251}`), valid: githubChecksumOK},
	{kind: "GitHub fine-grained personal access token", prefix: "github_pat_", re: lazyre.New(`^github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}`), minEntropy: 4},
	{kind: "GitLab personal access token", prefix: "glpat-", re: lazyre.New(`^glpat-[A-Za-z0-9_-]{20,}(?:\.[0-9a-z]{2}\.[0-9a-z]{9})?`), minEntropy: 3.5},
	{kind: "GitLab pipeline trigger token", prefix: "glptt-", re: lazyre.New(`^glptt-[A-Za-z0-9_-]{20,}`), minEntropy: 3},
	{kind: "GitLab deploy token", prefix: "gldt-", re: lazyre.New(`^gldt-[A-Za-z0-9_-]{20,}`), minEntropy: 3.5},
	{kind: "GitLab runner token", prefix: "glrt-", re: lazyre.New(`^glrt-[A-Za-z0-9_.-]{20,}`), minEntropy: 3.5},
	{kind: "Groq API key", prefix: "gsk_", re: lazyre.New(`^gsk_[A-Za-z0-9]{52}`), minEntropy: 4},
	{kind: "Slack bot token", prefix: "xoxb-", re: lazyre.New(`^xoxb-[0-9]{8,}-[0-9A-Za-z-]{16,}`), minEntropy: 3},
	{kind: "Slack user token", prefix: "xoxp-", re: lazyre.New(`^xoxp-[0-9]{8,}-[0-9A-Za-z-]{16,}`), minEntropy: 3},
	{kind: "Slack workspace token", prefix: "xoxa-", re: lazyre.New(`^xoxa-[0-9]+-[0-9A-Za-z-]{16,}`), minEntropy: 3},
	{kind: "Slack refresh token", prefix: "xoxr-", re: lazyre.New(`^xoxr-[0-9]+-[0-9A-Za-z-]{16,}`), minEntropy: 3},
	{kind: "Slack rotating token", prefix: "xoxe.", re: lazyre.New(`^xoxe\.xox[bp]-[0-9]-[0-9A-Za-z-]{40,}`), minEntropy: 3},
	{kind: "Slack app-level token", prefix: "xapp-", re: lazyre.New(`^xapp-[0-9]-[A-Z0-9]+-[0-9]+-[0-9a-f]{32,}`), minEntropy: 3},
	// Webhook URLs post into a channel without further authentication:
	// the URL is the credential. Matched from the host, whatever the scheme.
	{kind: "Slack webhook URL", prefix: "hooks.slack.com/", re: lazyre.New(`^hooks\.slack\.com/(?:services|workflows|triggers)/T[A-Z0-9]{6,}/[A-Z0-9]{6,}/[A-Za-z0-9]{20,}`), minEntropy: 3.5},
	{kind: "Discord webhook URL", prefix: "discord.com/api/webhooks/", re: lazyre.New(`^discord\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,}`), minEntropy: 3.5},
	{kind: "Discord webhook URL", prefix: "discordapp.com/api/webhooks/", re: lazyre.New(`^discordapp\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,}`), minEntropy: 3.5},
	{kind: "npm access token", prefix: "npm_", re: lazyre.New(`^npm_[A-Za-z0-9]{36}`), minEntropy: 4},
	{kind: "PyPI API token", prefix: "pypi-AgEIcHlwaS5vcmc", re: lazyre.New(`^pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`), minEntropy: 4},
	{kind: "TestPyPI API token", prefix: "pypi-AgENdGVzdC5weXBpLm9yZw", re: lazyre.New(`^pypi-AgENdGVzdC5weXBpLm9yZw[A-Za-z0-9_-]{50,}`), minEntropy: 4},
	{kind: "SendGrid API key", prefix: "SG.", re: lazyre.New(`^SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}`), minEntropy: 4},
	{kind: "Hugging Face access token", prefix: "hf_", re: lazyre.New(`^hf_[A-Za-z]{34}`), minEntropy: 3.5},
	{kind: "Linear API key", prefix: "lin_api_", re: lazyre.New(`^lin_api_[A-Za-z0-9]{40}`), minEntropy: 4},
	{kind: "DigitalOcean personal access token", prefix: "dop_v1_", re: lazyre.New(`^dop_v1_[a-f0-9]{64}`), minEntropy: 3},
	{kind: "DigitalOcean OAuth token", prefix: "doo_v1_", re: lazyre.New(`^doo_v1_[a-f0-9]{64}`), minEntropy: 3},
	{kind: "Notion integration token", prefix: "ntn_", re: lazyre.New(`^ntn_[A-Za-z0-9]{40,}`), minEntropy: 4},
	{kind: "Atlassian API token", prefix: "ATATT3xFfGF0", re: lazyre.New(`^ATATT3xFfGF0[A-Za-z0-9_=-]{100,}`), minEntropy: 4},
}

// urlPathFormat is a webhook or bot API URL whose credential is a part of
// its path in a known form: too short (Zapier) or too plain for the
// generic test of a webhook URL's path, or on any host (a Telegram bot
// token, which proxies and self-hosted Bot API servers carry too).
type urlPathFormat struct {
	kind string // what the message calls it
	// host is the host or the end of it ("zapier.com" matches
	// hooks.zapier.com); "" for any host.
	host string
	// needle, when set, is a string the path must hold before re is run
	// (for a format of any host, so that most URLs cost no regexp).
	needle string
	// re is searched in the URL's path, from the "/" after the host; its
	// first group is the credential.
	re *lazyre.Regexp
}

// urlPathFormats are the webhook URLs recognised by their path. A
// format's credential must also pass scPlaceholder: "/hooks/catch/123456/
// abcdef/" is documentation.
var urlPathFormats = []urlPathFormat{
	{kind: "Telegram bot token", needle: "/bot", re: lazyre.New(`/bot([0-9]{8,10}:[A-Za-z0-9_-]{35})(?:[/?#]|$)`)},
	{kind: "Zapier catch hook", host: "hooks.zapier.com", re: lazyre.New(`^/hooks/catch/([0-9]{4,12}/[A-Za-z0-9]{5,12})(?:[/?#]|$)`)},
	{kind: "IFTTT webhook key", host: "maker.ifttt.com", re: lazyre.New(`^/(?:trigger/[^/?#]+/(?:json/)?with/key|use)/([A-Za-z0-9_-]{20,64})(?:[/?#]|$)`)},
}
