package codecontent

import (
	"github.com/memlint/memlint/internal/lazyre"
)

// Tables of the code block detector: info strings, comment markers, tree and
// diagram shapes, shell and SQL words.

// notCodeInfos are info strings that say a fenced block is not code:
// diagrams (described, not executed), sample text and output.
var notCodeInfos = map[string]bool{
	"text": true, "txt": true, "plain": true, "plaintext": true, "output": true, "out": true,
	"log": true, "logs": true, "email": true, "mail": true, "eml": true, "markdown": true, "md": true,
	"prose": true, "quote": true, "message": true, "gitcommit": true, "commit": true, "diff-text": true,
	"mermaid": true, "plantuml": true, "puml": true, "dot": true, "graphviz": true, "ascii": true,
	"asciiart": true, "ditaa": true, "svgbob": true, "d2": true, "tree": true, "wireframe": true,
	"diagram": true, "ebnf": true, "abnf": true, "csv": true, "tsv": true,
}

// consoleInfos are sessions of commands and their output: only the
// prompted command lines are code.
var consoleInfos = map[string]bool{
	"console": true, "shell-session": true, "terminal": true, "sh-session": true, "pycon": true,
}

// commentPrefixes start a line that is a comment in common languages.
var commentPrefixes = []string{"#", "//", "--", ";", "/*", "*", "<!--", "%", "'", "rem ", "REM "}

// elisions are lines that stand for omitted code.
var elisions = map[string]bool{
	"...": true, "…": true, "// ...": true, "# ...": true, "/* ... */": true, "<!-- ... -->": true,
	"-- ...": true, "(...)": true, "[...]": true, "{ ... }": true, "etc.": true,
}

// asciiTreePrefixes start the entries of trees that tree(1) draws in
// ASCII ("|-- src", "`-- main.go", "+-- lib").
var asciiTreePrefixes = []string{"|--", "|__", "+--", "`--", "\\--", "|-", "`-"}

// asciiArrows mark an annotation or a flow in a diagram ("index.md <-- the post",
// "client ==> proxy"). "->" is left out: it is an operator in C, PHP and Rust.
var asciiArrows = []string{"<--", "-->", "==>", "<==", "<-+", "+->"}

// rePlaceholder matches the slots of a message template: {name}, {{ name }},
// ${name}, <name>, %s.
var rePlaceholder = lazyre.New(`\{\{\s*[\w.]+\s*\}\}|\$?\{[\w.]+\}|<[\w-]+>|%[sd]`)

// placeholderStarts are the bytes a match of rePlaceholder holds: a line
// without them has no placeholder (TestPlaceholderStarts).
const placeholderStarts = "{<%"

// proseCodeKeywords start lines of code that otherwise read like a
// sentence ("SELECT name FROM users WHERE").
var proseCodeKeywords = map[string]bool{
	"select": true, "insert": true, "update": true, "delete": true, "create": true, "alter": true,
	"drop": true, "from": true, "where": true, "join": true, "import": true,
	"def": true, "class": true, "func": true, "function": true, "return": true, "const": true,
	"let": true, "var": true, "if": true, "else": true, "for": true, "while": true, "package": true,
	"use": true, "pub": true, "fn": true, "export": true, "echo": true, "print": true, "set": true,
	"with": true, "grant": true, "await": true, "async": true, "raise": true, "throw": true,
	"yield": true, "puts": true, "local": true, "elif": true, "except": true, "unless": true,
	"until": true, "assert": true, "require": true, "module": true, "struct": true, "enum": true,
	"interface": true, "impl": true, "match": true, "switch": true, "defer": true, "typedef": true,
	"namespace": true, "using": true, "public": true, "private": true, "protected": true,
	"static": true, "void": true, "int": true, "try": true, "catch": true, "finally": true,
}

// shellCommands start command lines, matched in lower case only ("go
// test ./...", "make build"): a sentence starts with "Go" or "Make".
var shellCommands = setOf("go", "make", "git", "docker", "kubectl", "helm", "npm", "npx", "pnpm", "yarn",
	"bun", "deno", "node", "python", "python3", "pip", "pip3", "uv", "poetry", "cargo", "rustup", "brew",
	"apt", "apt-get", "sudo", "cd", "ls", "cp", "mv", "rm", "mkdir", "cat", "curl", "wget", "ssh", "scp",
	"rsync", "terraform", "aws", "gcloud", "az", "gh", "just", "bundle", "rails", "rake", "mix", "dotnet",
	"mvn", "gradle", "java", "psql", "mysql", "redis-cli", "systemctl", "journalctl", "nix", "flutter",
	"swift", "xcodebuild", "composer", "php", "ruby", "perl", "bash", "sh", "zsh", "source", "chmod",
	"chown", "tar", "unzip", "grep", "sed", "awk", "find", "xargs", "tail", "head", "less", "open",
	"claude", "code", "vim", "nvim", "sqlite3", "ffmpeg", "jq", "yq", "openssl", "tmux", "watch")

// sqlKeywords start lines of SQL, matched in capitals only: a sentence
// may start with "When" or "And", a query clause with "WHEN" or "AND".
var sqlKeywords = setOf("GROUP", "ORDER", "HAVING", "LIMIT", "OFFSET", "UNION", "VALUES", "AND", "OR",
	"ON", "CASE", "WHEN", "THEN", "ELSE", "END", "BEGIN", "DECLARE", "RETURNING", "INTO", "LEFT", "RIGHT",
	"INNER", "OUTER", "CROSS", "FULL", "SET", "WITH", "AS", "NOT", "IS", "BETWEEN", "LIKE", "EXISTS")

// settingsInfos are formats of settings, which a memory may show as a
// reference of fields with a note on each.
var settingsInfos = setOf("toml", "ini", "env", "dotenv", "properties", "conf", "cfg")

var monthAbbrevs = setOf("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

// dataInfos are info strings of blocks that may hold either a file's
// content or a sample of data a program sends or prints.
var dataInfos = setOf("", "json", "jsonc", "json5", "xml", "yaml", "yml", "html", "csv", "http", "ndjson", "jsonl")

// sampleLeadWords, in the sentence or heading right before a data block,
// say that it shows what a program returns or prints ("The API returns:",
// "Sample response"), not a file of the repository.
var sampleLeadWords = []string{
	"output", "prints", "printed", "returns", "returned", "response", "responds", "reply", "replies",
	"payload", "sample", "looks like", "emits", "answer", "sortie", "réponse", "renvoie", "salida",
	"respuesta", "devuelve", "ausgabe", "antwort", "liefert", "出力", "レスポンス", "返す", "返り値", "输出",
	"响应", "返回", "출력", "응답", "반환", "вывод", "ответ", "возвращает",
}

// promptPrefixes start a typed command in a terminal session: "$ make",
// "# apt-get update", ">>> import os", "PS> dir".
var promptPrefixes = []string{"$ ", "# ", ">>> ", "PS>", "PS "}

// annotationMarks start a note after a line of settings: "path: /x  # the
// URL path".
var annotationMarks = []string{"  # ", "\t# ", "  // ", "\t// "}

// logLevels start a log line, followed by " ", "]" or ":".
var logLevels = []string{"INFO", "WARN", "WARNING", "ERROR", "DEBUG", "TRACE", "FATAL", "NOTICE"}

// logFieldPrefixes start a structured (logfmt) log line.
var logFieldPrefixes = []string{"time=", "ts=", "level=", "lvl="}
