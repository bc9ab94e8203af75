// Package lazyre holds regular expressions that compile on first use.
//
// memlint's rules hold about two hundred patterns, some with hundreds of
// alternatives. Compiled at package initialisation they cost every run
// about 10 ms before main starts: `memlint version`, a hook that lints one
// file, and a rule that never meets the text a pattern is for. A Regexp
// here compiles when a method first needs it (the way cmd/go's
// internal/lazyregexp does), and MustCompileAll, which a test calls,
// compiles every one declared so that a bad pattern still fails the tests
// rather than a run.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use.
type Regexp struct {
	src string
	// build, when set, makes src on first use (NewFunc).
	build func() string
	once  sync.Once
	re    *regexp.Regexp
}

var (
	mu  sync.Mutex
	all []*Regexp // every Regexp New made, for MustCompileAll
)

// New returns a Regexp for the pattern src, which regexp.MustCompile
// compiles on first use (panicking, as it does, on a bad pattern).
func New(src string) *Regexp {
	r := &Regexp{src: src}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// NewFunc returns a Regexp for the pattern build returns, both made on
// first use: for a pattern worked out from a table, whose making would
// cost every run as much as its compiling (memory-injection's patterns
// of other languages, whose words are normalised first).
func NewFunc(build func() string) *Regexp {
	r := &Regexp{build: build}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// MustCompileAll compiles every Regexp made so far; it panics on the first
// bad pattern. Tests call it: a run compiles only what it uses.
func MustCompileAll() int {
	mu.Lock()
	rs := append([]*Regexp(nil), all...)
	mu.Unlock()
	for _, r := range rs {
		r.Re()
	}
	return len(rs)
}

// Re returns the compiled regular expression.
func (r *Regexp) Re() *regexp.Regexp {
	r.once.Do(func() {
		if r.build != nil {
			r.src = r.build()
		}
		r.re = regexp.MustCompile(r.src)
	})
	return r.re
}

// String returns the source text of the pattern.
func (r *Regexp) String() string {
	if r.build != nil {
		r.Re()
	}
	return r.src
}

// The methods of regexp.Regexp that memlint uses, on the compiled pattern.

func (r *Regexp) Match(b []byte) bool                  { return r.Re().Match(b) }
func (r *Regexp) MatchString(s string) bool            { return r.Re().MatchString(s) }
func (r *Regexp) FindIndex(b []byte) []int             { return r.Re().FindIndex(b) }
func (r *Regexp) FindAllIndex(b []byte, n int) [][]int { return r.Re().FindAllIndex(b, n) }
func (r *Regexp) FindSubmatch(b []byte) [][]byte       { return r.Re().FindSubmatch(b) }
func (r *Regexp) FindSubmatchIndex(b []byte) []int     { return r.Re().FindSubmatchIndex(b) }
func (r *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	return r.Re().FindAllSubmatchIndex(b, n)
}
func (r *Regexp) FindString(s string) string           { return r.Re().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int       { return r.Re().FindStringIndex(s) }
func (r *Regexp) FindStringSubmatch(s string) []string { return r.Re().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.Re().FindStringSubmatchIndex(s)
}
func (r *Regexp) FindAllString(s string, n int) []string     { return r.Re().FindAllString(s, n) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int { return r.Re().FindAllStringIndex(s, n) }
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Re().FindAllStringSubmatch(s, n)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Re().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) ReplaceAllString(src, repl string) string { return r.Re().ReplaceAllString(src, repl) }
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.Re().ReplaceAllStringFunc(src, repl)
}
func (r *Regexp) ReplaceAll(src, repl []byte) []byte { return r.Re().ReplaceAll(src, repl) }
func (r *Regexp) SubexpIndex(name string) int        { return r.Re().SubexpIndex(name) }
func (r *Regexp) NumSubexp() int                     { return r.Re().NumSubexp() }
