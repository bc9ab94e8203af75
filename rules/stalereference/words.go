package stalereference

// The rule's data: what makes a token a path, and the words that tell a
// claim about the repository from a record of its past, a plan or an
// example. A contributor adds a language or a word here without reading
// the scanner.
//
// Phrase lists are matched in the lowercased line (matchPhrase): an entry
// is a word or words matched whole ("no longer"), a stem when it ends in
// "*" ("удал*" matches "удалён" and "удалили"), and anywhere when it is
// written in a script without spaces between words (Chinese, Japanese,
// Korean), where words run into each other and their endings.

// extensions are the file extensions that make a path in prose a path:
// outside code spans, a token with a slash is taken for a file only when
// its last segment ends in one of these (or the token ends in a slash), so
// that "read/write", "UI/UX" and "docs/issues/code" stay prose.
var extensions = map[string]bool{
	"md": true, "mdx": true, "txt": true, "rst": true, "adoc": true,
	"go": true, "mod": true, "sum": true, "rs": true, "py": true, "pyi": true, "rb": true, "php": true,
	"js": true, "mjs": true, "cjs": true, "jsx": true, "ts": true, "mts": true, "cts": true, "tsx": true,
	"vue": true, "svelte": true, "astro": true, "css": true, "scss": true, "sass": true, "less": true, "html": true, "htm": true,
	"java": true, "kt": true, "kts": true, "scala": true, "groovy": true, "gradle": true, "swift": true, "m": true, "mm": true,
	"c": true, "h": true, "cc": true, "cpp": true, "cxx": true, "hpp": true, "hh": true, "cs": true, "fs": true,
	"ex": true, "exs": true, "erl": true, "hs": true, "ml": true, "clj": true, "dart": true, "lua": true, "r": true, "jl": true, "zig": true, "nim": true,
	"sh": true, "bash": true, "zsh": true, "fish": true, "ps1": true, "bat": true,
	"json": true, "jsonc": true, "json5": true, "yaml": true, "yml": true, "toml": true, "ini": true, "cfg": true, "conf": true, "env": true, "xml": true, "plist": true,
	"sql": true, "prisma": true, "graphql": true, "gql": true, "proto": true, "tf": true, "hcl": true, "nix": true,
	"lock": true, "csv": true, "tsv": true, "ipynb": true, "svg": true, "png": true, "jpg": true, "jpeg": true, "gif": true, "webp": true, "pdf": true,
}

// untrackedSegments are folders that hold what a build, an install or a
// tool writes, which git ignores nearly everywhere: a path through one is
// not something the repository would track, whatever its .gitignore says.
var untrackedSegments = map[string]bool{
	"node_modules": true, "dist": true, "build": true, "out": true, "target": true, "coverage": true,
	".next": true, ".nuxt": true, ".svelte-kit": true, ".turbo": true, ".cache": true, ".venv": true, "venv": true,
	"__pycache__": true, ".pytest_cache": true, ".mypy_cache": true, ".gradle": true, ".idea": true, ".vscode": true,
	"tmp": true, "temp": true, ".tmp": true, "logs": true, ".git": true,
	"output": true, "outputs": true, "artifacts": true, "generated": true, "state": true, "worktrees": true,
}

// untrackedExtensions are files a repository almost never tracks:
// databases, logs, compiled objects, editor leftovers.
var untrackedExtensions = map[string]bool{
	"db": true, "sqlite": true, "sqlite3": true, "log": true, "pyc": true, "o": true, "so": true, "a": true,
	"exe": true, "dll": true, "dylib": true, "class": true, "bak": true, "swp": true, "tmp": true, "pid": true, "sock": true,
}

// localOnlyFiles are files tools keep on one machine by design: Claude
// Code's local settings and local instructions, which it has git ignore
// (through the user's own excludes file, so a clone does not show it).
var localOnlyFiles = map[string]bool{
	".claude/settings.local.json": true, "CLAUDE.local.md": true,
}

