package secret

import (
	"encoding/base64"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// The fake credentials of these tests are made at run time from a seeded
// generator, so that this file holds nothing a secret scanner would flag.

const (
	alnum   = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	b64url  = alnum + "-_"
	b64std  = alnum + "+/"
	hexLow  = "0123456789abcdef"
	base32  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	upperNo = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
)

type fakeGen struct{ rng *rand.Rand }

func newFakeGen(seed uint64) *fakeGen { return &fakeGen{rand.New(rand.NewPCG(seed, seed^0x9e3779b9))} }

func (g *fakeGen) str(alphabet string, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[g.rng.IntN(len(alphabet))]
	}
	return string(b)
}

func (g *fakeGen) digits(n int) string { return g.str("0123456789", n) }

// github returns a classic GitHub token with a valid checksum.
func (g *fakeGen) github(prefix string) string {
	payload := g.str(alnum, 30)
	return prefix + payload + scBase62Pad6(crc32.ChecksumIEEE([]byte(payload)))
}

// fakeSecrets returns one fake credential of every detected kind, in the
// text it is written in, with the secret itself and the kind the message
// must name.
func fakeSecrets(seed uint64) []struct{ text, secret, kind string } {
	g := newFakeGen(seed)
	var out []struct{ text, secret, kind string }
	add := func(format, secret, kind string) {
		out = append(out, struct{ text, secret, kind string }{strings.ReplaceAll(format, "@@", secret), secret, kind})
	}
	add("aws_access_key_id = @@", "AKIA"+g.str(base32, 16), "AWS access key ID")
	add("temporary key @@ from STS", "ASIA"+g.str(base32, 16), "AWS temporary access key ID")
	add("aws_secret_access_key = @@", g.str(b64std, 40), "AWS secret access key")
	add(`const key = "@@";`, "AIza"+g.str(b64url, 35), "Google API key")
	add("client secret @@", "GOCSPX-"+g.str(b64url, 28), "Google OAuth client secret")
	add("Authorization: Bearer @@", "ya29."+g.str(b64url, 120), "Google OAuth access token")
	add("ANTHROPIC_API_KEY=@@", "sk-ant-api03-"+g.str(b64url, 93)+"AA", "Anthropic API key")
	add("admin key: @@", "sk-ant-admin01-"+g.str(b64url, 93)+"AA", "Anthropic Admin API key")
	add("CLAUDE_CODE_OAUTH_TOKEN=@@", "sk-ant-oat01-"+g.str(b64url, 93)+"AA", "Anthropic OAuth access token")
	add("OPENAI_API_KEY=@@", "sk-proj-"+g.str(b64url, 74)+"T3BlbkFJ"+g.str(b64url, 74), "OpenAI project API key")
	add("svc: @@", "sk-svcacct-"+g.str(b64url, 74)+"T3BlbkFJ"+g.str(b64url, 74), "OpenAI service account key")
	add("old key @@.", "sk-"+g.str(alnum, 20)+"T3BlbkFJ"+g.str(alnum, 20), "OpenAI API key")
	add("router: @@", "sk-or-v1-"+g.str(hexLow, 64), "OpenRouter API key")
	add("STRIPE_SECRET_KEY=@@", "sk_live_"+g.str(alnum, 99), "Stripe live secret key")
	add("restricted @@", "rk_live_"+g.str(alnum, 24), "Stripe live restricted key")
	add("test mode `@@`", "sk_test_"+g.str(alnum, 24), "Stripe test secret key")
	add("webhook secret @@", "whsec_"+g.str(b64std, 32), "Stripe webhook signing secret")
	add("shopify @@", "shpat_"+g.str(hexLow, 32), "Shopify access token")
	add("GH_TOKEN=@@", g.github("ghp_"), "GitHub personal access token")
	add("oauth @@", g.github("gho_"), "GitHub OAuth access token")
	add("app @@", g.github("ghs_"), "GitHub server-to-server")
	add("user @@", g.github("ghu_"), "GitHub user-to-server token")
	add("refresh @@", g.github("ghr_"), "GitHub refresh token")
	add("fine-grained @@", "github_pat_"+g.str(alnum, 22)+"_"+g.str(alnum, 59), "GitHub fine-grained personal access token")
	add("https://x-access-token:@@@github.com/o/r.git", g.github("ghs_"), "GitHub server-to-server")
	add("gitlab @@", "glpat-"+g.str(b64url, 20), "GitLab personal access token")
	add("deploy @@", "gldt-"+g.str(b64url, 20), "GitLab deploy token")
	add("groq @@", "gsk_"+g.str(alnum, 52), "Groq API key")
	add("SLACK_BOT_TOKEN=@@", "xoxb-"+g.digits(12)+"-"+g.digits(13)+"-"+g.str(alnum, 24), "Slack bot token")
	add("user token @@", "xoxp-"+g.digits(12)+"-"+g.digits(12)+"-"+g.digits(13)+"-"+g.str(hexLow, 32), "Slack user token")
	add("app token @@", "xapp-1-A"+g.str(upperNo, 10)+"-"+g.digits(13)+"-"+g.str(hexLow, 64), "Slack app-level token")
	add("post to https://@@ on deploy", "hooks.slack.com/services/T"+g.str(upperNo, 10)+"/B"+g.str(upperNo, 10)+"/"+g.str(alnum, 24), "Slack webhook URL")
	add("<https://@@>", "discord.com/api/webhooks/"+g.digits(18)+"/"+g.str(b64url, 68), "Discord webhook URL")
	add("//registry.npmjs.org/:_authToken=@@", "npm_"+g.str(alnum, 36), "npm access token")
	add("password = @@", "pypi-AgEIcHlwaS5vcmc"+g.str(b64url, 150), "PyPI API token")
	add("SENDGRID_API_KEY='@@'", "SG."+g.str(b64url, 22)+"."+g.str(b64url, 43), "SendGrid API key")
	add("HF_TOKEN=@@", "hf_"+g.str(alnum[10:], 34), "Hugging Face access token")
	add("linear: @@", "lin_api_"+g.str(alnum, 40), "Linear API key")
	add("do: @@", "dop_v1_"+g.str(hexLow, 64), "DigitalOcean personal access token")
	add("notion: @@", "ntn_"+g.digits(11)+g.str(alnum, 35), "Notion integration token")
	add("jira: @@", "ATATT3xFfGF0"+g.str(b64url, 170)+"="+g.str(hexLow, 8), "Atlassian API token")
	add("DATABASE_URL=postgres://app:@@@db.internal:5432/app", g.str(alnum, 20), "password in a URL")
	add("redis://:@@@localhost:6379", "Tr0ub4d"+g.str(alnum, 6)+"!", "password in a URL")
	add("DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=@@;EndpointSuffix=core.windows.net",
		g.str(b64std, 86)+"==", "Azure storage account key")
	add("TWILIO_AUTH_TOKEN=@@", g.str(hexLow, 32), "Twilio auth token")
	add("db_password: @@", "vR8#"+g.str(alnum, 10), "password in db_password")
	add(`"api_key": "@@"`, g.str(alnum, 32), "secret in api_key")
	add("SECRET_KEY = '@@'", g.str(hexLow, 48), "secret in SECRET_KEY")
	add("client_secret=@@&grant_type=x", g.str(b64url, 40), "secret in client_secret")
	add("Authorization: Basic @@", base64.StdEncoding.EncodeToString([]byte("deploy:"+g.str(alnum, 18))), "HTTP Basic credentials")
	key := "MIIEow" + g.str(b64std, 1200)
	var lines []string
	for len(key) > 64 {
		lines = append(lines, key[:64])
		key = key[64:]
	}
	lines = append(lines, key)
	add("-----BEGIN RSA PRIVATE KEY-----\n@@\n-----END RSA PRIVATE KEY-----", strings.Join(lines, "\n"), "RSA private key block")
	add(`{"private_key": "-----BEGIN PRIVATE KEY-----\n@@\n-----END PRIVATE KEY-----\n"}`, strings.Join(lines, `\n`), "Google Cloud service account private key")
	add("-----BEGIN OPENSSH PRIVATE KEY-----\n@@\n", strings.Join(lines[:6], "\n"), "OpenSSH private key block")
	return out
}

