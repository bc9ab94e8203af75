package wikilink

import (
	"bytes"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/pathutil"
	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/lint/memory"
)

// A [[link]] that matches no memory of the dir is not always a wrong name:
// it may name the index itself, a document of the repository, or a memory
// the text says lives elsewhere or is still to be written. Saying "matches
// no memory" of those tells the writer nothing they did not know, and
// "write the missing memory" would copy a document into memory.

// indexLink reports whether a link's target names the index, MEMORY.md,
// with words after it: "[[MEMORY.md Release canon]]" points to a part of
// the index, which is in the dir. ([[MEMORY]] and [[MEMORY#part]] are
// syntaxExamples' "memory".)
func indexLink(target string) bool {
	for rest := target; rest != ""; {
		w := rest
		if i := strings.IndexAny(rest, " \t"); i >= 0 {
			w, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		if strings.EqualFold(path.Base(w), "MEMORY.md") {
			return true
		}
	}
	return false
}

// repoDocuments tells whether a link names a file of the repository the
// memory dir is in: by its path from the top of the repository or from
// the linking file's folder ("[[docs/plan-v2.md]]"), or by its exact file
// name, with or without ".md", anywhere in it ("[[payment_state_machine]]"
// for docs/payment_state_machine.md). It asks the repository's file list
// only: a file no commit tracks does not count.
type repoDocuments struct {
	pass   *lint.Pass
	repo   lint.Repository
	dirRel string // the memory dir from the top of the repository
	asked  bool
}

func (d *repoDocuments) has(f *memory.File, target string) bool {
	if !d.asked {
		d.asked = true
		d.repo = d.pass.Repo()
		if d.repo != nil {
			abs := d.pass.Abs(d.pass.Dir.Path)
			if rel, err := filepath.Rel(d.repo.Root(), abs); err == nil && pathutil.Within(abs, d.repo.Root()) {
				d.dirRel = filepath.ToSlash(rel)
			} else {
				d.dirRel = "" // the user's memory of the project, outside the work tree
			}
		}
	}
	if d.repo == nil {
		return false
	}
	t := strings.TrimPrefix(strings.TrimSpace(target), "./")
	if t == "" || strings.HasPrefix(t, "/") {
		return false
	}
	if path.Ext(path.Base(t)) == "" {
		t += ".md"
	}
	if d.repo.Tracked(t) || d.repo.Nested(t) {
		return true
	}
	if d.dirRel == "" {
		return false
	}
	near := path.Join(d.dirRel, path.Dir(f.Rel), t)
	return near != "." && !strings.HasPrefix(near, "../") && d.repo.Tracked(near)
}

// maxContext bounds how far around a link its sentence is read.
const maxContext = 300

// elsewhereBytes are elsewhere's phrases as bytes, for bytes.Contains.
var elsewhereBytes = func() [][]byte {
	out := make([][]byte, len(elsewhere))
	for i, p := range elsewhere {
		out[i] = []byte(p)
	}
	return out
}()

// saysElsewhere reports whether the sentence a link stands in says that
// what it links lives outside this dir or is still to be written. scratch
// is a buffer it may reuse.
func saysElsewhere(f *memory.File, link markdown.Span, scratch *[]byte) bool {
	md := f.Body()
	// The link's block bounds its sentence: a list item or paragraph.
	lo, hi := max(md.Start, link.Start-maxContext), min(len(f.Src), link.End+maxContext)
	if i := sort.Search(len(md.Blocks), func(i int) bool { return md.Blocks[i].End > link.Start }); i < len(md.Blocks) && md.Blocks[i].Start <= link.Start {
		lo, hi = max(lo, md.Blocks[i].Start), min(hi, md.Blocks[i].End)
	}
	lo, hi = min(lo, link.Start), max(hi, link.End)
	before := f.Src[lo:link.Start]
	if i := lastSentenceEnd(before); i >= 0 {
		before = before[i:]
	}
	after := f.Src[link.End:hi]
	if i := firstSentenceEnd(after); i >= 0 {
		after = after[:i]
	}
	text := appendLower(appendLower((*scratch)[:0], before), []byte{0})
	text = appendLower(text, after)
	*scratch = text
	for _, p := range elsewhereBytes {
		if bytes.Contains(text, p) {
			return true
		}
	}
	return false
}

// appendLower appends b to dst in lower case.
func appendLower(dst, b []byte) []byte {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		dst = utf8.AppendRune(dst, unicode.ToLower(r))
		i += size
	}
	return dst
}

// lastSentenceEnd returns the offset just after the last sentence end in
// b, or -1.
func lastSentenceEnd(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if n := sentenceEnd(b, i); n > 0 {
			return i + n
		}
	}
	return -1
}

// firstSentenceEnd returns the offset of the first sentence end in b, or
// -1.
func firstSentenceEnd(b []byte) int {
	for i := range b {
		if sentenceEnd(b, i) > 0 {
			return i
		}
	}
	return -1
}

// sentenceEnd returns the length of the sentence end at b[i], or 0: one of
// . ! ? before white space or the end of b, or one of 。！？.
func sentenceEnd(b []byte, i int) int {
	switch c := b[i]; {
	case c == '.' || c == '!' || c == '?':
		if i+1 == len(b) || b[i+1] == ' ' || b[i+1] == '\n' || b[i+1] == '\t' || b[i+1] == '\r' {
			return 1
		}
	case c == 0xE3 && i+2 < len(b) && b[i+1] == 0x80 && b[i+2] == 0x82: // 。
		return 3
	case c == 0xEF && i+2 < len(b) && b[i+1] == 0xBC && (b[i+2] == 0x81 || b[i+2] == 0x9F): // ！？
		return 3
	}
	return 0
}
