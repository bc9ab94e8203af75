package stalereference

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
	"output": true, "outputs": true, "artifacts": true, "generated": true, "state": true,
}

// untrackedExtensions are files a repository almost never tracks:
// databases, logs, compiled objects, editor leftovers.
var untrackedExtensions = map[string]bool{
	"db": true, "sqlite": true, "sqlite3": true, "log": true, "pyc": true, "o": true, "so": true, "a": true,
	"exe": true, "dll": true, "dylib": true, "class": true, "bak": true, "swp": true, "tmp": true, "pid": true, "sock": true,
}

// placeholders are segments that stand for a name to fill in
// (reports/YYYY-MM-DD.md, docs/adr/NNNN-title.md): matched as a part of a
// segment, case-sensitively, since real files are rarely named in capitals.
var placeholders = []string{"YYYY", "YYMM", "MM-DD", "Www", "XXX", "NNN", "xxx", "HHMM", "-NN", "_NN", "NN-", "NN_"}

// historyMarks on the line of a path record a change rather than a claim:
// "libs/FastPlot/ → libs/FastSense/".
var historyMarks = []string{"→", "->", "=>", "⇒", "⟶"}

// historyWords on the line of a path say that the memory already knows
// the path is gone (or not there yet): "src/old.ts was removed", "moved
// from lib/x", "will create cmd/new/main.go". Such a line is history or a
// plan, not a stale claim. Matched as whole words, lowercased.
var historyWords = map[string]bool{
	"deleted": true, "delete": true, "removed": true, "remove": true, "renamed": true, "rename": true,
	"moved": true, "move": true, "formerly": true, "previously": true, "legacy": true, "deprecated": true,
	"old": true, "older": true, "obsolete": true, "replaced": true, "replaces": true, "instead": true, "dropped": true,
	"migrated": true, "gone": true, "now": true, "became": true, "becomes": true, "split": true, "retired": true, "longer": true, "anymore": true, "removal": true, "deletion": true,
	"create": true, "creates": true, "created": true, "creating": true,
	"will": true, "planned": true, "todo": true, "future": true, "proposed": true, "missing": true,
	"generated": true, "generate": true, "untracked": true, "gitignored": true, "ignored": true, "example": true,
	// French, the other language of the corpus's prose about files.
	"migrant": true, "migré": true, "renommé": true, "renommer": true, "supprimé": true, "déplacé": true,
	"ancien": true, "ancienne": true, "crée": true, "créer": true, "créé": true,
}