func findAll(s string) []secretMatch {
	var ms []secretMatch
	scanSecrets(s, false, func(m secretMatch) { ms = append(ms, m) })
	return ms
}

func TestSecretFinds(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		for _, c := range fakeSecrets(seed) {
			ms := findAll(c.text)
			if len(ms) != 1 {
				t.Errorf("seed %d: %q: %d findings, want 1 (%s)", seed, c.text, len(ms), c.kind)
				continue
			}
			m := ms[0]
			if !strings.Contains(m.kind, c.kind) {
				t.Errorf("seed %d: %q: kind %q, want %q", seed, c.text, m.kind, c.kind)
			}
			if !strings.Contains(c.text[m.start:m.end], c.secret) && !strings.Contains(c.kind, "private key") {
				t.Errorf("seed %d: %q: span %q does not cover the secret", seed, c.text, c.text[m.start:m.end])
			}
			if strings.Contains(m.masked, c.secret) || strings.Contains(m.kind, c.secret) {
				t.Errorf("seed %d: %q: message shows the secret", seed, c.text)
			}
			// The same in a file, as bytes.
			var bs []secretMatch
			scanSecrets([]byte(c.text), false, func(m secretMatch) { bs = append(bs, m) })
			if len(bs) != 1 || bs[0] != m {
				t.Errorf("seed %d: %q: bytes and string scans differ", seed, c.text)
			}
		}
	}
}

