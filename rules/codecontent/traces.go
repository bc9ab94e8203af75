package codecontent

import (
	"bytes"
	"fmt"

	"github.com/memlint/memlint/lint/markdown"
)

// The stack trace detector.

type traceLineKind int

const (
	notFrame     traceLineKind = iota
	frameLine                  // one frame of a trace
	traceHead                  // a line that only starts traces (Traceback, goroutine N)
	weakHead                   // "panic: ..." – part of a Go trace when one follows
	numberedLine               // "0: symbol" – a frame inside a Rust backtrace
)

// goFrameOffset reports whether t holds " +0x", the offset of a Go frame.
// It looks for the "+", which is rare, rather than the space.
func goFrameOffset(t []byte) bool {
	for from := 1; from < len(t); {
		i := bytes.Index(t[from:], []byte("+0x"))
		if i < 0 {
			return false
		}
		if t[from+i-1] == ' ' {
			return true
		}
		from += i + 1
	}
	return false
}

// classifyFrame says whether line is part of a stack trace, and of which
// language.
func classifyFrame(line []byte) (traceLineKind, string) {
	t := bytes.TrimLeft(line, " \t")
	if len(t) < 3 {
		return notFrame, ""
	}
	switch {
	case t[0] == 'a' && t[1] == 't' && t[2] == ' ':
		if m := reJSFrame.FindSubmatch(t); m != nil {
			if bytes.HasSuffix(m[1], []byte(".rs")) {
				return frameLine, "Rust"
			}
			return frameLine, "JavaScript"
		}
		if reJavaFrame.Match(t) {
			return frameLine, "Java/Kotlin"
		}
		if reDotnetFrame.Match(t) {
			return frameLine, ".NET"
		}
	case t[0] == 'F':
		if rePyFrame.Match(t) {
			return frameLine, "Python"
		}
	case t[0] == 'T':
		if rePyHead.Match(t) {
			return traceHead, "Python"
		}
	case t[0] == 'g':
		if reGoHead.Match(t) {
			return traceHead, "Go"
		}
	case t[0] == 'p':
		if bytes.HasPrefix(t, []byte("panic: ")) {
			return weakHead, "Go"
		}
	case t[0] == 't':
		if reRustHead.Match(t) {
			return traceHead, "Rust"
		}
	case t[0] == 's':
		if bytes.HasPrefix(t, []byte("stack backtrace:")) {
			return traceHead, "Rust"
		}
	case t[0] >= '0' && t[0] <= '9':
		if reRustFrame.Match(t) {
			if bytes.Contains(t, []byte("::")) {
				return frameLine, "Rust"
			}
			return numberedLine, "Rust"
		}
	}
	if goFrameOffset(t) && reGoFrame.Match(t) {
		return frameLine, "Go"
	}
	return notFrame, ""
}

// traceFrameGap is how many lines may separate two frames of one trace (code
// excerpts, "Caused by:", Go function lines).
const traceFrameGap = 3

type traceState struct {
	lang          string
	first, last   int // first line (head or frame) and last frame line
	frames, heads int
}

// traces reports the stack traces among lines first..last and reports
// whether it found any.
func (s *codeScan) traces(first, last int, where string) bool {
	var cur traceState
	var weak int // line of the last "panic:" line
	found := false
	flush := func() {
		if cur.frames >= 1 && cur.frames+cur.heads >= 2 {
			start := s.f.Lines.LineStart(cur.first)
			start += len(s.f.Lines.Line(cur.first)) - len(bytes.TrimLeft(s.f.Lines.Line(cur.first), " \t"))
			sp := markdown.Span{Start: start, End: s.f.Lines.LineEnd(cur.last)}
			what := fmt.Sprintf("%d frames", cur.frames)
			if cur.frames == 1 {
				what = "1 frame"
			}
			s.report(sp, fmt.Sprintf("stack trace (%s, %s)%s: a trace records one past failure in code that has since changed; memory should keep the lesson (what went wrong, how to avoid or diagnose it), not the trace", cur.lang, what, where),
				"replace the trace with one sentence on the cause and the fix or the check that catches it")
			s.claim(sp)
			found = true
		}
		cur = traceState{}
	}
	for n := first; n <= last; n++ {
		kind, lang := classifyFrame(s.f.Lines.Line(n))
		if kind == numberedLine {
			kind = notFrame
			if cur.lang == "Rust" {
				kind = frameLine
			}
		}
		switch kind {
		case notFrame:
			if cur.lang != "" && n-cur.last > traceFrameGap {
				flush()
			}
			continue
		case weakHead:
			weak = n
			continue
		}
		if cur.lang != lang || n-cur.last > traceFrameGap {
			flush()
			cur = traceState{lang: lang, first: n, last: n}
			if lang == "Go" && weak > 0 && n-weak <= traceFrameGap {
				cur.first = weak
			} else if n > first && reTraceMessage.Match(bytes.TrimLeft(s.f.Lines.Line(n-1), " \t")) {
				cur.first = n - 1
			}
		}
		cur.last = n
		if kind == frameLine {
			cur.frames++
		} else {
			cur.heads++
		}
	}
	flush()
	return found
}
