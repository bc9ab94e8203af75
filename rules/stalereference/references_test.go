package stalereference

import (
	"reflect"
	"testing"
)

// TestReferences: the paths the pre-commit hook matches against the files
// a commit removes are read as the rule reads them.
func TestReferences(t *testing.T) {
	cases := []struct {
		name, src string
		want      []Ref
	}{
		{"code span and prose", "see `src/a.ts`\nand ./docs/b.md:12, then lib/c/.", []Ref{{"src/a.ts", 1}, {"docs/b.md", 2}, {"lib/c", 2}}},
		{"absolute inside the root", "at /repo/src/a.go.", []Ref{{"src/a.go", 1}}},
		{"history line", "src/old.ts was removed\nsrc/new.ts", []Ref{{"src/new.ts", 2}}},
		{"not references", "https://x.org/a/b.md ~/notes/a.md /elsewhere/a.go ../up/a.go src/*.ts README.md $HOME/a/b", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := References([]byte(tc.src), "/repo"); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("References(%q) = %v, want %v", tc.src, got, tc.want)
			}
		})
	}
}
