package frontmatter

// Words of the frontmatter rules. Extend them here.

// genericWords make up descriptions that say nothing about the memory.
var genericWords = map[string]bool{
	"notes": true, "note": true, "misc": true, "miscellaneous": true, "todo": true, "todos": true,
	"stuff": true, "various": true, "things": true, "thing": true, "info": true, "information": true,
	"general": true, "other": true, "others": true, "tbd": true, "n/a": true, "none": true, "memory": true,
	"memories": true, "random": true, "some": true, "and": true, "etc": true, "details": true, "wip": true,
	"temp": true, "tmp": true, "placeholder": true, "description": true, "untitled": true, "-": true,
}
