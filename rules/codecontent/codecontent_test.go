package codecontent

import (
	"testing"
	"testing/fstest"
	"time"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// FuzzCodeContent checks that no input makes the rule panic or report a
// span outside the file.
func FuzzCodeContent(f *testing.F) {
	for _, seed := range []string{
		"auth.ts:42 and line 42 of x.go, x.go (line 7)\n",
		"commit a1b2c3d..e4f5a6b\n- a1b2c3d Fix x\n- b2c3d4e Add y\n",
		"| Commit |\n|---|\n| `a1b2c3d` |\n",
		"```\nTraceback (most recent call last):\n  File \"x.py\", line 1, in f\n```\n",
		"[x](https://github.com/o/r/blob/main/a.go#L1-L2) https://github.com/o/r/commit/a1b2c3d\n",
		"C:\\x.cs:1 `#L` #L1 :1 line 9 of\nline",
		"\tat a.B.c(B.java:1)\n\tat a.B.d(B.java:2)\n",
		"thread 'main' panicked at a.rs:1:1:\nstack backtrace:\n   0: x\n   1: a::b\n",
		"see x.py\n(line 179); Lines 399-400 and lines 39 and 60; `a.ts` :46-48, :50\n",
		"ligne 42 de x.go, x.go 파일의 42행, x.go の 12行目, x.go第42行, 第 7 行\n",
		"roll back to a1b2c3d; merged 4e5f6a7b; pinned at 5c6d7e8f\n## H\nfixed in a1b2c3d, a2b3c4d\n",
		"```\n├── a/\n│   └── b.go\n+---+\n| x |\n```\n",
		"`a.py` (:8-9) | `a.py` | :8 | **`a.py`** :1 [t](a.rb):4-5 [`x.go`]():7\n**Ex (v.ts):**\n- on lines 2 et 3, 4 bis 9\n",
	} {
		f.Add(seed)
	}
	reg, err := lint.NewRegistry(Rule)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body string) {
		src := "---\nname: x\ndescription: x\ntype: project\n---\n" + body
		fsys := fstest.MapFS{
			"MEMORY.md":  {Data: []byte(body)},
			"project.md": {Data: []byte(src)},
		}
		l := &lint.Linter{Setup: lint.Setup{Registry: reg, Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}, Config: (*lint.Config)(nil).WithPreview()}
		res, err := l.Lint(fsys, []string{"."})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range res.Errors {
			t.Errorf("rule failed: %v\n%s", e, e.Stack)
		}
		for _, d := range res.Diagnostics {
			if d.Rule != Rule.ID {
				continue
			}
			if d.Start.Line < 1 || (d.End.Line != 0 && (d.End.Line < d.Start.Line ||
				(d.End.Line == d.Start.Line && d.End.Col < d.Start.Col))) {
				t.Errorf("bad span %v-%v: %s", d.Start, d.End, d.Message)
			}
		}
	})
}

// TestCodeBlockLines pins which lines of a block count as code.
func TestCodeBlockLines(t *testing.T) {
	for _, c := range []struct {
		name, info, body string
		want             int
	}{
		{"go", "go", "package x\n\nimport \"fmt\"\n\n// Hello greets.\nfunc Hello(name string) {\n\tfmt.Println(\"hi\", name)\n}\n", 4},
		{"python docstring", "", "def total(items):\n    \"\"\"Sum the prices.\"\"\"\n    return sum(i.price for i in items)\n", 3},
		{"yaml config", "yaml", "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - name: Build and test the app now\n        run: make test\n", 8},
		{"sql", "", "SELECT name, email FROM users\nWHERE created_at > now() - interval '1 day'\nORDER BY name\n", 3},
		{"shell", "bash", "# build\ncargo build --release\ncargo test --all the things\n", 2},
		{"json", "", "{\n  \"name\": \"shop\",\n  \"private\": true,\n  \"scripts\": { \"test\": \"vitest\" }\n}\n", 3},
		{"unicode tree", "", "shop/\n├── cmd/\n│   └── api/\n└── Makefile\n", 0},
		{"ascii tree", "", "shop\n|-- cmd\n|   `-- api\n`-- Makefile\n", 0},
		{"path list", "", "crates/\n  core/     # solver\n  cli/      # binary\n  py/       # bindings\n", 0},
		{"box", "", "+------+\n|  Login   |\n|  [ user ]  [ pass ]  |\n+------+\n", 0},
		{"columns", "", "NAME     READY   STATUS\napi-1    1/1     Running\n", 0},
		{"log", "", "2026-03-02 10:14:03 INFO started\n[ERROR] refused\n", 0},
		{"words", "", "api, auth, backup,\nbilling, cache, cli,\n", 0},
		{"prose", "", "Refresh tokens before the retry loop, not inside it.\nA refresh inside the loop logged users out under load.\n", 0},
		{"email", "", "Subject: Your order is waiting\nHi {first_name},\nYou left {item_count} items in your cart at {shop}.\n", 0},
		{"korean prose", "", "배포 전에 마이그레이션을 먼저 실행한다.\n롤백은 이전 태그로 한다.\n", 0},
		{"console", "console", "$ make test\nok  shop/api  0.3s\nok  shop/worker  0.2s\n", 1},
		{"mermaid", "mermaid", "flowchart LR\n  A --> B\n", 0},
		{"code with an arrow comment", "go", "x := 1\ny := 2 // → see z\nz := x + y\n", 2},
	} {
		if got := codeBlockLines([]byte(c.body), c.info); got != c.want {
			t.Errorf("%s: %d lines of code, want %d", c.name, got, c.want)
		}
	}
}