// placeholders are segments that stand for a name to fill in
// (reports/YYYY-MM-DD.md, docs/adr/NNNN-title.md): matched as a part of a
// segment, case-sensitively, since real files are rarely named in capitals.
var placeholders = []string{"YYYY", "YYMM", "MM-DD", "Www", "XXX", "NNN", "xxx", "HHMM", "-NN", "_NN", "NN-", "NN_"}

// placeholderWords are whole segments, or the stems of file names, that
// only a template or an example uses: src/example/x.ts, my-app/main.go,
// foo/bar.py (case-insensitive).
var placeholderWords = map[string]bool{
	"example": true, "examples": true, "sample": true, "samples": true, "placeholder": true, "dummy": true,
	"foo": true, "bar": true, "baz": true, "qux": true, "xyz": true, "abc": true,
	"feature-name": true, "feature_name": true, "component-name": true, "your-feature": true,
	"new-feature": true, "some-feature": true, "my-feature": true, "module-name": true, "package-name": true,
	"project-name": true, "repo-name": true, "file-name": true, "filename": true, "something": true,
	"x": true, "y": true, "z": true,
}

// placeholderPrefixes start segments that name a thing to fill in:
// my-app/, your-project/, some-service/.
var placeholderPrefixes = []string{"my-", "my_", "your-", "your_", "some-", "some_", "example-", "example_", "sample-", "sample_"}

// genericFolders hold one folder per feature; under one, a file named as
// its folder (src/modules/feature/feature.module.ts) is a template of the
// layout when that folder is nowhere in the repository.
var genericFolders = map[string]bool{
	"modules": true, "features": true, "components": true, "pages": true, "services": true, "routes": true,
	"packages": true, "apps": true, "plugins": true, "domains": true, "views": true, "screens": true, "widgets": true,
	"controllers": true, "handlers": true, "stores": true, "slices": true, "entities": true,
}

// branchPrefixes start git branch names by convention (docs/bsp-fix,
// feat/login): on a line about branches or commits such a name is no path.
var branchPrefixes = map[string]bool{
	"feat": true, "feature": true, "features": true, "fix": true, "bugfix": true, "hotfix": true, "docs": true, "doc": true,
	"chore": true, "refactor": true, "release": true, "releases": true, "test": true, "tests": true, "ci": true, "build": true,
	"perf": true, "style": true, "wip": true, "dev": true, "exp": true, "experiment": true, "spike": true, "claude": true,
}

// gitWords on a line make a name such as docs/bsp-fix a branch, not a
// folder.
var gitWords = []string{
	"branch", "branches", "branched", "commit", "commits", "committed", "merge", "merged", "rebase", "rebased",
	"checkout", "checked out", "pull request", "pr", "push", "pushed", "worktree",
	"分支", "ブランチ", "브랜치", "ветк*", "branche", "rama", "ramo", "zweig", "nhánh",
}

// projectHolders name folders that hold other projects' checkouts
// (reference-projects/, vendor/, third_party/): a git-ignored folder named
// below one is another project, and paths through a folder of its name are
// that project's. Matched against the words of the holder's name.
var projectHolders = map[string]bool{
	"project": true, "projects": true, "repo": true, "repos": true, "reference": true, "references": true,
	"vendor": true, "third": true, "external": true, "upstream": true, "checkouts": true, "clones": true,
	"sources": true, "refs": true, "others": true, "sibling": true, "siblings": true,
}

// repoNouns name a repository: "the infra repo", "(dotfiles repository)".
// Before one, a name other than ownRepoWords makes the sentence about
// another repository, whose paths are not this one's.
var repoNouns = map[string]bool{
	"repo": true, "repos": true, "repository": true, "repositories": true, "dépôt": true, "repositorio": true,
	"repositório": true, "repositorium": true, "kho": true,
}

