package index

// Words of the index rules: placeholders, the words that introduce or
// point elsewhere, and the phrases and headings of notes about the index
// itself. Extend them here.

// placeholderWords make up the text that marks an empty section of the
// index ("_(none yet)_", "*Empty*", "（暂无）"), in the languages of real
// memory.
var placeholderWords = map[string]bool{
	"none": true, "yet": true, "empty": true, "nothing": true, "no": true, "memories": true, "entries": true,
	"here": true, "so": true, "far": true, "for": true, "now": true, "tbd": true, "todo": true, "n/a": true, "-": true,
	"aucun": true, "aucune": true, "vide": true, "rien": true, "pour": true, "l'instant": true, // French
	"ninguno": true, "ninguna": true, "vacío": true, "nada": true, "aún": true, "todavía": true, // Spanish
	"keine": true, "leer": true, "noch": true, "nichts": true, // German
	"нет": true, "пока": true, "пусто": true, // Russian
	"暂无": true, "无": true, "空": true, "なし": true, "未定": true, "없음": true, "아직": true, "chưa": true, "có": true,
}

// introWords mark a short introduction as being about the index itself
// ("Index of memory files, one line per entry"), in the languages of real
// memory. Matched as lowercase substrings.
var introWords = []string{
	"index", "memory", "memories", "entry", "entries", "topic file", "one line", "updated",
	"mémoire", "entrée", "índice", "memoria", "entrada", "speicher", "gedächtnis", "eintrag",
	"индекс", "памят", "запис", "bộ nhớ", "chỉ mục",
	"索引", "记忆", "記憶", "内存", "条目", "更新", "メモリ", "インデックス", "메모리", "인덱스", "기억", "항목", "업데이트",
}

// metaPhrases are what a paragraph or a bullet says when it is about the
// memory system itself — how to read, write or keep the index and its
// files ("Every memory file must have a one-line entry here", "These
// memories are version controlled") — not a memory. Matched as lowercase
// substrings.
var metaPhrases = []string{
	"memory.md", "this index", "the index", "this file", "memory file", "memory dir", "memory folder",
	"these memories", "project-level memories", "topic file", "index entr", "one-line entr", "~/.claude",
	".claude/memory", "memories are", "memories should",
	"cet index", "ce fichier", "fichier mémoire", "fichiers mémoire", "este índice", "este archivo",
	"archivo de memoria", "este ficheiro", "este arquivo", "arquivo de memória", "dieser index", "diese datei",
	"speicherdatei", "этот индекс", "этот файл", "файл памяти", "файлы памяти", "chỉ mục này", "tệp này", "tệp bộ nhớ",
	"本索引", "本文件", "索引文件", "记忆文件", "記憶檔", "条目文件", "このインデックス", "このファイル", "メモリファイル",
	"이 인덱스", "이 파일", "메모리 파일",
	// The memory dir itself: in MEMORY.md, "this directory" is the dir.
	"this directory", "this folder", "ce dossier", "ce répertoire", "este directorio", "esta carpeta",
	"este diretório", "esta pasta", "dieses verzeichnis", "dieser ordner", "эта папка", "этой папке", "этот каталог",
	"thư mục này", "此目录", "该目录", "本目录", "這個目錄", "此資料夾", "このディレクトリ", "このフォルダ", "이 디렉터리", "이 폴더",
	// A legend of the memory types ("Memory types:" over user, feedback, …).
	"memory type", "types of memor", "type de mémoire", "types de mémoire", "tipo de memoria", "tipos de memoria",
	"tipo de memória", "tipos de memória", "speichertyp", "gedächtnistyp", "тип памяти", "типы памяти", "loại bộ nhớ",
	"记忆类型", "記憶類型", "メモリの種類", "メモリタイプ", "메모리 유형", "메모리 종류",
}

// metaHeadings are the headings of sections about the memory system
// itself ("## Usage", "## Conventions"): what is written under them is
// not a memory. Matched against the heading's lowercased text.
var metaHeadings = map[string]bool{
	"usage": true, "how to use": true, "how to use this index": true, "how to use this file": true,
	"how to use these memories": true, "meta": true, "about": true, "about this index": true,
	"about this file": true, "conventions": true, "maintenance": true, "format": true, "legend": true,
	"utilisation": true, "mode d'emploi": true, "uso": true, "modo de uso": true, "convenciones": true,
	"verwendung": true, "benutzung": true, "konventionen": true, "использование": true, "как пользоваться": true,
	"cách dùng": true, "hướng dẫn sử dụng": true, "使用说明": true, "使用方法": true, "用法": true, "约定": true,
	"說明": true, "使い方": true, "凡例": true, "사용법": true, "사용 방법": true,
}

// seeWords introduce a cross-reference ("See [the schema](x.md) for
// the fields"), in the languages of real memory: a link after one points
// into another part of the index or of the memory, it does not list the
// file. Matched as the last words of the lowercased label before a link.
var seeWords = []string{
	"see", "see also", "cf", "cf.", "refer to", "details in", "more in", "read",
	"voir", "voir aussi", "siehe", "siehe auch", "vgl", "vgl.", "véase", "ver", "ver também", "veja", "consulte",
	"см", "см.", "смотри", "смотрите", "xem", "xem thêm",
	"见", "参见", "详见", "參見", "詳見", "参照", "を参照", "참고", "참조",
}
