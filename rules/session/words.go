package session

// Words of ephemeral-content: the phrases of a session diary or a
// procedure, the nouns of a session, and the words of a standing rule.
// Extend them here.

// diaryPhrases mark text written for the conversation that wrote it; they
// are matched case-insensitively, at word starts.
var diaryPhrases = []string{
	"this session", "next session", "last session", "previous session",
	"this conversation", "in this chat", "today i", "today we",
	"本次会话", "这次会话", "下次会话", "上次会话", "本次對話", "今天我",
	"今回のセッション", "次のセッション", "前回のセッション",
	"이번 세션", "다음 세션", "지난 세션",
}

// sessionNouns, right after "session", make it a technical session (an
// HTTP, tmux or login session), not a conversation.
var sessionNouns = map[string]bool{
	"cookie": true, "cookies": true, "token": true, "tokens": true, "id": true,
	"ids": true, "key": true, "keys": true, "store": true, "storage": true,
	"state": true, "data": true, "variable": true, "variables": true,
	"timeout": true, "management": true, "manager": true, "middleware": true,
	"object": true, "handling": true, "handler": true, "expiry": true,
	"expiration": true, "lifetime": true, "ttl": true, "file": true,
	"files": true, "affinity": true, "fixation": true, "hijacking": true,
	"length": true, "scope": true, "secret": true, "name": true, "bus": true,
}

// refWords are the words refPattern lets stand before a number (lower
// case), and the path parts of a link to one.
var refWords = map[string]bool{"pr": true, "mr": true, "issue": true, "pull": true, "issues": true, "merge_requests": true}

// procedurePhrases frame a list as steps for recurring or future work, in
// lower case.
var procedurePhrases = []string{
	// English
	"for any ", "for every ", "for each ", "any new ", "every new ", "each new ", "whenever",
	"every time", "each time", "before each ", "before every ", "after each ", "after every ",
	"when adding", "when you add", "when creating", "when you create", "when introducing",
	"adding a new", "to add a new", "for future", "for the next new", "setup checklist",
	"how to ", "procedure", "playbook", "runbook", "template",
	// Portuguese and Spanish
	"pra qualquer", "para qualquer", "para cualquier", "para cada", "a cada", "cada vez",
	"cada nov", "cada nuev", "toda nova", "todo novo", "toda nueva", "todo nuevo", "toda feature",
	"sempre que", "siempre que", "ao adicionar", "ao criar", "al añadir", "al agregar", "al crear",
	"antes de cada", "para futur", "próximas fases", "proximas fases", "próximas etapas",
	// French
	"pour chaque", "pour tout nouveau", "pour toute nouvelle", "à chaque", "chaque fois",
	"lors de l'ajout", "quand on ajoute", "avant chaque", "pour les futur", "tout nouveau",
	"toute nouvelle",
	// German
	"für jede", "für jeden", "für jedes", "jedes mal", "jedesmal", "bei jeder", "bei jedem",
	"beim hinzufügen", "vor jedem", "vor jeder", "für künftige", "für zukünftige", "jede neue",
	"jeder neue", "jedes neue",
	// Russian
	"для каждого", "для каждой", "для любого", "для любой", "каждый раз", "при добавлении",
	"перед каждым", "перед каждой", "для новых", "для будущих", "каждый новый", "каждая новая",
	// Chinese
	"每次", "每当", "每个新", "任何新", "添加新的", "今后", "以后每", "将来", "模板",
	// Japanese
	"毎回", "のたびに", "追加するとき", "追加する際", "追加時", "今後", "テンプレート",
	// Korean
	"매번", "할 때마다", "추가할 때", "추가 시", "앞으로", "향후", "템플릿",
	// Vietnamese
	"mỗi khi", "mỗi lần", "cho mọi", "cho mỗi", "bất kỳ", "khi thêm", "trong tương lai",
}

// standingWords, in a memory's name, description, file name or title,
// say it is a standing document kept across conversations: lessons, a
// playbook or guide, a roadmap or backlog. In lower case.
var standingWords = []string{
	// English
	"lesson", "learnings", "playbook", "runbook", "postmortem", "post-mortem", "retrospective",
	"guide", "handbook", "how-to", "howto", "cheatsheet", "cheat sheet", "conventions", "roadmap",
	"backlog",
	// Chinese
	"教训", "经验", "复盘", "指南", "手册", "规范", "路线图",
	// Japanese
	"教訓", "振り返り", "ガイド", "手順書", "ロードマップ",
	// Korean
	"교훈", "회고", "가이드", "런북", "로드맵",
	// Russian
	"уроки", "руководство", "ретроспектива", "дорожная карта", "бэклог",
	// French
	"leçons", "retour d'expérience", "feuille de route",
	// Spanish and Portuguese
	"lecciones", "lições", "guía", "guia", "hoja de ruta", "retrospectiva",
	// German
	"lektionen", "erkenntnisse", "leitfaden", "anleitung", "retrospektive",
	// Vietnamese
	"bài học", "hướng dẫn", "lộ trình",
}

// phraseKeys are words one of which every diary phrase holds: the body is
// searched for them, and a phrase is looked for only around them.
var phraseKeys = []string{"session", "conversation", "chat", "today", "会话", "對話", "今天", "セッション", "세션"}