func TestRedact(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		for _, c := range fakeSecrets(seed) {
			in := "before " + c.text + " after"
			got := Redact(in)
			if strings.Contains(got, c.secret) {
				t.Errorf("Redact(%q) = %q: secret left", in, got)
			}
			if again := Redact(got); again != got {
				t.Errorf("Redact is not idempotent:\n%q\n%q", got, again)
			}
			if Redact(in) != got {
				t.Errorf("Redact is not deterministic on %q", in)
			}
			if !strings.HasPrefix(got, "before ") || !strings.HasSuffix(got, " after") {
				t.Errorf("Redact(%q) = %q: changed text around the secret", in, got)
			}
			// The text a finding flags must be masked on its own.
			ms := findAll(c.text)
			if len(ms) == 1 {
				flagged := c.text[ms[0].start:ms[0].end]
				if r := Redact(flagged); strings.Contains(r, c.secret) || r == flagged {
					t.Errorf("the flagged text %q is not masked by Redact: %q", flagged, r)
				}
			}
			// A message that cut the secret short.
			if len(c.secret) > 30 && !strings.Contains(c.kind, "private") {
				clipped := "“deploy with " + c.secret[:len(c.secret)-3] + "…”"
				if r := Redact(clipped); strings.Contains(r, c.secret[4:len(c.secret)-3]) && !strings.Contains(c.kind, "secret in") &&
					!strings.Contains(c.kind, "password") && !strings.Contains(c.kind, "AWS secret") && !strings.Contains(c.kind, "Azure") &&
					!strings.Contains(c.kind, "Twilio") && !strings.Contains(c.kind, "Basic") {
					t.Errorf("Redact(%q) = %q: a clipped token is left", clipped, r)
				}
			}
		}
	}
	for _, s := range []string{"", "plain text", "description: a memory about tokens", "ghp_…wXyz", "sk-ant-api03-…AbCd"} {
		if got := Redact(s); got != s {
			t.Errorf("Redact(%q) = %q, want it unchanged", s, got)
		}
	}
}

func TestRedactAllocatesNothingWithoutSecrets(t *testing.T) {
	msg := `description is vague: “token refresh notes”; the key: value pairs (a=b) stay, and -----BEGIN is prose`
	if n := testing.AllocsPerRun(100, func() { Redact(msg) }); n != 0 {
		t.Errorf("Redact allocates %v times on a string without secrets", n)
	}
	src := benchgen.Files(1, 20, 1)
	for p, data := range src {
		if n := testing.AllocsPerRun(10, func() { scanSecrets(data, false, func(secretMatch) { t.Fatal("found a secret in", p) }) }); n != 0 {
			t.Errorf("scanning %s allocates %v times", p, n)
		}
	}
}

