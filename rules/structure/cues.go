package structure

// The words that give a memory's reason or scope in running text, without
// a label: "… because the API rate-limits", "in every conversation", "실행
// 시", "否则会丢数据". A memory that says why or when in its own words has
// nothing missing, and the rules stay silent about it.
//
// These are tables, one language to an entry: extend them to teach memlint
// a language, the scanner needs no change. Each entry has
//   - words: whole words or phrases of whole words, in a script written
//     with spaces between words. They are compared in lower case, with
//     apostrophes and hyphens read as spaces, so "that's why" and "из-за"
//     match as written;
//   - fragments: text matched anywhere inside a word, for scripts written
//     without spaces (Chinese, Japanese) and endings glued to Korean words
//     (배포전에, 하기때문에). A fragment ending in "$" must end the word,
//     which punctuation ends: 部署时， (when deploying) but not 时间 (time).
//
// A word or fragment that also means something else ("since 2024", 时间)
// is kept when its other meanings are rarer in memory than its cue: a cue
// found by mistake only keeps the rules quiet, which is the safe mistake.

// cueLanguage is one language's cues of one kind.
type cueLanguage struct {
	lang      string
	words     []string
	fragments []string
}

// reasonCues say why: causal connectives, purposes, consequences, what
// the rule gains ("saves", 节省), and who asked for it.
var reasonCues = []cueLanguage{
	{lang: "en", words: []string{
		"because", "cause", "caused", "causes", "causing", "since", "so", "otherwise", "or else", "to avoid",
		"to prevent", "to keep", "to ensure", "to make sure", "in order to", "so as to", "due to",
		"owing to", "thanks to", "as a result", "led to", "leads to", "resulted in", "results in",
		"which means", "this means", "that means", "the reason", "reason", "reasons", "that's why",
		"which is why", "this is why", "prevents", "avoids", "ensures", "guarantees", "broke", "breaks",
		"lost", "wasted", "bit us", "root cause", "lesson", "lessons",
		"the hard way", "incident", "given that", "saves", "saving", "faster", "slower", "cheaper", "safer", "simpler",
		"the user said", "user said", "user says", "user asked", "user wants",
		"user prefers", "user corrected", "corrected me", "user explicitly", "user requested", "per the user",
		"at the user's request", "user feedback", "user's preference", "user preference",
	}},
	{lang: "fr", words: []string{
		"parce que", "parce qu'", "car", "puisque", "puisqu'", "sinon", "pour éviter", "afin de", "afin d'",
		"afin que", "pour que", "pour ne pas", "à cause de", "à cause du", "en raison de", "grâce à",
		"c'est pourquoi", "sans quoi", "faute de", "cela évite", "la raison",
	}},
	{lang: "es", words: []string{
		"porque", "ya que", "puesto que", "dado que", "si no", "de lo contrario", "para evitar", "para que",
		"para no", "debido a", "por eso", "por lo que", "a causa de", "causó", "rompió", "la razón",
	}},
	{lang: "pt", words: []string{
		"porque", "pois", "já que", "visto que", "uma vez que", "senão", "caso contrário", "para evitar",
		"para que", "para não", "devido a", "por causa", "por isso", "causou", "quebrou", "a razão",
	}},
	{lang: "de", words: []string{
		"weil", "da es", "da der", "da die", "da das", "da wir", "da sie", "da man", "da er", "da ich",
		"da dies", "da diese", "denn", "sonst", "andernfalls", "damit", "zu vermeiden", "wegen", "aufgrund",
		"deshalb", "daher", "deswegen", "führte zu", "verursacht", "der grund",
	}},
	{lang: "it", words: []string{
		"perché", "poiché", "siccome", "altrimenti", "per evitare", "a causa di", "dato che", "quindi",
	}},
	{lang: "nl", words: []string{"omdat", "om te voorkomen", "doordat", "daarom", "anders gaat"}},
	{lang: "ru", words: []string{
		"потому что", "так как", "поскольку", "иначе", "чтобы", "из-за", "поэтому", "причина", "привело к",
		"сломало", "сломал", "вызвало", "пользователь сказал", "пользователь попросил",
	}},
	{lang: "uk", words: []string{"тому що", "бо", "оскільки", "інакше", "щоб", "через те що", "причина"}},
	{lang: "pl", words: []string{"ponieważ", "bo", "dlatego", "inaczej", "żeby", "aby", "z powodu"}},
	{lang: "tr", words: []string{"çünkü", "yoksa", "bu yüzden", "nedeniyle", "aksi halde"}},
	{lang: "vi", words: []string{
		"vì", "bởi vì", "do đó", "nếu không", "để tránh", "để không", "vì vậy", "vì thế",
		"nguyên nhân", "lý do", "gây ra", "dẫn đến",
	}},
	{lang: "id", words: []string{"karena", "sebab", "agar", "supaya", "jika tidak", "kalau tidak"}},
	{lang: "zh", fragments: []string{
		"因为", "因為", "由于", "由於", "所以", "否则", "否則", "以免", "以防", "为了", "為了", "避免", "防止", "节省",
		"節省", "省去", "更快", "更安全", "简化", "簡化",
		"导致", "導致", "造成", "原因", "理由", "缘故", "緣故", "不然", "免得", "用户说", "用戶說", "用户要求",
		"用戶要求", "用户反馈", "用戶反饋", "教训", "教訓",
	}},
	{lang: "ja", fragments: []string{
		"ため", "ので", "だから", "ですから", "なぜなら", "しないと", "しなければ", "でないと", "せいで", "おかげで", "節約",
		"防ぐ", "避ける", "原因", "理由",
	}},
	{lang: "ko", fragments: []string{
		"때문", "그래서", "따라서", "그러므로", "않으면", "안 하면", "아니면", "위해", "위하여", "방지", "이유", "원인",
		"므로", "니까", "탓에", "덕분에", "교훈", "절약",
	}},
}