// ownRepoWords before a repository noun mean this repository, or any.
var ownRepoWords = map[string]bool{
	"this": true, "the": true, "our": true, "a": true, "an": true, "same": true, "current": true, "main": true,
	"whole": true, "entire": true, "git": true, "memory": true, "project": true, "your": true, "my": true,
	"github": true, "gitlab": true, "remote": true, "origin": true, "code": true, "source": true, "each": true,
	"every": true, "any": true, "new": true, "local": true, "public": true, "private": true, "mono": true,
	"ce": true, "le": true, "este": true, "el": true, "o": true, "dieses": true, "das": true, "này": true,
}

// thisRepoWords before a name and a repository noun keep it this one:
// "this infra repo".
var thisRepoWords = map[string]bool{"this": true, "our": true, "same": true}

// elsewhereHeadingWords in a heading make the section under it about
// another project's layout: "Reference project layout", "参考项目结构".
var elsewhereHeadingWords = []string{
	"reference project", "reference layout", "reference implementation", "upstream", "other repo", "other project",
	"参考项目", "参考实现", "对照", "借鉴", "参照プロジェクト", "참고 프로젝트",
}

// exampleLeads directly before a path make it an example: "a file like
// src/x.ts", "comme docs/a.md".
var exampleLeads = map[string]bool{
	"like": true, "comme": true, "como": true, "wie": true, "как": true, "như": true,
}

// rangeWords between two dates make the names they date a series
// ("daily-2026-04-08 through 2026-04-14"), not one file each.
var rangeWords = []string{
	"through", "thru", "to", "until", "till", "and", "–", "—", "~", "～", "..", "…",
	"至", "到", "から", "까지", "부터", "по", "до", "au", "à", "hasta", "a", "até", "bis", "đến", "tới",
}

