package homepath

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// homePath is a developer's absolute home path found in a text.
type homePath struct {
	start, end int    // the path, in the text
	user       string // the account whose home it is ("alice")
	// rest is the path below the home folder, slash-separated; "" for the
	// home folder itself.
	rest string
}

// The forms of a home path, after the byte that starts it:
//
//	/home/alice/…  /var/home/alice/…  /Users/alice/…     Linux, Fedora Atomic, macOS
//	C:\Users\alice\…  C:/Users/alice/…                   Windows
//	/mnt/c/Users/alice/…  /c/Users/alice/…               Windows seen from WSL, Git Bash
//	~alice/…                                             a shell's home of another user
//
// A path is taken only where a path can start: at the start of the text
// or after a space, a quote, a bracket, an equals sign or emphasis, or
// right after "file://"; in a URL ("https://x.org/home/a/") it is part of
// something else, and after a colon it may be a drive's ("X:/Users/…"
// whose drive letter ends a word).

// findHomePaths calls fn with each home path of text, in order. It looks
// closer only at '/', '\' and '~'.
func findHomePaths(text []byte, fn func(homePath)) {
	for i := 0; i < len(text); i++ {
		if !pathTrigger[text[i]] {
			continue
		}
		if hp, ok := homePathAt(text, i); ok {
			fn(hp)
			i = hp.end - 1
		}
	}
}

// pathTrigger marks the bytes a home path's form turns on.
var pathTrigger = [256]bool{'/': true, '\\': true, '~': true}

// homePathAt reads a home path whose first separator (or tilde) is at
// text[i].
func homePathAt(text []byte, i int) (homePath, bool) {
	if text[i] == '~' {
		return tildeHomeAt(text, i)
	}
	// C:\Users\… or C:/Users/…: the path starts at the drive letter.
	if i >= 2 && text[i-1] == ':' && asciiLetter(text[i-2]) && startsPath(text, i-2) {
		if u, ok := afterFold(text, i+1, "users"); ok && u < len(text) && isSep(text[u]) {
			return homeAfter(text, i-2, u+1, false)
		}
		return homePath{}, false
	}
	if text[i] != '/' || !startsPath(text, i) {
		return homePath{}, false
	}
	switch {
	case hasAt(text, i, "/home/"):
		return homeAfter(text, i, i+len("/home/"), true)
	case hasAt(text, i, "/var/home/"):
		return homeAfter(text, i, i+len("/var/home/"), true)
	case hasAt(text, i, "/Users/"):
		return homeAfter(text, i, i+len("/Users/"), false)
	}
	// /mnt/c/Users/… (WSL) and /c/Users/… (Git Bash, MSYS).
	d := i + 1
	if hasAt(text, i, "/mnt/") {
		d = i + len("/mnt/")
	}
	if d+2 < len(text) && asciiLetter(text[d]) && text[d+1] == '/' {
		if u, ok := afterFold(text, d+2, "users"); ok && u < len(text) && text[u] == '/' {
			return homeAfter(text, i, u+1, false)
		}
	}
	return homePath{}, false
}

// tildeHomeAt reads "~alice/…" at text[i]: a shell expands it to alice's
// home on this machine only. "~/" is everyone's own home and portable.
func tildeHomeAt(text []byte, i int) (homePath, bool) {
	if !startsPath(text, i) || i+1 >= len(text) || !asciiLetter(text[i+1]) {
		return homePath{}, false
	}
	e := i + 1
	for e < len(text) && e-i <= 32 && (asciiLetter(text[e]) || asciiDigit(text[e]) || text[e] == '_' || text[e] == '-' || text[e] == '.') {
		e++
	}
	if e >= len(text) || text[e] != '/' {
		return homePath{}, false
	}
	return homeAfter(text, i, e, true)
}

