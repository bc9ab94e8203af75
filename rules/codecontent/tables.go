package codecontent

// Tables of the code-content rule: which files are code, and how people
// say "line" in the languages memory is written in. Extend them here; the
// scanners read nothing else.

// codeFileExts are the extensions of files whose lines are worth citing:
// source, build and configuration files. Single letters that are also
// abbreviations ("Ph.D", "a.m", "U.S") are left out except the common C
// family ones (.c .h .m .r).
var codeFileExts = setOf(
	// C family, systems
	"c", "h", "cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "ipp", "inl", "m", "mm", "rs", "go", "zig", "nim",
	"cu", "cuh", "metal", "glsl", "hlsl", "wgsl", "frag", "vert", "comp", "asm", "ll", "mlir", "wat", "sol",
	"sv", "svh", "vhd", "vhdl", "f90", "f95", "f03", "ada", "adb", "ads", "pas", "pp", "cob", "cbl",
	// JVM, .NET, mobile
	"java", "kt", "kts", "scala", "sc", "groovy", "gradle", "clj", "cljs", "cljc", "edn", "cs", "csx", "fs",
	"fsx", "fsi", "vb", "xaml", "axaml", "razor", "cshtml", "swift", "dart", "qml", "qmldir", "storyboard",
	// scripting
	"py", "pyi", "pyx", "pxd", "ipynb", "rb", "rake", "gemspec", "php", "phtml", "pl", "pm", "lua", "tcl",
	"r", "R", "rmd", "Rmd", "jl", "ex", "exs", "heex", "eex", "leex", "erl", "hrl", "gleam", "cr", "raku",
	"awk", "vim", "el", "lisp", "scm", "rkt", "hy", "fnl", "janet", "elm", "purs", "hs", "lhs", "ml",
	"mli", "mll", "mly", "re", "rei", "res", "resi", "hx", "gd", "gdshader", "coffee", "ahk", "applescript",
	// shells
	"sh", "bash", "zsh", "fish", "ksh", "ps1", "psm1", "psd1", "bat", "cmd", "nu",
	// web
	"ts", "tsx", "js", "jsx", "mjs", "cjs", "mts", "cts", "vue", "svelte", "astro", "html", "htm", "xhtml",
	"css", "scss", "sass", "less", "styl", "pcss", "erb", "haml", "slim", "twig", "jinja", "jinja2", "j2",
	"njk", "liquid", "hbs", "handlebars", "mustache", "ejs", "pug", "jade", "jsp", "asp", "aspx", "tmpl",
	"gotmpl", "templ", "wasm",
	// data, schema, query
	"sql", "psql", "plsql", "prisma", "graphql", "gql", "proto", "thrift", "avsc", "fbs", "capnp", "smithy",
	"cue", "dhall", "jsonnet", "libsonnet", "rego", "kql", "cypher", "sparql", "xsd", "wsdl",
	// build, infra, config
	"nix", "tf", "tfvars", "hcl", "bzl", "bazel", "star", "cmake", "mk", "mak", "ninja", "gn", "gni", "meson",
	"sbt", "csproj", "fsproj", "vbproj", "vcxproj", "sln", "props", "targets", "pom", "plist", "entitlements",
	"pbxproj", "yaml", "yml", "json", "jsonc", "json5", "toml", "xml", "ini", "cfg", "conf", "properties",
	"env", "mod", "sum", "lock", "nginx", "dockerfile", "containerfile", "rules", "spec",
	// documents that people cite by line too
	"txt", "md", "mdx", "rst", "adoc", "org", "tex", "sty", "bib", "qmd",
)

// codeFileNames are file names without an extension that are code.
var codeFileNames = setOf(
	"Makefile", "makefile", "GNUmakefile", "Dockerfile", "Containerfile", "Jenkinsfile", "Gemfile",
	"Rakefile", "Justfile", "justfile", "Vagrantfile", "Podfile", "Brewfile", "Procfile", "Taskfile",
	"Earthfile", "Tiltfile", "Snakefile", "BUILD", "WORKSPACE", "CMakeLists.txt", "Caddyfile", "Fastfile",
	"Appfile", "Berksfile", "Guardfile", "Pipfile", "Cargo.toml", "go.mod", "flake.nix", "PKGBUILD",
)

// tldExts are extensions that are also country domains: "db.example.pl:5432"
// is a host and a port, not a Perl file.
var tldExts = setOf("pl", "sh", "rs", "py", "md", "cc", "ml", "mk", "tf", "pm", "sc", "cr", "re", "gd",
	"sv", "el", "nu", "gn", "pp", "r", "m", "h", "c")

