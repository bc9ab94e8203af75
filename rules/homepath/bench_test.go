package homepath

import (
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// BenchmarkFindHomePaths measures the scanner, the rule's work per file
// in committed memory, on the texts of the rules' differential tests (the
// corpus and the generated memory), against a pass that only reads each
// byte once.
func BenchmarkFindHomePaths(b *testing.B) {
	texts := rulebench.Texts(b)
	var size int
	for _, t := range texts {
		size += len(t)
	}
	b.Run("read", func(b *testing.B) {
		b.SetBytes(int64(size))
		n := 0
		for b.Loop() {
			for _, t := range texts {
				for _, c := range t {
					if c == '/' {
						n++
					}
				}
			}
		}
		_ = n
	})
	b.Run("scan", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for _, t := range texts {
				findHomePaths(t, func(homePath) { n++ })
			}
		}
		_ = n
	})
}
