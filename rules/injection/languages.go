package injection

import (
	"strings"

	"github.com/memlint/memlint/internal/lazyre"
)

// The wording of steering text in languages other than English, and the
// words around it that change what it means, a table per language.
// Everything here is written as the language is written, accents and all:
// the table is read through the same normaliser as memory text (patterns'
// words with normalizePattern, words with normalizeString) when the
// trigger table is built, so "précédentes" matches "PRÉCÉDENTES",
// "precedentes" and "рrécédentes" alike. Patterns follow the rules of the
// English ones (triggers.go): each names what is thrown away or hidden
// ("the previous instructions", "this … from the user"), so that ordinary
// feedback in the language ("ignora los avisos del linter") stays quiet.
// Punctuation in a pattern is written as NFKC leaves it: "," for the
// full-width "，" of Chinese text.

// langTrigger is a pattern of one language.
type langTrigger struct {
	family family
	// keys are words one of which every match holds: the prefilter's
	// words (when ASCII once normalised) or substrings.
	keys    []string
	pattern string
	// targetable: a match followed by a word of the language's targeted
	// list throws away some instructions only ("… sobre el formato").
	targetable bool
}

// language is a language's patterns and the words around them.
type language struct {
	name string
	// spaced: words are separated by spaces; a phrase then counts only
	// where it gives an order (at the start of a clause, or after one of
	// leads), as in English.
	spaced bool
	// leads are words after which a phrase still gives an order
	// ("por favor, …", "jetzt …"): the last word of each is kept.
	leads []string
	// mentions are words of a text about attacks, where a phrase is an
	// example ("inyección de prompt"); looked for as substrings.
	mentions []string
	// targeted are words that, right after an override, narrow it to
	// some instructions ("sobre", "über").
	targeted []string
	triggers []langTrigger
}

