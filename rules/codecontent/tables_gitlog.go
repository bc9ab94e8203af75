package codecontent

// Tables of the git log detector: commit subject verbs and Conventional
// Commits types.

// commitVerbs are words commit subjects start with ("Add retry", "fix
// typo"): a line of a hex word and such a subject reads as git log output.
var commitVerbs = map[string]bool{
	"add": true, "adds": true, "added": true, "fix": true, "fixes": true, "fixed": true,
	"update": true, "updates": true, "updated": true, "remove": true, "removes": true, "removed": true,
	"refactor": true, "refactors": true, "refactored": true, "merge": true, "merged": true,
	"bump": true, "bumps": true, "revert": true, "reverts": true, "implement": true, "implements": true,
	"implemented": true, "introduce": true, "introduces": true, "rename": true, "renamed": true,
	"move": true, "moved": true, "delete": true, "deleted": true, "replace": true, "replaced": true,
	"improve": true, "improved": true, "clean": true, "cleanup": true, "change": true, "changed": true,
	"create": true, "created": true, "initial": true, "init": true, "wip": true, "support": true,
	"allow": true, "use": true, "make": true, "enable": true, "disable": true, "drop": true,
	"upgrade": true, "migrate": true, "document": true, "release": true, "prepare": true,
	"handle": true, "extract": true, "simplify": true, "split": true, "switch": true, "restore": true,
	"reapply": true, "tweak": true, "correct": true, "convert": true, "ensure": true, "avoid": true,
	"prevent": true, "optimize": true, "optimise": true, "format": true, "rewrite": true, "reword": true,
	"feat": true, "chore": true, "docs": true, "test": true, "tests": true, "perf": true, "ci": true,
	"build": true, "style": true, "hotfix": true, "squash": true,
}

// conventionalTypes are Conventional Commits types, recognised with a
// scope or colon: "feat(auth): ...", "fix: ...".
var conventionalTypes = map[string]bool{
	"feat": true, "fix": true, "chore": true, "docs": true, "refactor": true, "test": true,
	"perf": true, "ci": true, "build": true, "style": true, "revert": true,
}

// refDecorations start git's ref decorations after a hash: (HEAD -> main),
// (tag: v1), (origin/x).
var refDecorations = []string{"(HEAD", "(tag:", "(origin/", "(upstream/"}