func TestSecretLeavesAlone(t *testing.T) {
	for _, s := range []string{
		// Identifiers and hashes.
		"originSessionId: 5e482d65-0c9e-4f7b-9a56-0d3f1c2b7a10",
		"session_token: 5e482d65-0c9e-4f7b-9a56-0d3f1c2b7a10",
		"fixed in commit 3f9a2c1b8e7d6f5a4b3c2d1e0f9a8b7c6d5e4f3a, short 3f9a2c1",
		"image: ghcr.io/acme/app@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
		"https://example.com/assets/app.9f86d081.js?v=3f9a2c1b8e7d6f5a",
		"![logo](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==)",
		"version: 1.24.3-rc.1+build.7",
		// Placeholders and examples.
		"OPENAI_API_KEY=sk-... and GITHUB_TOKEN=ghp_xxx",
		"sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		"aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
		"aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		"password: ${DB_PASSWORD}",
		"token: <your token>",
		"api_key: {{ .Values.apiKey }}",
		"postgres://user:password@localhost:5432/app",
		"postgres://postgres:postgres@localhost/app",
		"mongodb+srv://<username>:<password>@cluster0.abcde.mongodb.net",
		"https://admin:S3cretPassw0rd@example.com/",
		"redis://:devpass@localhost:6379",
		`api_key = os.environ["OPENAI_API_KEY"]`,
		"token := os.Getenv(\"GITHUB_TOKEN\")",
		"password = getpass.getpass()",
		"secret: ${{ secrets.DEPLOY_KEY }}",
		"token: op://Engineering/GitHub deploy/credential",
		"GITHUB_TOKEN: GITHUB_TOKEN_FROM_VAULT",
		"api_key: your-api-key-here",
		"password: changeme123!",
		"SECRET_KEY=REPLACE_ME_WITH_A_RANDOM_STRING",
		"token: 1234567890abcdef1234567890abcdef",
		"password: ********",
		"auth: oauth2-pkce-flow",
		"client_secret: GoogleOAuthClientSecretV2",
		"password: stored-in-1password",
		"secret: my-app-secrets",
		"token: 4096",
		"max_tokens: 4096",
		"token_type: bearer",
		"access_key_id: AKIA",
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA...\n-----END RSA PRIVATE KEY-----",
		"-----BEGIN OPENSSH PRIVATE KEY----- blocks never go in memory",
		"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
		"token: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
		// A classic token shape with a wrong checksum (GitHub's docs example style).
		"ghp_" + strings.Repeat("16C7e42F292c6912E7710c838347Ae178B4a", 1),
		// Prose.
		"the GITHUB_TOKEN secret is set in CI; sk_live keys live in Vault",
		"Secret: never commit .env files",
		"Token: the bot reads it from 1Password",
		"비밀번호=관리자에게 문의, 密码=请联系管理员",
		"if password == expected { return }",
		"x != token; a <= b; c >= d",
		"C://Users/me",
		"git@github.com:acme/app.git and ssh://git@github.com/acme/app",
		"https://medium.com/@someone/post and https://www.npmjs.com/package/@scope/pkg",
		"the task-sk_live flag, desk-xoxb-style names",
	} {
		if ms := findAll(s); len(ms) > 0 {
			t.Errorf("%q: unexpected %s (%s)", s, ms[0].kind, s[ms[0].start:ms[0].end])
		}
	}
}

func TestGitHubChecksum(t *testing.T) {
	g := newFakeGen(7)
	for i := 0; i < 100; i++ {
		tok := g.github("ghp_")
		if !githubChecksumOK(tok) {
			t.Fatalf("%s: valid checksum rejected", tok)
		}
		// Changing one character of the payload breaks it.
		b := []byte(tok)
		b[10] = alnum[(strings.IndexByte(alnum, b[10])+1)%len(alnum)]
		if githubChecksumOK(string(b)) {
			t.Errorf("%s: corrupted token accepted", b)
		}
	}
}

