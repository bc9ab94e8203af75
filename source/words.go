package source

import (
	"bytes"
	"io"
	"math"
	"path"
	"path/filepath"

	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint"
)

// maxWordFile bounds what HasWord reads of one tracked file: the words
// of a larger file past its first MiB are not looked for.
const maxWordFile = 1 << 20

// binarySniff is how much of a file is looked at for a NUL byte, as git
// does to call a file binary.
const binarySniff = 8000

// HasWord reports whether a tracked text file of the repository contains
// the word w (a run of letters, digits and underscores at least
// lint.MinWordLen long). The words are read once, on the first call, from
// the working copies of the tracked files: at most maxWordFile bytes of
// each, binary files and the memory dirs' own files (a folder holding a
// tracked MEMORY.md, and below) skipped, since a memory always contains
// what it names.
func (r *RepoFiles) HasWord(w string) bool {
	r.wordsOnce.Do(r.readWords)
	_, ok := r.words[w]
	return ok || r.unread
}

func (r *RepoFiles) readWords() {
	r.ensure()
	memoryDirs := map[string]bool{}
	for _, p := range r.Paths {
		if path.Base(p) == "MEMORY.md" {
			memoryDirs[path.Dir(p)] = true
		}
	}
	r.words = map[string]struct{}{}
	buf := make([]byte, maxWordFile)
	for _, p := range r.Paths {
		if inMemoryDir(p, memoryDirs) {
			continue
		}
		data := readBounded(filepath.Join(r.Root(), filepath.FromSlash(p)), buf)
		if bytes.IndexByte(data[:min(len(data), binarySniff)], 0) >= 0 {
			continue
		}
		lint.IdentifierWords(data, func(w []byte) {
			if _, ok := r.words[string(w)]; !ok {
				r.words[string(w)] = struct{}{}
			}
		})
	}
}

// inMemoryDir reports whether a folder above p is in dirs.
func inMemoryDir(p string, dirs map[string]bool) bool {
	if len(dirs) == 0 {
		return false
	}
	for d := path.Dir(p); ; d = path.Dir(d) {
		if dirs[d] {
			return true
		}
		if d == "." || d == "/" {
			return false
		}
	}
}

// readBounded reads up to len(buf) bytes of the regular file at name into
// buf; nil when it is not a regular file or cannot be read.
func readBounded(name string, buf []byte) []byte {
	// Any size: only the start is read. (Opened safely: a FIFO or a
	// device where a tracked file was must not block or be read.)
	f, _, err := safefile.Open(name, math.MaxInt64)
	if err != nil {
		return nil
	}
	defer f.Close()
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil
	}
	return buf[:n]
}
