package secret

import (
	"fmt"
	"path"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
)

// A file or folder named after a token leaks it as surely as a line that
// quotes it: the name is in every listing, every commit, and, for a
// memory, in the index link and the recall manifest. reportName reports
// such a file once, about the whole file (a name has no line); every
// output shows the name masked (lint.RedactPath).
func reportName(pass *lint.Pass, f *memory.File) {
	if Redact(f.Rel) == f.Rel {
		return
	}
	what := "file"
	if base := path.Base(f.Rel); Redact(base) == base {
		what = "folder"
	}
	pass.ReportFile(f,
		fmt.Sprintf("the %s name holds a credential (%s): a memory's name is listed in MEMORY.md, shown to recall and kept in every commit", what, lint.RedactPath(Redact, f.Rel)),
		"rotate (revoke) the credential first, since it must be treated as leaked; then rename the "+what+" (and the index entry) to say what it holds, not the value")
}