// The words of a line that say the memory already knows the path it
// names is not there, or is not meant to be: the path was removed,
// renamed or moved, does not exist, is planned, is git-ignored or kept
// local, is an example, or belongs to another repository. Such a line is
// not a claim, and none of its paths is reported. One table per
// language, each grouped by what the words say.
var knownWords = [][]string{
	english: {
		// changed or gone
		"deleted", "delete", "removed", "remove", "removal", "deletion", "renamed", "rename", "moved", "move",
		"formerly", "previously", "legacy", "deprecated", "old", "older", "obsolete", "replaced", "replaces",
		"instead", "dropped", "migrated", "gone", "now", "became", "becomes", "split", "retired",
		"anymore", "no longer", "superseded", "archived", "abandoned", "reverted", "cleaned up", "purged",
		// absent
		"does not exist", "doesn't exist", "do not exist", "don't exist", "did not exist", "didn't exist",
		"not exist", "nonexistent", "non-existent", "missing", "no such file", "not found", "not present",
		"absent", "never existed", "never created", "never committed", "isn't there", "is not there",
		// planned
		"create", "creates", "created", "creating", "will", "planned", "plan", "todo", "future", "proposed",
		"propose", "should add", "to be added", "would", "could", "new file",
		// kept out of git
		"generated", "generate", "untracked", "gitignored", "gitignore", "ignored", "not committed",
		"not tracked", "not checked in", "uncommitted", "local only", "local-only", "local copy",
		"do not commit", "don't commit", "never commit", "do not stage", "don't stage", "never stage",
		// only an example
		"example", "e.g.", "eg.", "for instance", "such as", "possible locations", "possibly", "hypothetical",
		// somewhere else
		"that repo", "that repository", "other repo", "other repository", "another repo", "another repository",
		"upstream", "sibling repo", "their repo", "external repo", "its repo",
	},
	chinese: {
		"删", "移除", "重命名", "改名", "移动到", "移到", "迁移", "搬到", "拆除", "下线", "清理", "退役", "僵尸",
		"废弃", "弃用", "淘汰", "旧的", "旧版", "原来的", "原先", "之前的", "替换", "替代", "改为", "不再", "已移",
		"不存在", "找不到", "没找到", "未找到", "没有找到", "缺失", "并不存在", "不在仓库",
		"计划", "将要", "将会", "待创建", "待添加", "新建", "创建", "新增", "建议", "后续",
		"忽略", "未提交", "不提交", "不要提交", "仅本地", "只在本地", "未跟踪", "自动生成", "生成的",
		"例如", "比如", "示例", "举例", "例子", "诸如",
		"另一个仓库", "其他仓库", "该仓库", "那个仓库", "上游", "参考项目",
	},
	japanese: {
		"削除", "消し", "名前変更", "リネーム", "移動", "移行", "廃止", "非推奨", "旧", "置き換え", "置換",
		"存在しない", "存在しません", "見つからない", "見つかりません", "ありません", "なくなっ",
		"作成予定", "予定", "作成する", "追加する", "新規", "提案",
		"無視", "コミットしない", "ローカルのみ", "生成され",
		"例えば", "たとえば", "例:", "例：", "など",
		"別のリポジトリ", "他のリポジトリ", "上流",
	},
	korean: {
		"삭제", "제거", "이름 변경", "이름을 바꿨", "이동", "옮겼", "옮김", "폐기", "더 이상", "대체", "교체", "이전",
		"없음", "없다", "없습니다", "존재하지 않", "찾을 수 없", "못 찾",
		"생성", "추가 예정", "예정", "계획", "권장", "제안", "만들",
		"무시", "커밋하지", "로컬 전용", "로컬에서만", "추적하지",
		"예를 들어", "예시", "예:", "등의",
		"다른 저장소", "다른 레포", "업스트림",
	},
	russian: {
		"удал*", "переимен*", "перемещ*", "перенес*", "перенёс*", "устарев*", "заменен*", "заменён*", "больше не",
		"не существует", "нет файла", "не найден*", "отсутств*",
		"созда*", "планир*", "будет", "предлага*",
		"игнорир*", "не коммит*", "локальн*", "сгенерир*",
		"например", "пример*",
		"другом репозитории", "другой репозиторий", "того репозитория",
	},
	french: {
		"supprim*", "renomm*", "déplac*", "migré", "migrant", "obsolète", "ancien", "ancienne", "remplac*", "n'est plus",
		"n'existe pas", "n'existe plus", "introuvable", "manquant*", "absent*",
		"créer", "crée", "créé", "créée", "prévu*", "à venir", "propos*",
		"ignoré*", "non commité*", "local uniquement", "généré*",
		"par exemple", "ex.", "tel que", "tels que",
		"autre dépôt", "ce dépôt-là", "dépôt amont",
	},
	spanish: {
		"elimin*", "borrad*", "renombr*", "movid*", "migrad*", "obsolet*", "antiguo", "antigua", "reemplaz*", "ya no",
		"no existe", "no se encuentra", "falta", "faltante*", "ausente*",
		"crear", "creará", "planead*", "previsto", "propuest*",
		"ignorad*", "sin commit", "solo local", "generad*",
		"por ejemplo", "p. ej.", "p.ej.", "tal como",
		"otro repositorio", "ese repositorio", "repositorio upstream",
	},
	portuguese: {
		"remov*", "exclu*", "apagad*", "renomead*", "movid*", "migrad*", "obsolet*", "antigo", "antiga", "substitu*", "não mais",
		"não existe", "não há", "não encontrad*", "ausente*",
		"criar", "criará", "planejad*", "previsto", "propost*",
		"ignorad*", "não commitad*", "apenas local", "gerad*",
		"por exemplo", "ex.", "tal como",
		"outro repositório", "esse repositório", "repositório upstream",
	},
	german: {
		"gelöscht", "entfernt", "umbenannt", "verschoben", "migriert", "veraltet", "alte", "alten", "ersetzt", "nicht mehr",
		"existiert nicht", "nicht vorhanden", "fehlt", "nicht gefunden",
		"erstellen", "anlegen", "geplant", "vorgeschlagen",
		"ignoriert", "nicht committet", "nur lokal", "generiert",
		"zum beispiel", "z.b.", "z. b.", "beispielsweise", "wie etwa",
		"anderen repository", "anderes repository",
	},
	vietnamese: {
		"đã xóa", "đã xoá", "xóa", "xoá", "gỡ bỏ", "đổi tên", "di chuyển", "chuyển sang", "lỗi thời", "cũ", "thay thế", "không còn",
		"không tồn tại", "không có", "không tìm thấy", "thiếu",
		"tạo mới", "sẽ tạo", "dự kiến", "kế hoạch", "đề xuất",
		"bỏ qua", "không commit", "chỉ cục bộ", "được sinh",
		"ví dụ", "chẳng hạn",
		"repo khác", "kho khác",
	},
}