var languages = []language{
	{
		name: "Spanish", spaced: true,
		leads:    []string{"favor", "ahora", "y", "luego", "también", "siempre", "primero", "debes", "simplemente", "inmediatamente"},
		mentions: []string{"inyección", "ataque", "atacante", "malicios", "carga útil"},
		targeted: []string{"sobre", "acerca", "de", "del", "para", "en", "respecto"},
		triggers: []langTrigger{
			{family: famOverride, targetable: true,
				keys:    []string{"ignora", "ignore", "ignoren", "olvida", "olvide", "olviden", "descarta", "descarte", "omite", "omita", "desestima", "desatiende", "sigas", "siga", "obedezcas"},
				pattern: `\b(?:ignora|ignore|ignoren|olvida|olvide|olviden|descarta|descarte|omite|omita|desestima|desatiende|no\s+(?:sigas|siga|obedezcas))\s+(?:(?:todas|todos)\s+)?(?:las|los|tus|sus)\s+(?:(?:instrucciones|indicaciones|órdenes|directivas)\s+(?:anteriores|previas|originales|iniciales|de\s+arriba|del\s+sistema|que\s+(?:te|le)\s+(?:dieron|han\s+dado))|(?:anteriores|previas)\s+(?:instrucciones|indicaciones|órdenes))\b|\b(?:ignora|ignore|olvida|olvide|descarta|descarte)\s+(?:el|tu|su)\s+prompt\s+del\s+sistema\b|\b(?:ignora|ignore|olvida|olvide)\s+todo\s+lo\s+(?:anterior|de\s+arriba|que\s+(?:te|le)\s+(?:dijeron|han\s+dicho))\b`},
			{family: famOverride, keys: []string{"instrucciones"},
				pattern: `\btus\s+(?:verdaderas|auténticas|reales|nuevas)\s+instrucciones\s+(?:son\s+(?:estas|las\s+siguientes)|están\s+(?:abajo|a\s+continuación)|siguen)\b`},
			{family: famRole, keys: []string{"eres"},
				pattern: `\b(?:ahora|a\s+partir\s+de\s+ahora|desde\s+ahora)\s+eres\s+(?:dan\b|una?\s+(?:ia|asistente|modelo)\s+sin\s+(?:restricciones|límites|filtros|censura))|\bya\s+no\s+eres\s+claude\b`},
			{family: famConceal, keys: []string{"usuario", "usuaria"},
				pattern: `\bno\s+(?:le\s+)?(?:digas|diga|cuentes|cuente|menciones|mencione|reveles|revele|informes|informe)\s+(?:nada\s+(?:de\s+esto\s+)?|esto\s+)(?:al|a\s+la)\s+usuari[oa]\b|\b(?:oculta|oculte|esconde|esconda)\s+(?:esto|esta\s+(?:nota|instrucción|memoria))\s+(?:al|del|a\s+la|de\s+la)\s+usuari[oa]\b|\ba\s+espaldas\s+del\s+usuario\b|\bsin\s+(?:el\s+)?conocimiento\s+del\s+usuario\b`},
		},
	},
	{
		name: "French", spaced: true,
		leads:    []string{"plaît", "maintenant", "et", "puis", "ensuite", "aussi", "toujours", "désormais", "immédiatement"},
		mentions: []string{"injection", "attaque", "attaquant", "malveillant", "charge utile"},
		targeted: []string{"sur", "concernant", "pour", "de", "du", "des", "dans", "quant"},
		triggers: []langTrigger{
			{family: famOverride, targetable: true,
				keys:    []string{"ignore", "ignorez", "oublie", "oubliez", "néglige", "négligez", "tiens", "tenez", "abstraction", "obéis", "obéissez"},
				pattern: `\b(?:ignore|ignorez|oublie|oubliez|néglige|négligez|ne\s+tiens\s+pas\s+compte|ne\s+tenez\s+pas\s+compte|fais\s+abstraction|faites\s+abstraction|n['’]obéis\s+plus|n['’]obéissez\s+plus)(?:\s+(?:de|d['’]|des|aux|à))?\s*(?:(?:toutes|tous)\s+)?(?:les|tes|vos|ces)\s+(?:instructions|consignes|directives|ordres)\s+(?:précédentes|antérieures|initiales|originales|d['’]origine|ci-dessus|du\s+système|système|reçues)\b|\b(?:ignore|ignorez|oublie|oubliez)\s+(?:le|ton|votre)\s+prompt\s+(?:du\s+)?système\b|\b(?:ignore|ignorez|oublie|oubliez)\s+tout\s+(?:ce\s+qui\s+précède|ce\s+qu['’]on\s+(?:t['’]a|vous\s+a)\s+dit)\b`},
			{family: famOverride, keys: []string{"instructions"},
				pattern: `\b(?:tes|vos)\s+(?:vraies|véritables|nouvelles)\s+instructions\s+(?:sont\s+(?:ci-dessous|les\s+suivantes)|suivent)\b`},
			{family: famRole, keys: []string{"es", "êtes", "plus"},
				pattern: `\b(?:tu\s+es|vous\s+êtes)\s+(?:maintenant|désormais|à\s+présent)\s+(?:dan\b|une?\s+(?:ia|assistant)\s+sans\s+(?:restrictions|limites|filtres|censure))|\btu\s+n['’]es\s+plus\s+claude\b`},
			{family: famConceal, keys: []string{"utilisateur", "utilisatrice"},
				pattern: `\bne\s+(?:le\s+|lui\s+)?(?:dis|dites|mentionne|mentionnez|révèle|révélez|signale|signalez)\s+(?:rien|pas\s+(?:ceci|cela|ça))\s+à\s+l['’]utilisat(?:eur|rice)\b|\b(?:cache|cachez|garde|gardez)\s+(?:ceci|cela|ça|cette\s+(?:note|instruction|mémoire))\s+(?:secret\s+|secrète\s+)?(?:à|pour|de|vis-à-vis\s+de)\s+l['’]utilisat(?:eur|rice)\b|\bà\s+l['’]insu\s+de\s+l['’]utilisat(?:eur|rice)\b`},
		},
	},
	{
		name: "German", spaced: true,
		leads:    []string{"bitte", "jetzt", "und", "dann", "sofort", "auch", "immer", "zuerst", "nun"},
		mentions: []string{"injection", "angriff", "angreifer", "bösartig", "schädlich"},
		targeted: []string{"über", "zu", "zum", "zur", "für", "bei", "im", "in", "bezüglich"},
		triggers: []langTrigger{
			{family: famOverride, targetable: true,
				keys:    []string{"ignoriere", "ignorier", "ignorieren", "vergiss", "vergessen", "missachte", "missachten", "verwirf", "verwerfen", "befolge", "folge"},
				pattern: `\b(?:ignoriere|ignorier|ignorieren\s+sie|vergiss|vergessen\s+sie|missachte|missachten\s+sie|verwirf|verwerfen\s+sie|befolge\s+nicht\s+mehr|folge\s+nicht\s+mehr)\s+(?:(?:alle|sämtliche)\s+)?(?:die\s+|deine\s+|ihre\s+)?(?:vorherigen|bisherigen|vorigen|früheren|obigen|ursprünglichen|vorangegangenen)\s+(?:anweisungen|instruktionen|befehle|vorgaben|anordnungen|systemanweisungen)\b|\b(?:ignoriere|ignorier|ignorieren\s+sie|vergiss|vergessen\s+sie|missachte)\s+(?:den|deinen|ihren)\s+(?:systemprompt|system-prompt)\b|\b(?:ignoriere|ignorier|vergiss|vergessen\s+sie)\s+alles,?\s+(?:oben|bisherige|was\s+(?:dir|ihnen)\s+(?:vorher\s+|bisher\s+)?(?:gesagt|befohlen|aufgetragen)\s+wurde)\b`},
			{family: famOverride, keys: []string{"anweisungen"},
				pattern: `\b(?:deine|ihre)\s+(?:wahren|echten|eigentlichen|neuen)\s+anweisungen\s+(?:lauten|folgen|stehen\s+unten)\b`},
			{family: famRole, keys: []string{"bist"},
				pattern: `\bdu\s+bist\s+(?:jetzt|ab\s+jetzt|nun|von\s+nun\s+an)\s+(?:dan\b|eine?\s+(?:ki|assistent)\s+ohne\s+(?:einschränkungen|grenzen|filter|zensur)|uneingeschränkt)|\bdu\s+bist\s+nicht\s+mehr\s+claude\b`},
			{family: famConceal, keys: []string{"benutzer", "nutzer", "anwender", "benutzerin", "nutzerin", "benutzers", "nutzers"},
				pattern: `\b(?:sag|sage|erzähl|erzähle|verrate|erwähne)\s+(?:dem|der)\s+(?:benutzer|nutzer|anwender)(?:in)?\s+(?:nichts|kein\s+wort)\b|\b(?:sag|sage|erzähl|erzähle|verrate|erwähne)\s+(?:nichts|kein\s+wort)\s+(?:davon\s+)?(?:dem|der)\s+(?:benutzer|nutzer|anwender)(?:in)?\b|\b(?:verheimliche|verschweige)\s+(?:dies|das|es)\s+vor\s+(?:dem|der)\s+(?:benutzer|nutzer|anwender)(?:in)?\b|\bohne\s+(?:das\s+)?wissen\s+(?:des|der)\s+(?:benutzers|nutzers|anwenders|benutzerin|nutzerin)\b`},
		},
	},
	{
		name: "Portuguese", spaced: true,
		leads:    []string{"favor", "agora", "e", "depois", "sempre", "primeiro", "também", "imediatamente"},
		mentions: []string{"injeção", "ataque", "atacante", "malicios"},
		targeted: []string{"sobre", "acerca", "de", "do", "da", "dos", "das", "para", "em", "no", "na"},
		triggers: []langTrigger{
			{family: famOverride, targetable: true,
				keys:    []string{"ignore", "ignora", "ignorem", "esqueça", "esquece", "esqueçam", "desconsidere", "desconsidera", "descarte", "descarta", "siga", "obedeça"},
				pattern: `\b(?:ignore|ignora|ignorem|esqueça|esquece|esqueçam|desconsidere|desconsidera|descarte|descarta|não\s+(?:siga|obedeça))\s+(?:(?:todas|todos)\s+)?(?:as|os|suas|tuas)\s+(?:(?:instruções|orientações|ordens|diretrizes|diretivas)\s+(?:anteriores|prévias|originais|iniciais|acima|do\s+sistema)|(?:anteriores|prévias)\s+(?:instruções|orientações|ordens))\b|\b(?:ignore|ignora|esqueça|esquece)\s+(?:o|seu|teu)\s+prompt\s+do\s+sistema\b|\b(?:ignore|ignora|esqueça|esquece)\s+tudo\s+(?:o\s+que\s+(?:te|lhe)\s+(?:disseram|foi\s+dito)|acima|o\s+que\s+veio\s+antes)\b`},
			{family: famOverride, keys: []string{"instruções"},
				pattern: `\b(?:suas|tuas)\s+(?:verdadeiras|reais|novas)\s+instruções\s+(?:são\s+(?:estas|as\s+seguintes)|estão\s+abaixo|seguem)\b`},
			{family: famRole, keys: []string{"você"},
				pattern: `\b(?:agora\s+você\s+é|a\s+partir\s+de\s+agora\s+você\s+é|você\s+agora\s+é)\s+(?:dan\b|uma?\s+(?:ia|assistente)\s+sem\s+(?:restrições|limites|filtros|censura))|\bvocê\s+não\s+é\s+mais\s+(?:o\s+)?claude\b`},
			{family: famConceal, keys: []string{"usuário", "usuária", "utilizador"},
				pattern: `\bnão\s+(?:conte|diga|mencione|revele|informe|fale)\s+(?:nada\s+|isso\s+|isto\s+)(?:(?:sobre\s+isso|disso)\s+)?(?:ao|à|para\s+o|para\s+a)\s+(?:usuári[oa]|utilizador)\b|\b(?:esconda|oculte|esconde|oculta)\s+(?:isso|isto)\s+(?:do|da)\s+(?:usuári[oa]|utilizador)\b|\bsem\s+o\s+conhecimento\s+do\s+(?:usuário|utilizador)\b|\bàs\s+escondidas\s+do\s+(?:usuário|utilizador)\b`},
		},
	},
	{
		name: "Italian", spaced: true,
		leads:    []string{"favore", "ora", "adesso", "e", "poi", "sempre", "subito"},
		mentions: []string{"iniezione", "attacco", "attaccante", "malevol"},
		targeted: []string{"su", "sul", "sulla", "sui", "per", "di", "del", "della", "in", "riguardo"},
		triggers: []langTrigger{
			{family: famOverride, targetable: true,
				keys:    []string{"ignora", "ignorate", "dimentica", "dimenticate", "trascura", "seguire", "seguite"},
				pattern: `\b(?:ignora|ignorate|dimentica|dimenticate|trascura|non\s+seguire|non\s+seguite)\s+(?:(?:tutte|tutti)\s+)?(?:le|i|tue|le\s+tue)\s+(?:istruzioni|indicazioni|direttive|ordini)\s+(?:precedenti|originali|iniziali|di\s+sistema|del\s+sistema|ricevute)\b|\b(?:ignora|dimentica)\s+(?:il\s+(?:tuo\s+)?)?prompt\s+di\s+sistema\b|\b(?:ignora|dimentica)\s+tutto\s+(?:quello|ciò)\s+che\s+ti\s+(?:è\s+stato\s+detto|hanno\s+detto)\b`},
			{family: famRole, keys: []string{"sei"},
				pattern: `\b(?:ora|adesso|da\s+ora\s+in\s+poi)\s+sei\s+(?:dan\b|una?\s+(?:ia|assistente)\s+senza\s+(?:restrizioni|limiti|filtri|censura))|\bnon\s+sei\s+più\s+claude\b`},
			{family: famConceal, keys: []string{"utente"},
				pattern: `\bnon\s+(?:dire|dirlo|dirgli|menzionare|rivelare)\s+(?:niente|nulla|questo)\s+all['’]utente\b|\bnascondi\s+(?:questo|questa\s+nota)\s+all['’]utente\b|\ball['’]insaputa\s+dell['’]utente\b`},
		},
	},
	{
		name: "Russian", spaced: true,
		leads:    []string{"пожалуйста", "теперь", "и", "затем", "потом", "сразу", "всегда", "сначала", "немедленно", "просто", "также"},
		mentions: []string{"инъекц", "атак", "злоумышлен", "вредонос", "джейлбрейк"},
		targeted: []string{"о", "об", "про", "по", "насчёт", "для", "в", "относительно"},
		triggers: []langTrigger{
			{family: famOverride, targetable: true,
				keys:    []string{"игнориру", "проигнориру", "забудь", "обращай", "следуй", "отбрось", "отмени"},
				pattern: `(?:игнорируй(?:те)?|проигнорируй(?:те)?|забудь(?:те)?|не\s+обращай(?:те)?\s+внимания\s+на|не\s+следуй(?:те)?|отбрось(?:те)?|отмени(?:те)?)\s+(?:(?:все|всё)\s+)?(?:(?:свои|твои|ваши)\s+)?(?:предыдущие|прежние|предшествующие|прошлые|изначальные|исходные|системные|старые|данные\s+ранее)\s+(?:инструкции|указания|команды|распоряжения|правила|промпты|подсказки)|(?:игнорируй(?:те)?|проигнорируй(?:те)?|забудь(?:те)?)\s+(?:свой\s+|твой\s+|ваш\s+)?системный\s+промпт|(?:игнорируй(?:те)?|забудь(?:те)?)\s+(?:всё|все),?\s+что\s+(?:тебе|вам)\s+(?:говорили|сказали|писали)(?:\s+(?:раньше|ранее|до\s+этого))?`},
			{family: famOverride, keys: []string{"инструкции"},
				pattern: `(?:твои|ваши)\s+(?:настоящие|истинные|реальные|новые)\s+инструкции\s+(?:ниже|следующие|такие)`},
			{family: famRole, keys: []string{"теперь", "отныне", "больше"},
				pattern: `(?:теперь|отныне|с\s+этого\s+момента)\s+ты\s+(?:dan|(?:свободный|неограниченный)\s+ии|ии\s+без\s+(?:ограничений|цензуры|фильтров))|ты\s+больше\s+не\s+claude`},
			{family: famConceal, keys: []string{"пользовател"},
				pattern: `не\s+(?:говори|говорите|рассказывай|рассказывайте|сообщай|сообщайте|упоминай|упоминайте)\s+(?:об\s+этом\s+|ничего\s+|этого\s+)пользовател(?:ю|ям)|не\s+(?:говори|говорите|рассказывай|рассказывайте|сообщай|сообщайте)\s+пользовател(?:ю|ям)\s+(?:об\s+этом|ничего)|(?:скрой|скройте|утаи|утаите)\s+(?:это|эту\s+(?:заметку|инструкцию))\s+от\s+пользовател(?:я|ей)|втайне\s+от\s+пользовател(?:я|ей)|без\s+ведома\s+пользовател(?:я|ей)`},
		},
	},
	{
		name: "Vietnamese", spaced: true,
		leads:    []string{"hãy", "lòng", "giờ", "và", "rồi", "luôn", "ngay"},
		mentions: []string{"tấn công", "độc hại", "chèn prompt", "prompt injection"},
		targeted: []string{"về", "cho", "trong", "của", "liên"},
		triggers: []langTrigger{
			{family: famOverride, targetable: true,
				keys:    []string{"qua", "phớt", "quên", "tuân", "làm"},
				pattern: `\b(?:bỏ\s+qua|phớt\s+lờ|quên\s+(?:đi\s+)?|không\s+(?:tuân\s+theo|làm\s+theo))\s+(?:(?:tất\s+cả|mọi|toàn\s+bộ)\s+)?(?:(?:các|những)\s+)?(?:hướng\s+dẫn|chỉ\s+dẫn|chỉ\s+thị|mệnh\s+lệnh|lệnh|yêu\s+cầu)\s+(?:trước\s+(?:đó|đây)|trước|ban\s+đầu|ở\s+trên|phía\s+trên|cũ|của\s+hệ\s+thống|hệ\s+thống)\b|\b(?:bỏ\s+qua|phớt\s+lờ|quên)\s+(?:lời\s+nhắc|prompt)\s+hệ\s+thống\b`},
			{family: famRole, keys: []string{"bạn"},
				pattern: `\b(?:bây\s+giờ|từ\s+giờ|kể\s+từ\s+bây\s+giờ)\s+bạn\s+(?:là|sẽ\s+là)\s+(?:dan\b|một\s+(?:ai|trợ\s+lý)\s+không\s+(?:bị\s+)?(?:giới\s+hạn|kiểm\s+duyệt|ràng\s+buộc))|\bbạn\s+không\s+còn\s+là\s+claude\b`},
			{family: famConceal, keys: []string{"dùng"},
				pattern: `\b(?:đừng|không\s+được)\s+(?:nói|báo|tiết\s+lộ|đề\s+cập)\s+(?:điều\s+này|việc\s+này|chuyện\s+này|gì)\s+(?:với|cho)\s+người\s+dùng\b|\b(?:đừng|không\s+được)\s+(?:nói|báo)\s+(?:với|cho)\s+người\s+dùng\s+(?:về\s+(?:điều|việc|chuyện)\s+này|bất\s+cứ\s+điều\s+gì)\b|\bgiấu\s+(?:điều|việc|chuyện)\s+này\s+(?:khỏi|với)\s+người\s+dùng\b|\bkhông\s+(?:để|cho)\s+người\s+dùng\s+biết\b`},
		},
	},
	{
		name:     "Chinese",
		mentions: []string{"注入", "攻击", "攻擊", "恶意", "惡意", "越狱", "越獄", "载荷", "載荷", "测试用例", "測試用例"},
		triggers: []langTrigger{
			{family: famOverride,
				keys:    []string{"忽略", "无视", "無視", "忽视", "忽視", "忘记", "忘記", "忘掉", "理会", "理會", "遵循", "遵守", "抛开", "拋開"},
				pattern: `(?:忽略|无视|無視|忽视|忽視|忘记|忘記|忘掉|不要理会|不要理會|不要遵循|不要遵守|抛开|拋開)(?:掉)?(?:你)?(?:之前|以前|先前|上面|上述|前面|原来|原來|原有|所有|全部|一切|此前|以上)(?:的)?(?:所有|全部|一切)?(?:的)?(?:指令|指示|提示词|提示詞|系统提示|系統提示)|(?:忽略|无视|無視|忘记|忘記)(?:你的)?(?:系统提示|系統提示)`},
			{family: famOverride, keys: []string{"指令", "指示"},
				pattern: `你(?:真正|真实|真實|实际|實際)的(?:指令|指示)(?:如下|是以下|在下面)`},
			{family: famRole, keys: []string{"你现在是", "你現在是", "你不再是", "从现在", "從現在", "只听", "只聽", "只服从", "只服從"},
				pattern: `你现在是\s*dan|你現在是\s*dan|(?:从现在(?:开始|起)|從現在(?:開始|起)),?\s*你(?:是|将是|將是|就是)(?:一个|一個)?(?:不受(?:任何)?限制|没有(?:任何)?限制|沒有(?:任何)?限制|无限制|無限制)的|你不再是\s*claude|(?:从现在(?:开始|起)|從現在(?:開始|起)),?\s*你只(?:听|聽|服从|服從)我的?`},
			{family: famConceal, keys: []string{"用户", "使用者", "用戶"},
				pattern: `(?:不要|别|別|不许|不許|切勿|不得|千万不要|千萬不要|不能)(?:告诉|告訴|告知|透露给|透露給|透露|提醒)(?:用户|用戶|使用者)(?:这|這|此|关于|關於|你|任何)|瞒着(?:用户|用戶|使用者)|瞞著(?:用户|用戶|使用者)|(?:对|向|對)(?:用户|用戶|使用者)(?:隐瞒|隱瞞|保密)|不(?:要|能)?让(?:用户|用戶|使用者)(?:知道|发现|察觉)|不(?:要|能)?讓(?:用户|用戶|使用者)(?:知道|發現|察覺)`},
		},
	},
	{
		name:     "Japanese",
		mentions: []string{"インジェクション", "攻撃", "悪意", "脱獄", "テストケース"},
		triggers: []langTrigger{
			{family: famOverride, keys: []string{"無視", "忘れ"},
				pattern: `(?:以前|前|上記|これまで|今まで|元|すべて|全て|先ほど)の(?:すべての|全ての)?(?:指示|命令|プロンプト|指令|システムプロンプト|ルール)(?:は|を)(?:すべて|全て)?(?:無視|忘れ)|システムプロンプト(?:は|を)(?:無視|忘れ)`},
			{family: famRole, keys: []string{"あなた", "君", "お前"},
				pattern: `(?:あなた|君|お前)は(?:今から|これから|もう)\s*dan|(?:あなた|君)は(?:もう|もはや)\s*claude\s*では(?:ない|ありません)`},
			{family: famConceal, keys: []string{"ユーザー"},
				pattern: `ユーザー(?:に|には)(?:内緒|秘密)|ユーザー(?:に|には)(?:この|これ|それ)?(?:こと)?(?:を)?(?:言わない|伝えない|知らせない|教えない|言うな|伝えるな|知らせるな)`},
		},
	},
	{
		name:     "Korean",
		mentions: []string{"인젝션", "주입", "공격", "악의", "탈옥", "테스트 케이스"},
		triggers: []langTrigger{
			{family: famOverride, keys: []string{"무시", "잊어"},
				pattern: `(?:이전|앞의|위의|기존|모든)\s*(?:의\s*)?(?:모든\s*)?(?:지시|지침|명령|프롬프트|지시사항)\s*(?:을|를|은|는)?\s*(?:모두\s*)?(?:무시|잊어)|시스템\s*프롬프트\s*(?:를|은|는)?\s*(?:무시|잊어)`},
			{family: famRole, keys: []string{"너는", "당신은"},
				pattern: `(?:너는|당신은)\s*(?:이제|지금부터)\s*dan|(?:너는|당신은)\s*(?:이제|더\s*이상)\s*claude가\s*아니`},
			{family: famConceal, keys: []string{"사용자", "유저"},
				pattern: `(?:사용자|유저)\s*(?:에게|한테)\s*(?:는\s*)?(?:이\s*(?:사실|내용)?\s*(?:을|를)?\s*)?(?:알리지|말하지|알려주지|밝히지)\s*(?:마|말|않)|(?:사용자|유저)\s*몰래`},
		},
	},
	{
		name: "Dutch", spaced: true,
		leads:    []string{"alsjeblieft", "nu", "en", "dan", "altijd", "eerst"},
		mentions: []string{"injectie", "aanval", "aanvaller", "kwaadaardig"},
		targeted: []string{"over", "voor", "in", "van", "bij"},
		triggers: []langTrigger{
			{family: famOverride, targetable: true, keys: []string{"negeer", "vergeet"},
				pattern: `\b(?:negeer|vergeet)\s+(?:alle\s+)?(?:de\s+|je\s+|jouw\s+)?(?:vorige|eerdere|voorgaande|oorspronkelijke)\s+(?:instructies|opdrachten|aanwijzingen)\b|\b(?:negeer|vergeet)\s+(?:de|je|jouw)\s+systeemprompt\b`},
		},
	},
	{
		name: "Polish", spaced: true,
		leads:    []string{"proszę", "teraz", "i", "potem", "zawsze", "najpierw"},
		mentions: []string{"wstrzykiwan", "atak", "złośliw"},
		targeted: []string{"o", "dotyczące", "w", "na", "dla"},
		triggers: []langTrigger{
			{family: famOverride, targetable: true, keys: []string{"zignoruj", "ignoruj", "zapomnij"},
				pattern: `\b(?:zignoruj|ignoruj|zapomnij)\s+(?:o\s+)?(?:wszystkie\s+|wszystkich\s+)?(?:poprzednie|wcześniejsze|poprzednich|wcześniejszych|pierwotne)\s+(?:instrukcje|polecenia|instrukcjach|poleceniach)\b|\b(?:zignoruj|ignoruj|zapomnij)\s+(?:o\s+)?(?:swój\s+|twój\s+)?prompt\s+systemowy\b`},
		},
	},
	{
		name: "Turkish", spaced: true,
		leads:    []string{"lütfen", "şimdi", "ve", "sonra", "hemen", "her"},
		mentions: []string{"enjeksiyon", "saldırı", "saldırgan", "kötü amaçlı"},
		triggers: []langTrigger{
			{family: famOverride, keys: []string{"talimatları", "komutları", "yönergeleri"},
				pattern: `\b(?:önceki|daha\s+önceki|yukarıdaki|tüm\s+önceki)\s+(?:tüm\s+)?(?:talimatları|komutları|yönergeleri)\s+(?:yok\s+say|yoksay|unut|görmezden\s+gel)`},
		},
	},
}

