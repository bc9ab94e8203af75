// Package fuzzseed holds the inputs the fuzz targets of the parsers
// (lint/markdown) and of the model (lint/memory) start from: the shapes
// memory files take, and the ones that broke parsers before.
package fuzzseed

import "strings"

// Files are memory files, whole: frontmatter, Markdown and suppression
// comments, well and badly formed.
var Files = []string{
	"",
	"---\nname: a\ndescription: b\ntype: user\n---\n\nBody.\n",
	"---\nname: a: b\ndescription: [x\n---\n",
	"---\nname: a\n",
	"\ufeff---\nname: a\n---\n",
	"---\nname: a\n---- not a close\n---\n",
	"# Index\n\n- [A](a.md) — about a\n  - [B](b.md)\n<!-- hidden -->\n",
	"<!-- memlint-disable rule-x -- why -->\ntext\n<!-- memlint-enable -->\n",
	"<!-- memlint-disable-next-line -->\n<!-- memlint-disable-file a, b -- r -->",
	"```go\ncode\n",
	"> quote\n> - item\n>   ```\n",
	"[[wiki|label]] [[x#frag]] [ref][r]\n\n[r]: dest.md\n",
	"line\r\nwith CRLF\r\n",
	"\x00\xff\xfe not UTF-8 \xc3",
	strings.Repeat("- [x](x.md)\n", 205),
	strings.Repeat("é", 30000),
	strings.Repeat("> ", 80) + "deep\n",
	strings.Repeat("[", 500) + strings.Repeat("]", 500),
}
