package benchgen

// The text below is written for this generator: a small vocabulary of the
// things coding agents remember about projects, so that generated files have
// the word lengths, punctuation and markup density of real memory files
// without containing any of them.

var nouns = []string{
	"api", "auth", "backend", "branch", "build", "bundle", "cache", "cluster",
	"client", "config", "container", "cron", "dashboard", "database", "deploy",
	"endpoint", "env", "feature", "fixture", "flag", "frontend", "gateway",
	"handler", "hook", "index", "invoice", "job", "key", "layout", "linter",
	"log", "metric", "migration", "mock", "module", "monitor", "node", "parser",
	"payment", "pipeline", "plugin", "pool", "queue", "release", "replica",
	"report", "request", "router", "runner", "schema", "script", "secret",
	"server", "service", "session", "shard", "snapshot", "spec", "staging",
	"storage", "stream", "suite", "table", "template", "tenant", "test",
	"thread", "token", "tracker", "upload", "user", "validator", "version",
	"webhook", "worker", "workflow", "review", "style", "commit", "ticket",
	"sprint", "customer", "invoice", "budget", "cost", "region", "quota",
}

var verbs = []string{
	"add", "avoid", "break", "build", "bump", "call", "check", "clean",
	"commit", "configure", "debug", "deploy", "document", "drop", "enable",
	"ensure", "fetch", "fix", "flush", "handle", "keep", "load", "lock",
	"log", "merge", "migrate", "mock", "move", "parse", "pin", "prefer",
	"push", "read", "rebase", "refresh", "remove", "rename", "replace",
	"retry", "review", "revert", "rotate", "run", "scale", "ship", "skip",
	"split", "squash", "stage", "start", "stop", "store", "test", "update",
	"use", "validate", "verify", "wait", "warn", "write",
}

var adjectives = []string{
	"async", "atomic", "broken", "cached", "clean", "critical", "daily",
	"default", "direct", "empty", "explicit", "external", "failing", "fast",
	"flaky", "full", "global", "hidden", "idle", "internal", "large", "legacy",
	"local", "manual", "minimal", "new", "nightly", "old", "optional",
	"parallel", "partial", "pending", "private", "public", "raw", "real",
	"remote", "required", "shared", "short", "silent", "single", "slow",
	"small", "stable", "stale", "strict", "temporary", "typed", "unused",
	"verbose", "weekly",
}

var fillers = []string{
	"the", "the", "the", "a", "a", "an", "this", "that", "every", "each",
	"when", "before", "after", "with", "without", "from", "into", "for",
	"for", "on", "in", "in", "of", "of", "to", "to", "and", "and", "or",
	"but", "because", "so", "not", "only", "always", "never", "first",
	"then", "instead", "also", "it", "we", "they", "is", "are", "was",
	"should", "must", "can", "will",
}

// Korean and Chinese sentences of the kind real memory dirs contain.
var korean = []string{
	"테스트는 실제 데이터베이스에 연결해서 실행해야 한다.",
	"배포하기 전에 스테이징 환경에서 먼저 확인할 것.",
	"사용자는 짧고 직접적인 답변을 선호한다.",
	"설정 파일은 저장소에 커밋하지 않는다.",
	"로그 메시지는 영어로 작성하고 주석은 한국어로 남긴다.",
	"마이그레이션은 항상 되돌릴 수 있어야 한다.",
	"빌드가 느리면 캐시 설정을 먼저 의심한다.",
	"리뷰 요청은 작은 단위로 나누어 보낸다.",
}

var chinese = []string{
	"测试必须连接真实的数据库,不要使用模拟对象。",
	"发布之前先在预发环境验证配置。",
	"用户更喜欢简短直接的回答。",
	"提交信息使用英文,文档使用中文。",
	"数据库迁移必须可以回滚。",
	"构建变慢时先检查缓存设置。",
	"不要在日志里打印令牌或密码。",
	"每次修改接口都要同步更新文档。",
}

// relativeDates make relative-date fire in project memories.
var relativeDates = []string{
	"next week", "tomorrow", "on Thursday", "last month", "in 3 days",
	"2 weeks ago", "下周四", "明天", "다음 주",
}

var headings = []string{
	"Context", "Details", "Background", "Notes", "Decision", "Current state",
	"Open questions", "Examples", "Related", "History", "Next steps",
}

var codeLangs = []string{"bash", "go", "ts", "python", "yaml", "json", "sql", ""}

var codeLines = []string{
	"go test ./... -run TestIntegration -count=1",
	"npm run build && npm test",
	"docker compose up -d postgres redis",
	"kubectl rollout status deploy/api -n staging",
	"if err != nil {",
	"\treturn fmt.Errorf(\"load config: %w\", err)",
	"}",
	"const client = createClient({ retries: 3, timeout: 5000 });",
	"await queue.flush();",
	"def handler(event, context):",
	"    return {\"status\": 200}",
	"SELECT id, status FROM invoices WHERE tenant_id = $1;",
	"timeout: 30s",
	"replicas: 2",
	"export const FLAG = process.env.FEATURE_FLAG === \"1\";",
	"git rebase -i origin/main",
	"make lint && make test",
	"curl -sf http://localhost:8080/healthz",
}