// TestSecretRuleSpans runs the rule through the engine: one finding per
// secret, on the right line and column, masked everywhere.
func TestSecretRuleSpans(t *testing.T) {
	var b strings.Builder
	b.WriteString("---\nname: creds\ndescription: where the deploy credentials live\ntype: reference\n---\n\n")
	cases := fakeSecrets(99)
	for _, c := range cases {
		b.WriteString("- é " + c.text + "\n")
	}
	fsys := fstest.MapFS{"m/MEMORY.md": {Data: []byte("- [Creds](reference_creds.md) — where credentials live\n")},
		"m/reference_creds.md": {Data: []byte(b.String())}}
	l := &lint.Linter{Setup: lint.Setup{Registry: mustRegistry(t, Rule), Only: []string{"secret"}, Redact: Redact}}
	res, err := l.Lint(fsys, []string{"m"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) != len(cases) {
		t.Fatalf("%d findings, want %d", len(res.Diagnostics), len(cases))
	}
	for _, d := range res.Diagnostics {
		for _, c := range cases {
			// Each line of a key block on its own: the flagged text is
			// cut at 512 bytes, so it never holds a whole block.
			for _, part := range strings.Split(c.secret, "\n") {
				if len(part) >= 16 && strings.Contains(d.Message+d.Suggestion+d.Text, part) {
					t.Errorf("%d:%d: finding shows a secret: %q %q", d.Start.Line, d.Start.Col, d.Message, d.Text)
				}
			}
		}
		if d.Start.Col < 5 || !d.End.IsValid() {
			t.Errorf("%d:%d: bad span (col counts é as one character, so the earliest is 5)", d.Start.Line, d.Start.Col)
		}
	}
}

func mustRegistry(t testing.TB, rules ...*lint.Rule) *lint.Registry {
	reg, err := lint.NewRegistry(rules...)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestSecretFixtureValuesAreMarked keeps the promise of the fixture
// README: the fake values are marked as fake where their format has room.
func TestSecretFixtureValuesAreMarked(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("testdata", "secret", "README.md"))
	if err != nil || !strings.Contains(string(readme), "fake") {
		t.Errorf("rules/secret/testdata/secret/README.md must say that every value is fake")
	}
}

func FuzzSecret(f *testing.F) {
	for _, c := range fakeSecrets(3) {
		f.Add(c.text)
	}
	f.Add("password: ${X} token=abc…")
	f.Add("-----BEGIN PRIVATE KEY-----")
	f.Add(`password: Tr0ub4 dor;3xK9,pLm"Q2'vW|8)z and the staging password is Zq8!mK2#vLp9wR`)
	f.Add("aws key AKIAZ5Q3XKLMNOP7RSTU and secret kR8vTq2LmN9pXw4YzB7cD1eF6gH3jK5lM0nOpQrS")
	f.Add("https://hooks.example.com/v1/br_usr_7f3a9c2e4b1d8f6a0c5e9b2d4f7a1c3e/send")
	f.Add("Deploy webhook: https://api.example.io/v1/br_usr_MemLintmxgJTeKdNnFRIBXuDL7D/send; WEBHOOK_URL=https://x.io/a/MemLintP4qX9zV2mW7kR3tY8nB5")
	f.Add("https://api.telegram.org/bot7294618305:AAMemLintPtYgjmUhBel31iEl2hpChYgCfr/x https://hooks.zapier.com/hooks/catch/4829173/m3k9x7q/ адрес вебхука：https://r.io/in/MemLintZ5tR8wQ1yU4iO7pA2sD6")
	f.Fuzz(func(t *testing.T, s string) {
		prev := 0
		scanSecrets(s, false, func(m secretMatch) {
			if m.start < prev || m.start > m.valStart || m.valStart > m.valEnd || m.valEnd > m.end || m.end > len(s) {
				t.Fatalf("bad match %+v in %q", m, s)
			}
			prev = m.end
		})
		r := Redact(s)
		if Redact(r) != r {
			t.Fatalf("Redact not idempotent on %q: %q then %q", s, r, Redact(r))
		}
		scanSecrets(r, false, func(m secretMatch) {
			t.Fatalf("the rule still finds %q in %q, redacted from %q", r[m.start:m.end], r, s)
		})
	})
}

// BenchmarkSecret measures the rule through the engine on the generated
// tree of the project's benchmarks, against a run of a rule that does
// nothing (file-unreadable), which is the cost of loading and parsing.
func BenchmarkSecret(b *testing.B) {
	fsys := benchgen.GenerateFS(50, 200, 1)
	dirs, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		b.Fatal(err)
	}
	reg := mustRegistry(b, Rule, lint.FileUnreadable)
	for _, only := range []string{"file-unreadable", "secret"} {
		b.Run(only, func(b *testing.B) {
			l := &lint.Linter{Setup: lint.Setup{Registry: reg, Only: []string{only}, Redact: Redact}}
			var files int
			b.ReportAllocs()
			for b.Loop() {
				res, err := l.Lint(fsys, dirs)
				if err != nil {
					b.Fatal(err)
				}
				files = res.Files
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(files), "ns/file")
		})
	}
	b.Run("scan-only", func(b *testing.B) {
		var files [][]byte
		for _, f := range fsys {
			files = append(files, f.Data)
		}
		b.ReportAllocs()
		for b.Loop() {
			for _, data := range files {
				scanSecrets(data, false, func(secretMatch) {})
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(files)), "ns/file")
	})
}