// mentionSubs are the languages' words of a text about attacks,
// normalised (mentionsAttack).
var mentionSubs []string

// buildTriggers returns the table: base, then each language's patterns,
// normalised. It also adds each language's leads, targeted words and
// mentions to orderLead, targetedWords and mentionSubs.
func buildTriggers(base []trigger, langs []language) []trigger {
	ts := append([]trigger(nil), base...)
	for _, l := range langs {
		for _, w := range l.leads {
			orderLead[lastWord(normalizeString(w))] = true
		}
		for _, w := range l.targeted {
			targetedWords[normalizeString(w)] = true
		}
		for _, w := range l.mentions {
			mentionSubs = append(mentionSubs, normalizeString(w))
		}
		for _, lt := range l.triggers {
			t := trigger{
				family:     lt.family,
				imperative: l.spaced,
				targetable: lt.targetable,
				re:         lazyre.NewFunc(func() string { return normalizePattern(lt.pattern) }),
			}
			for _, k := range lt.keys {
				k = normalizeString(k)
				if isASCIIWord(k) {
					t.words = append(t.words, k)
				} else {
					t.subs = append(t.subs, k)
				}
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// lastWord returns the last word of s.
func lastWord(s string) string { return s[strings.LastIndexByte(s, ' ')+1:] }

// isASCIIWord reports whether w is a word the prefilter's pass finds:
// lowercase ASCII letters and digits.
func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return w != ""
}
