package memory

// Tables of what marks a template for memories and a placeholder in one
// (template.go). Data only: extend a table to teach memlint a language or
// a habit; the logic does not change. Entries are lowercase.

// templateWords name a template or an example to copy, as a file name, a
// part of one (memory-template.md, feedback_template.md) or a folder
// (templates/, examples/). Words that also mean something else in a
// memory's name (Portuguese and French "modelo"/"modèle" are a data
// model too, German "Muster" a pattern) are left out.
var templateWords = setOf(
	"template", "templates", "tmpl", "tpl", "example", "examples", "sample", "samples",
	"skeleton", "boilerplate",
	"模板", "模版", "样板", "范例", "示例", "样例", "範例", "範本", // Chinese
	"テンプレート", "テンプレ", "ひな形", "雛形", "ひな型", "雛型", "サンプル", "記入例", // Japanese
	"템플릿", "예시", "샘플", "견본", // Korean
	"шаблон", "шаблоны", "пример", "примеры", "образец", "заготовка", // Russian
	"plantilla", "plantillas", "ejemplo", "ejemplos", // Spanish
	"exemplo", "exemplos", // Portuguese
	"exemple", "exemples", "gabarit", // French
	"vorlage", "vorlagen", "beispiel", "schablone", // German
	"esempio", // Italian
	"mẫu",     // Vietnamese
)

// templateNameFiller are words a template's file name carries beside its
// template word without naming a topic: memory-template.md, _new_example.md,
// 记忆模板.md (the table is also matched glued to a template word, for
// scripts written without spaces).
var templateNameFiller = setOf(
	"memory", "memories", "mem", "topic", "note", "notes", "file", "new", "blank", "empty", "base",
	"default", "md",
	"记忆", "記憶", "备忘", "笔记", "メモリ", "メモ", "메모리", "메모", "память", "заметка",
	"memoria", "mémoire", "notiz", "gedächtnis",
)

// memoryTypeNames are the four memory types, as Claude Code names its
// memory files after them (feedback_testing.md).
var memoryTypeNames = setOf("user", "feedback", "project", "reference")

// placeholderBrackets are the pairs that wrap a whole placeholder value:
// <kebab-case-slug>, {{description}}, [one line], ${NAME}, __NAME__,
// 【描述】. Longer openers come first: {{x}} is one placeholder, not {x}.
var placeholderBrackets = [][2]string{
	{"{{", "}}"}, {"${", "}"}, {"__", "__"}, {"<", ">"}, {"{", "}"}, {"[", "]"}, {"【", "】"}, {"＜", "＞"},
}

// placeholderValues are whole values that stand for text still to write
// (compared lowercased, ignoring a trailing ":" or "."), in the languages
// memory is written in.
var placeholderValues = setOf(
	"todo", "tbd", "tba", "fixme", "xxx", "xx", "x", "...", "…", "???", "?", "placeholder",
	"lorem ipsum", "name", "title", "description", "summary", "slug", "type",
	"待定", "待填写", "待补充", "待完善", "填写", "请填写", "在此填写", "未定", "略", // Chinese
	"名称", "名字", "标题", "描述", "说明", "简介", "摘要", "类型",
	"要記入", "未記入", "記入", "ここに記入", "名前", "タイトル", "説明", "概要", "種類", // Japanese
	"미정", "작성", "작성 예정", "입력", "여기에 입력", "이름", "제목", "설명", "요약", "유형", // Korean
	"заполнить", "заполните", "уточнить", "название", "имя", "описание", "тип", // Russian
	"por definir", "completar", "rellenar", "nombre", "título", "descripción", "tipo", // Spanish
	"a definir", "preencher", "a preencher", "nome", "descrição", "resumo", // Portuguese
	"à compléter", "à remplir", "à définir", "nom", "titre", "résumé", // French
	"ausfüllen", "zu ergänzen", "titel", "beschreibung", "zusammenfassung", "typ", // German
	"điền vào", "tên", "mô tả", "tóm tắt", "loại", // Vietnamese
)

// placeholderMarkers start a value that is a note to fill it in:
// "TODO: one line about …".
var placeholderMarkers = []string{"todo", "tbd", "fixme", "xxx"}

// placeholderPossessives start a value that addresses whoever fills the
// template in: your-memory-name, "Your description here", 你的名称.
var placeholderPossessives = []string{
	"your", "你的", "您的", "あなたの", "당신의", "귀하의", "ваш", "ваша", "ваше", "ваши", "votre", "vos",
	"dein", "deine", "deinen",
}

// placeholderWords make up values written only of words about the value
// itself (a name, a description, an example of one): example-name,
// "A short description of the memory", my-memory-slug. A value of these
// words alone is a placeholder when one of them is a placeholderWordMarks.
var placeholderWords = setOf(
	"a", "an", "the", "of", "for", "to", "this", "that", "it", "its", "here", "goes", "my", "your",
	"one", "line", "short", "brief", "memory", "memories", "topic", "file", "new", "unique",
	"kebab", "case", "snake", "lower", "lowercase", "id", "identifier", "value", "text",
	"name", "slug", "title", "description", "summary", "type", "placeholder", "example", "sample",
	"todo", "tbd", "xxx", "lorem", "ipsum", "insert", "enter", "fill", "in", "replace", "with",
)

// placeholderWordMarks are the placeholderWords that say what the value
// stands for; without one, "new memory" or "the file" is only short.
var placeholderWordMarks = setOf(
	"name", "slug", "title", "description", "summary", "type", "placeholder", "example", "sample",
	"todo", "tbd", "xxx", "lorem", "kebab", "your",
)

// setOf makes a set of words.
func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