// TestSecretLabelNamesTheLabel checks the kind of a secret found by its
// label: the label is named, but a label that is the word itself is not
// repeated ("password in password").
func TestSecretLabelNamesTheLabel(t *testing.T) {
	for _, c := range []struct{ text, kind string }{
		{"mailbox password: vR8#MemLintWuZ2rQ", "password"},
		{"db_password: vR8#MemLintWuZ2rQ", "password in db_password"},
		{"secret: MemLintCG7pZZYV25EbelRV8LvTDMNUc", "secret"},
		{"api_key: MemLintCG7pZZYV25EbelRV8LvTDMNUc", "secret in api_key"},
	} {
		var kinds []string
		scanSecrets(c.text, false, func(m secretMatch) { kinds = append(kinds, m.kind) })
		if len(kinds) != 1 || kinds[0] != c.kind {
			t.Errorf("%q: kinds %q, want [%q]", c.text, kinds, c.kind)
		}
	}
}

// TestRedactBareValueWithDelimiters checks that a bare value holding
// delimiters a password may contain is masked whole, while a delimiter
// that starts another field (a query string) still ends it.
func TestRedactBareValueWithDelimiters(t *testing.T) {
	for _, tc := range []struct{ in, secret, kept string }{
		{"password: Tr0ub4dor&3xK9pLmQ2vW8", "3xK9pLmQ", ""},
		{"password: Tr0ub4dor;3xK9pLmQ2vW8 for staging", "3xK9pLmQ", " for staging"},
		{"db_password=Tr0ub4dor|3xK9pLmQ2vW8.", "3xK9pLmQ", ""},
		{"api_token=Zq8vW2kP9xL4mN7rT&user=alice", "Zq8vW2kP9xL4", "&user=alice"},
	} {
		got := Redact(tc.in)
		if strings.Contains(got, tc.secret) {
			t.Errorf("Redact(%q) = %q: shows %q", tc.in, got, tc.secret)
		}
		if !strings.HasSuffix(got, tc.kept) {
			t.Errorf("Redact(%q) = %q: want it to end with %q", tc.in, got, tc.kept)
		}
		if got == tc.in {
			t.Errorf("Redact(%q) masked nothing", tc.in)
		}
	}
}

