package wikilink

// Words of wikilink-dangling: the syntax examples it leaves alone and the
// words that say a link points elsewhere. Extend them here.

// syntaxExamples are [[targets]] that show the link syntax rather than
// link a memory: "cross-references via [[wikilinks]]", "write [[name]]".
var syntaxExamples = map[string]bool{
	"wikilink": true, "wikilinks": true, "wiki-link": true, "wiki-links": true, "link": true, "links": true,
	"name": true, "names": true, "note": true, "notes": true, "note-name": true, "page": true, "page-name": true,
	"title": true, "slug": true, "target": true, "memory": true, "memory-name": true, "file": true, "filename": true,
	"...": true, "…": true, "x": true, "foo": true,
}

// elsewhere are what a memory says beside a [[link]] when the memory it
// links is not one of this dir's on purpose: the user's global memory, a
// learnings folder in the home directory, a parent project's memory, or a
// memory still to be written. They are matched in lower case, in the
// sentence of the link, outside the link itself.
var elsewhere = []string{
	// English
	"global memory", "global memories", "global claude memory", "user memory", "user-level memory",
	"user-scope memory", "personal memory", "parent-scope", "parent scope", "parent project",
	"parent repo", "parent memory", "other project", "another project", "other repo", "another repo",
	"sibling repo", "sibling project", "home directory", "home folder", "~/.claude", "$home/.claude",
	"learnings/", "learnings folder", "outside this dir", "outside this repo", "outside this project",
	"if written", "once written", "when written", "if it exists", "if it gets written",
	"not yet written", "not written yet", "yet to be written", "to be written", "still to write",
	// Chinese
	"全局记忆", "全局 memory", "全局的记忆", "用户记忆", "个人记忆", "上级项目", "父项目", "其他项目",
	"另一个项目", "如果写了", "若已写", "待写", "尚未写", "还没写",
	// Japanese
	"グローバルメモリ", "グローバル メモリ", "ユーザーメモリ", "親プロジェクト", "別のプロジェクト",
	"他のプロジェクト", "未作成", "書かれたら", "作成予定",
	// Korean
	"전역 메모리", "글로벌 메모리", "사용자 메모리", "상위 프로젝트", "다른 프로젝트", "작성 예정",
	"작성되면", "미작성", "아직 작성",
	// Russian
	"глобальной памяти", "глобальная память", "глобальную память", "пользовательской памяти",
	"родительского проекта", "другом проекте", "другого проекта", "если будет написан",
	"ещё не написан", "еще не написан",
	// French
	"mémoire globale", "mémoire utilisateur", "projet parent", "autre projet", "si elle existe",
	"à écrire", "pas encore écrit",
	// Spanish
	"memoria global", "memoria de usuario", "proyecto padre", "otro proyecto", "si existe",
	"por escribir", "aún no escrit", "todavía no escrit",
	// Portuguese
	"memória global", "memória do usuário", "memória de usuário", "projeto pai", "outro projeto",
	"se existir", "a escrever", "ainda não escrit",
	// German
	"globalen speicher", "globalen memory", "globales gedächtnis", "globale memory",
	"übergeordneten projekt", "anderen projekt", "falls geschrieben", "noch nicht geschrieben",
	"noch zu schreiben",
	// Vietnamese
	"bộ nhớ toàn cục", "bộ nhớ chung", "dự án cha", "dự án khác", "nếu đã viết", "chưa viết", "sẽ viết",
}