// lineWords are the words for "line" that come before the number: "line
// 42", "ligne 42", "dòng 84", "строка 42". Matched case-insensitively at a
// word boundary.
var lineWords = setOf(
	"line", "lines", // English
	"ligne", "lignes", // French
	"línea", "líneas", "linea", "lineas", "linee", "riga", "righe", // Spanish, Italian
	"zeile", "zeilen", // German
	"linha", "linhas", // Portuguese
	"regel", "regels", // Dutch
	"rad", "raden", "rader", "linje", "linjen", "rivi", "rivillä", // Nordic
	"dòng",                       // Vietnamese
	"satır", "satırı", "satırda", // Turkish
	"wiersz", "wiersze", "wierszu", "wierszach", "řádek", "řádku", "řádky", // Polish, Czech
	"строка", "строки", "строке", "строку", "строках", "строк", // Russian
	"рядок", "рядки", "рядку", "рядках", // Ukrainian
	"baris", // Indonesian, Malay
)

// lineListJoiners join a list of line numbers after a line word: "lines
// 39 and 60", "lignes 39 et 60", "Zeilen 39 und 60", in the languages of
// lineWords. ", " joins them in every language.
var lineListJoiners = setOf(
	"and", "&", // English
	"et",          // French
	"y", "e", "i", // Spanish; Italian, Portuguese; Catalan
	"und",             // German
	"en",              // Dutch
	"och", "og", "ja", // Swedish; Danish, Norwegian; Finnish
	"và",        // Vietnamese
	"ve",        // Turkish
	"oraz", "a", // Polish; Czech
	"и", "і", // Russian; Ukrainian
	"dan", // Indonesian, Malay
)

// lineRangeJoiners join the two ends of a range of lines: "lines 10 to
// 20", "lignes 10 à 20", "Zeilen 10 bis 20".
var lineRangeJoiners = setOf(
	"to", "through", "-", // English
	"à", "au", // French
	"al", "hasta", // Spanish
	"bis",        // German
	"tot",        // Dutch
	"till",       // Swedish
	"đến", "tới", // Vietnamese
	"do",               // Polish, Czech, Russian (до is below)
	"до",               // Russian, Ukrainian
	"sampai", "hingga", // Indonesian, Malay
)

// lineSuffixes are the words for "line" that come after the number in
// Chinese, Japanese and Korean: "第42行", "42行目", "42행", "42번째 줄".
// Only ordinal forms count: a bare "300行" or "3줄" is a count of lines
// ("wrote 300 lines"), not a place. Chinese "行" counts after "第".
var lineSuffixes = []string{"行目", "번째 줄", "번째줄", "번째 행", "번째행", "행"}

// lineConnectors may stand between a file name and its line number: "line
// 42 of x.go", "ligne 42 de x.go", "x.go 파일의 42행", "x.go の 42 行目".
var lineConnectors = setOf(
	"of", "in", "at", "on", "the", "file", "around", "near", "from", "see",
	"de", "du", "dans", "le", "la", "à", "au", "fichier", "del", "el", "en", "archivo", "fichero", "di", "della",
	"von", "der", "des", "im", "ab", "bei", "auf", "datei", "alla", "alle", "nella", "sulla", "nel", "do", "da", "em", "no", "na", "arquivo", "van", "het",
	"của", "trong", "tại", "ở", "tệp", "в", "из", "файла", "файле", "на",
	"dosyası", "dosyasının", "pliku", "w", "souboru", "v",
	"파일", "파일의", "의", "的", "文件", "文件的", "の", "ファイル", "ファイルの",
)

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// budgetFiles are files whose line numbers are a budget, not a place in
// code: "MEMORY.md line 200 is the last that loads" states Claude Code's
// limit.
var budgetFiles = setOf("MEMORY.md", "CLAUDE.md")

// citationJoiners join the cited files of a list: "a.go and b.go".
var citationJoiners = []string{" and", " or", " &"}

// lineRangeTildes join the two ends of a range of lines written with a
// tilde: "42〜50行目".
var lineRangeTildes = []string{"〜", "~", "～"}

// koreanParticles are the particles that may follow a noun: 42행에서,
// 42행의, 42행은.
var koreanParticles = []string{"에서", "에", "의", "은", "을", "이", "과", "와", "부터", "까지", "쯤", "근처"}