// TestSecretRecallGaps covers the forms issue 11 found missed: a JWT
// under a name, bare passwords holding spaces and quotes, a password
// named in a sentence, an unlabelled AWS secret key beside its key ID
// and a token in a webhook URL's path. Each must be found, cover the
// secret, and be masked whole in the message and by Redact, also when
// Redact sees only the flagged text.
func TestSecretRecallGaps(t *testing.T) {
	g := newFakeGen(11)
	jwt := "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJNZW1MaW50IiwiZXhwIjoxOTAwMDAwMDAwfQ." + g.str(b64url, 43)
	awsSecret := "kR8vTq2LmN9pXw4YzB7cD1eF6gH3jK5lM0nO" + g.str(b64std, 4)
	for _, c := range []struct{ text, secret, kind string }{
		{"auth_token: " + jwt, jwt, "JSON Web Token in auth_token"},
		{"Authorization: Bearer " + jwt, jwt, "JSON Web Token in Authorization"},
		{`password: Tr0ub4 dor;3xK9,pLm"Q2'vW|8)z`, `Tr0ub4 dor;3xK9,pLm"Q2'vW|8)z`, "password"},
		{"db_password=hunter2 xyz;Qw9!rT", "hunter2 xyz;Qw9!rT", "password in db_password"},
		{`db_password: pLm"Q2'vW8xK9`, `pLm"Q2'vW8xK9`, "password in db_password"},
		{"the staging password is Zq8!mK2#vLp9wR.", "Zq8!mK2#vLp9wR", "password"},
		{`the prod db password is "s3cr3tPassw0rd!"`, "s3cr3tPassw0rd!", "password"},
		{"The passphrase was Qx7#hT2mLw9!vB for the backup disk", "Qx7#hT2mLw9!vB", "password in passphrase"},
		{"the API key is " + g.str(alnum, 32), "", "secret in API key"},
		{"aws key AKIAZ5Q3XKLMNOP7RSTU and secret " + awsSecret, awsSecret, "AWS access key ID and its secret access key"},
		{"AKIAZ5Q3XKLMNOP7RSTU\n" + awsSecret, awsSecret, "AWS access key ID and its secret access key"},
		{"ASIAZ5Q3XKLMNOP7RSTU / " + awsSecret, awsSecret, "AWS temporary access key ID and its secret access key"},
		{"post to https://hooks.example.com/v1/br_usr_7f3a9c2e4b1d8f6a0c5e9b2d4f7a1c3e/send", "br_usr_7f3a9c2e4b1d8f6a0c5e9b2d4f7a1c3e", "token in a webhook URL (hooks.example.com)"},
		{"https://acme.webhook.office.com/webhookb2/x/IncomingWebhook/" + g.str(hexLow, 32) + "/y", "", "token in a webhook URL (acme.webhook.office.com)"},
		{"https://mm.acme.io/hooks/" + g.str("abcdefghijklmnopqrstuvwxyz0123456789", 26), "", "token in a webhook URL (mm.acme.io)"},
	} {
		ms := findAll(c.text)
		if len(ms) != 1 {
			t.Errorf("%q: %d findings, want 1 (%s)", c.text, len(ms), c.kind)
			continue
		}
		m := ms[0]
		secret := c.secret
		if secret == "" {
			secret = c.text[m.valStart:m.valEnd]
		}
		if m.kind != c.kind {
			t.Errorf("%q: kind %q, want %q", c.text, m.kind, c.kind)
		}
		flagged := c.text[m.start:m.end]
		if !strings.Contains(flagged, secret) {
			t.Errorf("%q: span %q does not cover the secret", c.text, flagged)
		}
		for what, s := range map[string]string{"message": m.kind + m.masked, "Redact": Redact(c.text), "Redact of the flagged text": Redact(flagged)} {
			if strings.Contains(s, secret) || strings.Contains(s, secret[:len(secret)-4]) {
				t.Errorf("%q: the %s shows the secret: %q", c.text, what, s)
			}
		}
		if r := Redact(c.text); Redact(r) != r {
			t.Errorf("Redact is not idempotent on %q: %q", c.text, r)
		}
	}
}