// scopeCues say when or where: conditions and exceptions (if, unless,
// only), times, frequencies, the things a rule covers (every, all), the
// place it holds in ("in Go packages", "for the billing service"), and the
// words of a rule that holds everywhere ("always", "never"). On real
// memory a missing scope was never what a careful user agreed with: a rule
// names where it holds in more ways than any table lists, so the table is
// wide.
var scopeCues = []cueLanguage{
	{lang: "en", words: []string{
		"when", "whenever", "before", "after", "if", "unless", "every", "each", "any", "all", "always", "never",
		"anytime", "during", "while", "until", "only", "by default", "from now on", "going forward",
		"in future", "in the future", "next time", "applies to", "apply to", "applies when", "watch for",
		"what to do", "do instead",
		// where: "in Go packages", "for the billing service", "on CI"
		"in", "for", "on", "under", "within", "inside", "across", "throughout", "per",
	}},
	{lang: "fr", words: []string{
		"quand", "lorsque", "lorsqu'", "avant", "après", "si", "toujours", "jamais", "chaque", "tous", "toutes",
		"pendant", "dès que", "dans", "pour", "sur", "en",
	}},
	{lang: "es", words: []string{
		"cuando", "antes", "después", "si", "siempre", "nunca", "cada", "todos", "todas", "durante", "mientras",
		"en", "para",
	}},
	{lang: "pt", words: []string{
		"quando", "antes", "depois", "sempre", "nunca", "cada", "todos", "todas", "durante", "enquanto", "em",
		"para",
	}},
	{lang: "de", words: []string{
		"wenn", "bevor", "nachdem", "immer", "nie", "niemals", "jeder", "jede", "jedes", "jeden", "jedesmal",
		"alle", "allen", "falls", "sobald", "während", "in", "im", "für", "bei", "beim",
	}},
	{lang: "it", words: []string{"quando", "prima di", "dopo", "sempre", "mai", "ogni", "tutti", "tutte", "in", "per", "nel", "nella"}},
	{lang: "nl", words: []string{"wanneer", "voordat", "nadat", "altijd", "nooit", "elke", "elk", "in", "voor", "bij"}},
	{lang: "ru", words: []string{
		"когда", "перед", "после", "если", "всегда", "никогда", "каждый", "каждая", "каждое", "каждом", "каждую",
		"все", "всех", "любой", "при", "во время", "в", "во", "для", "на",
	}},
	{lang: "uk", words: []string{"коли", "перед", "після", "якщо", "завжди", "ніколи", "кожен", "кожного", "всі", "в", "у", "для", "на"}},
	{lang: "pl", words: []string{"kiedy", "gdy", "przed", "jeśli", "zawsze", "nigdy", "każdy", "każdym", "wszystkie", "w", "dla", "na"}},
	{lang: "tr", words: []string{"zaman", "önce", "sonra", "eğer", "her", "asla", "tüm"}},
	{lang: "vi", words: []string{
		"khi", "trước khi", "sau khi", "nếu", "luôn", "không bao giờ", "mỗi", "mọi", "tất cả", "bất cứ", "trong",
		"cho", "ở", "tại",
	}},
	{lang: "id", words: []string{"ketika", "saat", "sebelum", "setelah", "sesudah", "jika", "selalu", "setiap", "semua", "di", "untuk", "dalam"}},
	{lang: "zh", fragments: []string{
		"时候", "时$", "時$", "时必须", "时要", "时先", "时请", "时不要", "时务必", "时应", "时需", "時必須", "時要",
		"時先", "時請", "時不要", "時務必", "時應", "時需", "每", "每當", "如果", "若", "之前", "之后", "之後", "以前", "以后", "以後",
		"前必须", "前先", "前请", "前要", "后再", "總是", "总是", "始终", "始終", "永远", "永遠", "一律", "凡是",
		"所有", "任何", "不要", "禁止", "务必", "務必", "遇到", "涉及", "除非", "仅", "僅", "只有", "只在", "在", "对于", "對於",
		"针对", "針對",
	}},
	{lang: "ja", fragments: []string{
		"時$", "時は", "時に", "時には", "時の", "時も", "とき", "場合", "前に", "後$", "後に", "後は", "際", "限り", "のみ", "では", "において", "に対して", "常に", "必ず", "毎回", "いつも", "決して", "すべて", "全て", "各", "毎",
		"たびに",
	}},
	{lang: "ko", words: []string{
		"때", "때는", "때에", "때에는", "때도", "때만", "시", "시에", "시에는", "항상", "절대", "절대로", "매번",
		"언제나", "늘", "모든", "각", "매", "오직", "단",
	}, fragments: []string{"때마다", "전에", "후에", "경우", "마다", "에서", "에는", "대해"}},
}