// pastWords on a line make it a record of a past event: "gui/start.sh
// was rewritten", "the pattern start.sh had", "已修复", "удалил был".
// Its paths are history: counted in one summary of the file, not reported
// one by one.
var pastWords = [][]string{
	english:    {"was", "were", "had", "did", "wasn't", "weren't", "hadn't", "didn't", "ago", "at the time", "back then", "yesterday", "last week", "last session", "this session"},
	chinese:    {"已经", "已修复", "已解决", "已完成", "已合并", "已审查", "已验证", "已确认", "已同步", "已更新", "已修改", "曾经", "当时", "了。", "了，", "了；", "过了"},
	japanese:   {"ました", "でした", "しました", "した。", "済み", "完了"},
	korean:     {"했다", "했음", "했습니다", "었다", "였다", "됐다", "되었다", "었습니다", "였습니다", "완료"},
	russian:    {"был", "была", "было", "были", "сделал*", "исправил*", "добавил*"},
	french:     {"était", "étaient", "a été", "ont été", "avait", "fut"},
	spanish:    {"fue", "fueron", "había", "se hizo"},
	portuguese: {"foi", "foram", "havia", "tinha"},
	german:     {"waren", "wurde", "wurden", "hatte", "hatten"},
	vietnamese: {"đã", "từng", "trước đây", "lúc đó"},
}

// resolvedWords at the head of a memory (its description or its first
// block) mark the whole memory as the record of a problem that is over:
// "**✅ 已解决 (2026-07-07)**", "Status: fixed and approved." (not a ✅ alone,
// which feedback memories also use for "do this"). Matched in
// the lowercased head; resolvedMarks are matched as written, since
// "resolved" alone is as often a verb of the memory's topic.
var resolvedWords = []string{
	"status: fixed", "status: done", "status: closed", "status: resolved", "status: superseded",
	"fixed and approved", "[resolved]", "(resolved)", "resolved:", "no longer applies",
	"已解决", "已修复", "已关闭", "已废弃", "解決済み", "対応済み", "해결됨", "해결 완료", "решено", "исправлено",
	"résolu", "resuelto", "resolvido", "erledigt", "behoben", "đã giải quyết", "đã sửa xong",
}

// resolvedMarks are resolvedWords matched as written.
var resolvedMarks = []string{"RESOLVED", "FIXED", "CLOSED", "SUPERSEDED", "OBSOLETE"}

// pastLeadVerbs open a line that records what was done, as changelogs and
// session notes write them: "- Added crewai to …", "Fixed the race in …".
// Matched as the first word of a line, after list markers and a date.
var pastLeadVerbs = map[string]bool{
	"added": true, "fixed": true, "updated": true, "changed": true, "implemented": true, "refactored": true,
	"reviewed": true, "verified": true, "confirmed": true, "checked": true, "found": true, "cited": true,
	"wrote": true, "rewrote": true, "merged": true, "resolved": true, "addressed": true, "approved": true,
	"rejected": true, "tested": true, "ran": true, "introduced": true, "extracted": true, "converted": true,
	"completed": true, "finished": true, "shipped": true, "landed": true, "deployed": true, "investigated": true,
	"discovered": true, "noticed": true, "identified": true, "audited": true, "inspected": true, "scanned": true,
	"examined": true, "reproduced": true, "patched": true, "bumped": true, "cleaned": true, "documented": true,
	"modified": true, "adjusted": true, "improved": true, "optimized": true, "optimised": true, "restored": true,
	"released": true, "wired": true, "hooked": true, "built": true, "made": true, "did": true,
	"touched": true, "edited": true, "traced": true, "debugged": true, "diagnosed": true, "flagged": true,
	"hinzugefügt": true, "behoben": true, "ajouté": true, "corrigé": true, "añadido": true, "corregido": true,
	"adicionado": true, "corrigido": true, "добавлен": true, "исправлен": true,
}

