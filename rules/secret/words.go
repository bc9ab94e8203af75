package secret

import (
	"strings"

	"github.com/memlint/memlint/internal/lazyre"
)

// Tables of placeholder passwords, placeholder words, value shapes and
// published example keys.

// scURLPlaceholders are passwords that documentation writes in URLs.
var scURLPlaceholders = map[string]bool{
	"password": true, "passwd": true, "pass": true, "pwd": true, "secret": true, "pw": true,
	"foo": true, "bar": true, "baz": true, "test": true, "demo": true, "user": true, "username": true,
	"admin": true, "root": true, "guest": true, "postgres": true, "mysql": true, "redis": true,
	"token": true, "apikey": true, "api_key": true, "x-oauth-basic": true, "anonymous": true,
	"letmein": true, "hunter2": true, "default": true, "public": true,
}

var scLeet = strings.NewReplacer("@", "a", "4", "a", "0", "o", "$", "s", "5", "s", "3", "e", "1", "i", "!", "i", "7", "t")

// scPlaceholderWords mark example values. They are matched in lowercase
// anywhere in the value: a random token contains one only by rare chance.
var scPlaceholderWords = []string{
	"example", "sample", "dummy", "fake", "placeholder", "changeme", "change_me", "change-me",
	"redacted", "replace", "insert", "your", "xxxx", "notreal", "not_real", "not-real",
	"secret_here", "token_here", "key_here", "here_", "todo", "lorem", "foobar", "qwerty",
	"123456", "abcdef", "a1b2c3", "password", "passw0rd", "p@ssw0rd",
}

var (
	// A value holding a UUID is an identifier (urn:uuid:…, a session
	// ID); keys in UUID form (some services issue them) are missed,
	// knowingly.
	scUUIDAnywhere = lazyre.New(`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`)
	scVersion      = lazyre.New(`^v?[0-9]+(?:\.[0-9]+)+(?:[-+][0-9A-Za-z.-]+)?$`)
	scDottedName   = lazyre.New(`^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$`)
	scConstantName = lazyre.New(`^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$`)
	scEmail        = lazyre.New(`^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$`)
)

// scKnownExamples are published example credentials (documentation keys,
// the local storage emulator's fixed key, the jwt.io sample): not secrets.
var scKnownExamples = []string{
	"Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==", // Azurite
	"SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",                                              // jwt.io
	"4eC39HqLyjWDarjtT1zdp7dc",                                                                 // Stripe's documentation test key
	"JBSWY3DPEHPK3PXP",                                                                         // the usual TOTP example
}

// A bare password that holds spaces or quotes is read up to the first of
// scPhraseCuts (a comment, a dash, a bracket, a new clause), at most
// scPhraseMax bytes and scPhraseMaxFields space-separated fields.
const (
	scPhraseMax       = 120
	scPhraseMaxFields = 4
)

var scPhraseCuts = []string{"  ", " #", " //", " - ", " -- ", " — ", " – ", " (", " [", " <", " |", ". ", ", ", "; "}

// scProseWords are words that make the phrase after a password's name
// prose, not a password: "see 1Password vault", "the usual one", "in
// the team vault", "stored in keychain", "ask Bob".
var scProseWords = map[string]bool{
	"a": true, "an": true, "the": true, "is": true, "was": true, "are": true, "be": true, "in": true, "at": true,
	"on": true, "for": true, "from": true, "to": true, "of": true, "and": true, "or": true, "not": true, "no": true,
	"with": true, "via": true, "by": true, "as": true, "if": true, "it": true, "its": true, "this": true, "that": true,
	"see": true, "ask": true, "use": true, "used": true, "usual": true, "same": true, "one": true, "our": true,
	"my": true, "your": true, "their": true, "stored": true, "saved": true, "kept": true, "set": true, "check": true,
	"vault": true, "1password": true, "bitwarden": true, "lastpass": true, "keychain": true, "keepass": true,
	"env": true, "file": true, "manager": true, "required": true, "needed": true, "none": true, "unknown": true,
	"tbd": true, "n/a": true, "empty": true, "blank": true, "default": true, "old": true, "new": true,
}

// scWebhookHints mark a URL as a webhook, whose path holds its token
// (hooks.slack.com, …/webhooks/…, webhook.office.com, /hook/).
var scWebhookHints = []string{"hook"}

// scWebhookLabels name a URL as a webhook when one ends the label right
// before it ("Deploy webhook: https://…", "SLACK_WEBHOOK_URL=https://…",
// "адрес вебхука: https://…"), possibly followed by a word of scURLNouns
// ("webhook URL:"). A label whose last word is another noun is about
// something else ("webhook events: https://…" links an event). Matched
// ignoring ASCII case; a word in another script is matched as written,
// so its capitalised form is listed too.
var scWebhookLabels = []string{
	"webhook", "web hook", "web-hook", // English, and the word most languages borrow
	"вебхук", "Вебхук", "вебхука", "вебхуки", "Вебхуки", "веб-хук", "Веб-хук", // Russian, Ukrainian
	"웹훅", "웹후크", // Korean
	"ウェブフック", "webフック", // Japanese
	"webhooks",
}

// scURLNouns may follow a webhook's name in its label: "webhook URL",
// "webhook endpoint", "Webhook-Adresse", "webhook 地址".
var scURLNouns = []string{
	"url", "uri", "urls", "endpoint", "address", "link", "adresse", "dirección", "direccion", "endereço", "indirizzo",
	"адрес", "ссылка", "주소", "アドレス", "地址", "链接", "鏈接",
}

// scCodeHosts serve code: hex segments of their URLs are commit hashes.
var scCodeHosts = []string{
	"github.com", "githubusercontent.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sourcegraph.com",
	"sr.ht", "gitee.com", "googlesource.com",
}

// scExampleDomains are the domains documentation uses, and their
// subdomains.
var scExampleDomains = []string{"example.com", "example.org", "example.net", "example"}

// scExampleHostWords, anywhere in a host, name it as made up
// (dummy.faketld).
var scExampleHostWords = []string{"example", "dummy", "fake", "placeholder", "your"}

// scReferencePrefixes start a value that refers to a secret kept
// elsewhere rather than holding one: $VAR, env:, vault:, a path.
var scReferencePrefixes = []string{"$", "%", "urn:", "env:", "env.", "process.env", "os.environ", "os.getenv", "getenv",
	"secrets.", "vault:", "op://", "arn:", "ssm:", "sm://", "!ref", "/", "./", "~/", "../", "@"}

// scLabelArrows are what may stand between a label and its URL besides
// the ASCII punctuation scWebhookLabelBefore skips.
var scLabelArrows = []string{"→", "—", "–", "：", "⇒"}