// homeAfter reads the account name at text[u] (for "~alice", the name
// runs from after the tilde: u is the "/" after it, and the name is
// text[start+1:u]) and the rest of the path, for a path starting at
// text[start]. posix says the form is one where the account name must be
// a POSIX one and not a web route's word (/home/…, ~…).
func homeAfter(text []byte, start, u int, posix bool) (homePath, bool) {
	if u <= start {
		return homePath{}, false
	}
	end := pathEnd(text, start)
	if u > end && text[start] != '~' {
		return homePath{}, false
	}
	var user string
	var restStart int
	if text[start] == '~' {
		user, restStart = string(text[start+1:u]), u+1
	} else {
		e := u
		for e < end && !isSep(text[e]) {
			e++
		}
		user, restStart = string(text[u:e]), e+1
	}
	if user == "" || !personal(user, posix) {
		return homePath{}, false
	}
	rest := ""
	if restStart < end {
		rest = strings.ReplaceAll(string(text[restStart:end]), `\`, "/")
		rest = strings.TrimRight(rest, "/")
	}
	return homePath{start: start, end: end, user: user, rest: rest}, true
}

// personal reports whether an account name is one person's: not a
// placeholder or a shared account (sharedAccounts), not a template slot
// ("<name>", "{user}", "$USER", "%USERNAME%", "TUO_USERNAME"), and, for
// the forms a web route shares (posix), a POSIX account name that is not
// a route's word.
func personal(user string, posix bool) bool {
	lower := strings.ToLower(user)
	if sharedAccounts[lower] || strings.ContainsAny(user, "<>{}[]$%*…") || strings.Contains(lower, "username") ||
		strings.HasPrefix(lower, "your") || strings.Trim(user, ".") == "" {
		return false
	}
	if strings.ToUpper(user) == user && (strings.Contains(user, "USER") || strings.Contains(user, "NAME")) {
		return false // YOUR_USER, TUO_NOME
	}
	if posix {
		if routeWords[lower] || len(user) > 32 {
			return false
		}
		for k := 0; k < len(user); k++ {
			c := user[k]
			if !(asciiLetter(c) || asciiDigit(c) || c == '_' || c == '-' || c == '.') || k == 0 && !(asciiLetter(c) || c == '_') {
				return false
			}
		}
	}
	return true
}

// pathEnd returns where the path that starts at text[start] ends: at the
// closing quote when a quote or code span opened right before it (such a
// path may hold spaces), else at a space, a quote, a bracket or emphasis;
// then before trailing sentence punctuation.
func pathEnd(text []byte, start int) int {
	end := start
	if start > 0 && (text[start-1] == '"' || text[start-1] == '\'' || text[start-1] == '`') {
		q := text[start-1]
		for end < len(text) && end-start < 400 && text[end] != q && text[end] != '\n' {
			end++
		}
		if end < len(text) && text[end] == q {
			return trimPunct(text, start, end)
		}
		end = start
	}
	for end < len(text) && end-start < 400 {
		c := text[end]
		if c <= ' ' || strings.IndexByte("\"'`<>|*)]}", c) >= 0 || c == ',' && (end+1 >= len(text) || text[end+1] == ' ') {
			break
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRune(text[end:])
			if r == '\u00a0' || r == '\u3000' || r == '，' || r == '。' || r == '、' || r == '）' || r == '」' {
				break
			}
			end += size
			continue
		}
		end++
	}
	return trimPunct(text, start, end)
}

// trimPunct drops sentence punctuation from the end of text[start:end].
func trimPunct(text []byte, start, end int) int {
	for end > start && strings.IndexByte(".,:;!?", text[end-1]) >= 0 {
		end--
	}
	return end
}

// startsPath reports whether a path may start at text[i]: at the start of
// the text, after a space or a byte that opens or labels a path, or right
// after "file://".
func startsPath(text []byte, i int) bool {
	if i == 0 {
		return true
	}
	c := text[i-1]
	if c <= ' ' || strings.IndexByte("`'\"([{<=,;|*>_", c) >= 0 {
		return true
	}
	if c >= utf8.RuneSelf {
		r, _ := utf8.DecodeLastRune(text[:i])
		return r == '\u00a0' || r == '\u3000' || r == '：' || r == '（' || r == '「' || r == '，' || r == '、'
	}
	return i >= len("file://") && bytes.EqualFold(text[i-len("file://"):i], []byte("file://"))
}

// exampleBefore reports whether the line holding text[at], before it,
// says that what follows is an example (exampleMarkers).
func exampleBefore(text []byte, at int) bool {
	// Only the 200 bytes before the path are read: a line of paths is
	// not read back to its start for each.
	from := max(0, at-200)
	line := bytes.ToLower(text[from+bytes.LastIndexByte(text[from:at], '\n')+1 : at])
	for _, m := range exampleMarkers {
		if k := bytes.Index(line, []byte(m)); k >= 0 && (k == 0 || !asciiLetter(line[k-1]) || !asciiLetter(m[0])) {
			return true
		}
	}
	return false
}

func hasAt(text []byte, i int, lit string) bool {
	return len(text)-i >= len(lit) && string(text[i:i+len(lit)]) == lit
}

// afterFold returns the offset after lit (lowercase ASCII) at text[i],
// ignoring case.
func afterFold(text []byte, i int, lit string) (int, bool) {
	if len(text)-i < len(lit) || !bytes.EqualFold(text[i:i+len(lit)], []byte(lit)) {
		return 0, false
	}
	return i + len(lit), true
}

func isSep(c byte) bool       { return c == '/' || c == '\\' }
func asciiLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func asciiDigit(c byte) bool  { return '0' <= c && c <= '9' }