func TestCodeBlockLinesMore(t *testing.T) {
	for _, c := range []struct {
		name, info, body string
		want             int
	}{
		{"env", "", "DATABASE_URL=postgres://localhost/shop\nLOG_LEVEL=debug\nCDN_URL=http://localhost:8081\n", 3},
		{"sql clauses", "sql", "SELECT id FROM orders\nGROUP BY o.id, c.email\nORDER BY o.total DESC\n", 3},
		{"chinese prose", "", "先部署到测试环境然后检查日志。\n错误率低于百分之一再上线。\n", 0},
		{"csv", "", "date,order,total,currency\n2026-03-01,ord_1,12.50,EUR\n2026-03-02,ord_2,8.00,EUR\n", 0},
		{"syslog", "", "Mar  2 10:14:03 web1 sshd[123]: Accepted key\nMar  2 10:14:05 web1 cron[9]: job done\n", 0},
		{"glog and logfmt", "", "I1202 10:14:03.123456 1 main.go:42] started\ntime=2026-03-02T10:00:00Z level=info msg=up\n", 0},
		{"python call args", "python", "send(a,b,c)\nx = [1,2,3]\n", 2},
		{"commands without flags", "", "git push origin main\ndocker compose up db redis\ngo test all the packages\n", 3},
		{"steps in capitals", "", "Go to the admin panel and open billing.\nMake sure the export has every month.\n", 0},
		{"generator", "", "yield item for item in the items\n", 1},
		{"annotated fields", "yaml", "slug: my-slug        # required — the URL path\ntitle: \"Post\"        # required\ndate: 2026-01-15     # required — YYYY-MM-DD\ntags: [a, b]         # each must exist in tags.yml\n", 0},
		{"config with a note or two", "yaml", "server:\n  port: 8080          # the port nginx proxies to\n  workers: 4\n  timeout: 30s\ndb:\n  pool: 10\n", 4},
		{"japanese prose", "", "まずステージングにデプロイしてログを確認する。\n問題がなければ本番に昇格する。\n", 0},
		{"russian steps", "", "1. Открыть панель администратора и перейти в настройки.\n2. Нажать «Экспорт» и выбрать месяц.\n", 0},
		{"spanish steps", "", "- Abrir el panel y elegir la pestaña de facturación.\n- Descargar el archivo del mes anterior.\n", 0},
		{"session without a label", "", "$ curl -s localhost/health\n{\"status\":\"ok\",\"db\":\"ok\"}\n$ curl -s localhost/orders/1\n{\"id\":1,\"status\":\"paid\"}\n", 2},
	} {
		if got := codeBlockLines([]byte(c.body), c.info); got != c.want {
			t.Errorf("%s: %d lines of code, want %d", c.name, got, c.want)
		}
	}
}

func TestCodeBlockTemplateSlots(t *testing.T) {
	skeleton := "slug:\ntitle:\nauthors:\nimage:\ntags:\ndate:\ndescription:   # one sentence\nlanguage:\n"
	if got := codeBlockLines([]byte(skeleton), "yaml"); got != 0 {
		t.Errorf("a skeleton of keys: %d lines of code, want 0", got)
	}
	workflow := "on:\n  push:\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make test\n"
	if got := codeBlockLines([]byte(workflow), "yaml"); got != 5 {
		t.Errorf("a workflow: %d lines of code, want 5", got)
	}
}

// BenchmarkCodeContent measures the rule through the engine on the
// generated tree of the project's benchmarks, against a rule that does
// nothing (file-unreadable), which is the cost of loading and parsing.
func BenchmarkCodeContent(b *testing.B) {
	fsys := benchgen.GenerateFS(10, 200, 1)
	dirs, err := memory.FindDirs(fsys, ".", nil)
	if err != nil {
		b.Fatal(err)
	}
	reg := mustRegistry(b, Rule, lint.FileUnreadable)
	for _, only := range []string{"file-unreadable", "code-content"} {
		b.Run(only, func(b *testing.B) {
			l := &lint.Linter{Setup: lint.Setup{Registry: reg, Only: []string{only}}}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := l.Lint(fsys, dirs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func mustRegistry(t testing.TB, rules ...*lint.Rule) *lint.Registry {
	reg, err := lint.NewRegistry(rules...)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}
