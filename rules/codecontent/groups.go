package codecontent

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/memlint/memlint/lint/markdown"
	"github.com/memlint/memlint/rules/internal/ruleutil"
)

// Citations and commit hashes are reported by section: the text under one
// heading (or the whole file when it has none). A section that cites ten
// lines or lists ten hashes gets one finding that counts them and names
// where they are, not ten findings that drown everything else; the fix is
// the same for all of them (rewrite the section without them). A section
// holding a single one gets the finding about that one.

type ccKind int

const (
	ccCitation ccKind = iota
	ccHash
)

// ccFinding is a citation or a hash waiting to be grouped.
type ccFinding struct {
	kind  ccKind
	span  markdown.Span
	shown string // the text as a message quotes it
	msg   string // the message when it is alone in its section
}

func (s *codeScan) collect(kind ccKind, sp markdown.Span, shown, msg string) {
	s.found = append(s.found, ccFinding{kind: kind, span: sp, shown: shown, msg: msg})
}

// flushGroups reports the collected findings, one per kind and section.
func (s *codeScan) flushGroups() {
	if len(s.found) == 0 {
		return
	}
	var headings []markdown.Block
	for _, b := range s.md.Blocks {
		if b.Kind == markdown.BlockHeading {
			headings = append(headings, b)
		}
	}
	section := func(off int) int {
		return sort.Search(len(headings), func(i int) bool { return headings[i].Start > off }) - 1
	}
	sort.SliceStable(s.found, func(i, j int) bool {
		a, b := s.found[i], s.found[j]
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		return a.span.Start < b.span.Start
	})
	for i := 0; i < len(s.found); {
		first := s.found[i]
		sec := section(first.span.Start)
		j := i + 1
		for j < len(s.found) && s.found[j].kind == first.kind && section(s.found[j].span.Start) == sec {
			j++
		}
		group := s.found[i:j]
		i = j
		if len(group) == 1 {
			how := citationHow
			if first.kind == ccHash {
				how = commitHow
			}
			s.report(first.span, first.msg, how)
			continue
		}
		where := "in this file"
		if len(headings) > 0 {
			where = "before the first heading"
			if sec >= 0 {
				where = "under the heading " + ruleutil.Quote(ruleutil.Clip(s.headingText(headings[sec]), 50))
			}
		}
		lines := s.groupLines(group)
		if first.kind == ccHash {
			s.report(first.span, fmt.Sprintf("%d commit hashes %s (%s), the first %s: %s", len(group), where, lines, first.shown, commitWhy),
				"keep the lasting decision or lesson of this section and drop the hashes")
		} else {
			s.report(first.span, fmt.Sprintf("%d file:line citations %s (%s), the first %s: %s", len(group), where, lines, first.shown, citationWhy),
				"name the files and the functions or behaviours instead, without line numbers")
		}
	}
}

// headingText returns a heading's text without its markers.
func (s *codeScan) headingText(b markdown.Block) string {
	t := bytes.TrimSpace(s.src[b.Start:b.End])
	if nl := bytes.IndexByte(t, '\n'); nl >= 0 {
		t = t[:nl] // a setext heading's text line
	}
	t = bytes.TrimSpace(bytes.Trim(t, "# "))
	if !utf8.Valid(t) {
		return strings.ToValidUTF8(string(t), "\uFFFD")
	}
	return string(t)
}

// groupLines says where a group's findings are: "lines 4, 9 and 12",
// "lines 4–40" when there are many.
func (s *codeScan) groupLines(group []ccFinding) string {
	var nums []int
	for _, g := range group {
		n := s.f.Lines.LineOf(g.span.Start)
		if len(nums) == 0 || nums[len(nums)-1] != n {
			nums = append(nums, n)
		}
	}
	if len(nums) == 1 {
		return "all on line " + strconv.Itoa(nums[0])
	}
	if len(nums) > 5 {
		return fmt.Sprintf("lines %d–%d", nums[0], nums[len(nums)-1])
	}
	parts := make([]string, len(nums))
	for i, n := range nums {
		parts[i] = strconv.Itoa(n)
	}
	return "lines " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
