package source

import (
	"bytes"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"

	"github.com/memlint/memlint/internal/safefile"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/memory"
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
// each, binary files and the memory dirs' own files (memory.FindDirs
// over the tracked folders: with or without a MEMORY.md) skipped, since a
// memory always contains what it names.
func (r *RepoFiles) HasWord(w string) bool {
	r.wordsOnce.Do(r.readWords)
	_, ok := r.words[w]
	return ok || r.unread
}

func (r *RepoFiles) readWords() {
	r.ensure()
	own := lint.NewOwners(r.memoryDirs())
	r.words = map[string]struct{}{}
	buf := make([]byte, maxWordFile)
	for _, p := range r.Paths {
		if own.Of(p) != "" {
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

// memoryDirs are the memory dirs among the tracked folders, found on disk
// by the one rule (memory.FindDirs), entering only folders that hold a
// tracked file.
func (r *RepoFiles) memoryDirs() []string {
	tracked := map[string]bool{}
	for _, p := range r.Paths {
		for d := path.Dir(p); d != "." && !tracked[d]; d = path.Dir(d) {
			tracked[d] = true
		}
	}
	if len(tracked) == 0 && len(r.Paths) == 0 {
		return nil
	}
	dirs, err := memory.FindDirs(os.DirFS(r.Root()), ".", func(p string) bool { return !tracked[p] })
	if err != nil {
		return nil
	}
	return dirs
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