// TestSecretRecallGapsLeaveAlone holds the look-alikes of the forms of
// TestSecretRecallGaps that must stay quiet.
func TestSecretRecallGapsLeaveAlone(t *testing.T) {
	for _, s := range []string{
		// Prose after a password's name.
		"password: see 1Password vault",
		"password: the usual one",
		"password: in the team vault (ask Bob)",
		"db_password: stored in Keychain, item DB",
		"password: hunter2 for the local db",
		"password: $DB_PASSWORD then restart",
		"password: <redacted> (rotated)",
		"password: *** hidden ***",
		"password: changeme now",
		"password: Staging Admin Account",
		// Prose sentences.
		"the staging password is stored in 1Password",
		"the password is in 1Password under \"staging db\"",
		"the password is `<redacted>`",
		"the password is ***",
		"the default password is changeme",
		"the password is $DB_PASSWORD",
		"the password is ${STAGING_DB_PASSWORD}",
		"the password is rotated every 90 days",
		"the token is valid for one hour",
		"the refresh token is opaque and short-lived",
		"the secret is ALWAYS_ROTATE_ME in config",
		"the API key is read from the environment",
		"the key is 4096 bits long",
		"this is why the token was rejected: expired",
		"the password is \"password123\"",
		"the password is Password1",
		// The documented example pair.
		"aws_access_key_id = AKIAIOSFODNN7EXAMPLE\nwJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		// URLs whose paths hold hashes and IDs, not tokens.
		"https://github.com/acme/webhook-relay/commit/3f9a2c1b8e7d6f5a4b3c2d1e0f9a8b7c6d5e4f3a",
		"https://github.com/acme/hooks/blob/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b/README.md",
		"https://raw.githubusercontent.com/acme/hook/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b/x.sh",
		"https://gist.github.com/someone/9f86d081884c7d659a2feaa0c55ad015",
		"https://www.notion.so/acme/Webhooks-9f86d081884c7d659a2feaa0c55ad015",
		"https://docs.google.com/document/d/1okU_szL-Bb9qtgrf53JF0-JN0J3ru2b6Gq_2rtmZwwc/edit",
		"https://open.feishu.cn/open-apis/bot/v2/hook/5e482d65-0c9e-4f7b-9a56-0d3f1c2b7a10",
		"https://cdn.example.com/img/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b.png",
		"https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz#sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQWn",
		"https://dashboard.stripe.com/payments/pi_3MtwBwLkdIwHu7ix28a3tqPa",
		"https://docs.acme.io/webhooks/configuring-outgoing-webhook-signatures",
		"https://hooks.example.com/v1/br_usr_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/send",
	} {
		if ms := findAll(s); len(ms) > 0 {
			t.Errorf("%q: unexpected %s (%s)", s, ms[0].kind, s[ms[0].start:ms[0].end])
		}
	}
}

// TestSecretStopsAtProse checks that the forms of TestSecretRecallGaps
// do not take in the words after a secret: a password followed by prose
// or a command is the bare value alone, and a key ID followed by a
// commit hash (no uppercase) or by nothing random is the key ID alone.
func TestSecretStopsAtProse(t *testing.T) {
	for _, c := range []struct{ text, flagged string }{
		{"password: Xy9!abcd for staging", "password: Xy9!abcd"},
		{"PASSWORD=Ab9!xyz12 ./run.sh --seed", "PASSWORD=Ab9!xyz12"},
		{"the staging password is Zq8!mK2#vLp9wR and the user is bob", "password is Zq8!mK2#vLp9wR"},
		{"aws key AKIAZ5Q3XKLMNOP7RSTU is the deploy user's", "AKIAZ5Q3XKLMNOP7RSTU"},
		{"AKIAZ5Q3XKLMNOP7RSTU rotated in 3f9a2c1b8e7d6f5a4b3c2d1e0f9a8b7c6d5e4f3a", "AKIAZ5Q3XKLMNOP7RSTU"},
		{"AKIAZ5Q3XKLMNOP7RSTU\n\nlater: kR8vTq2LmN9pXw4YzB7cD1eF6gH3jK5lM0nOpQrS", "AKIAZ5Q3XKLMNOP7RSTU"},
	} {
		ms := findAll(c.text)
		if len(ms) == 0 || c.text[ms[0].start:ms[0].end] != c.flagged {
			t.Errorf("%q: findings %+v, want the first to flag %q", c.text, ms, c.flagged)
		}
	}
}

// TestPairsRowZero keeps scNextTrigger's premise: row 0 of scPairs, the
// row of bytes that start no candidate, admits no byte after.
func TestPairsRowZero(t *testing.T) {
	for c, ok := range scPairs[0] {
		if ok {
			t.Fatalf("scPairs[0][%q] is set: scNextTrigger skips row 0 without looking", rune(c))
		}
	}
}