// logNameWords in a file's name (split at "-", "_", "." and case
// changes) make it a log: a record of sessions, reviews or changes, whose
// paths are history. Words that also name a topic ("session" tokens, code
// "review" rules) count only at the start of the name (logNamePrefixes).
var logNameWords = map[string]bool{
	"log": true, "logs": true, "changelog": true, "worklog": true, "devlog": true, "buglog": true, "journal": true,
	"diary": true, "postmortem": true, "retro": true, "retrospective": true, "minutes": true, "handoff": true,
	"handover": true, "standup": true, "transcript": true, "recap": true,
	"日志": true, "记录": true, "复盘": true, "会话记录": true, "审查记录": true, "ログ": true, "議事録": true,
	"로그": true, "기록": true, "회고": true, "журнал": true, "лог": true, "historique": true, "bitácora": true,
}

// logNamePrefixes start the name of a log: review-pr-12.md,
// session_2026-04-01.md, audit-auth.md.
var logNamePrefixes = []string{"review", "session", "audit", "history", "incident", "daily"}

// logFolders hold logs: a memory under one is a log.
var logFolders = map[string]bool{
	"logs": true, "log": true, "sessions": true, "reviews": true, "audits": true, "journal": true, "history": true,
	"archive": true, "daily": true, "changelog": true, "transcripts": true,
}

// logHeadingWords in a heading make the section under it a log: what a
// session did, what changed, what a review found.
var logHeadingWords = []string{
	"changelog", "change log", "changes", "what changed", "what was done", "what was implemented", "done so far",
	"completed", "history", "log", "session log", "session notes", "session summary", "review log", "review notes",
	"review findings", "reviewed", "audit", "timeline", "progress", "status update", "retrospective",
	"post-mortem", "postmortem", "incident",
	"变更", "修改记录", "更新记录", "已完成", "历史", "日志", "会话", "审查", "复盘", "进展",
	"変更履歴", "履歴", "作業ログ", "レビュー", "변경 사항", "변경 이력", "작업 로그", "리뷰", "이력",
	"изменения", "история", "журнал", "historique", "journal", "cambios", "historial", "mudanças", "histórico",
	"änderungen", "verlauf", "lịch sử", "thay đổi",
}

// fileListLabels start a line that lists files a past step went through
// ("Files reviewed: a.ts, b.ts"): that line and the list right under it
// are history.
var fileListLabels = []string{
	"files reviewed", "reviewed files", "files changed", "changed files", "files modified", "modified files",
	"files touched", "touched files", "files read", "files checked", "files edited", "edited files",
	"files updated", "updated files", "files created", "files deleted", "files inspected", "files scanned",
	"修改文件", "改动文件", "变更文件", "涉及文件", "审查文件", "修改的文件", "变更的文件",
	"変更ファイル", "変更したファイル", "確認したファイル", "변경 파일", "수정 파일", "변경된 파일", "검토한 파일",
	"изменённые файлы", "измененные файлы", "fichiers modifiés", "archivos modificados", "arquivos modificados",
	"geänderte dateien", "tệp đã sửa",
}

// Languages of the word tables, in the order they are listed.
const (
	english = iota
	chinese
	japanese
	korean
	russian
	french
	spanish
	portuguese
	german
	vietnamese
)

// historyMarks on the line of a path record a change rather than a claim:
// "libs/FastPlot/ → libs/FastSense/".
var historyMarks = []string{"→", "->", "=>", "⇒", "⟶", "⇨", "➜", "➡"}
