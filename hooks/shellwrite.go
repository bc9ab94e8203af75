package hooks

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/memlint/memlint/lint/memory"
)

// A Bash command's writes that can be known before it runs. The guard
// reads the command the agent is about to run and, for the few shapes
// whose effect on a file is certain — a here-document into cat or tee, a
// printf or echo of literal text, redirected with > or >> — works out
// what each file will hold. Everything else is uncertain and left to the
// PostToolUse hook, which sees what the command did: the parser never has
// to be right about a shape it does not know, only about those it does.
// It reads the command once, left to right, and bounds what it reads.

// maxShellCommand bounds the command the parser reads: longer ones are
// uncertain.
const maxShellCommand = 1 << 20

// maxShellOutput bounds what printf's reused format may build: the
// largest memory file memlint reads.
const maxShellOutput = memory.DefaultMaxFileSize

// shellWrite is one write a command makes to a file.
type shellWrite struct {
	// Target is the file as the command names it: after quote removal,
	// with a leading ~/ left for the caller to expand.
	Target string
	// Tilde says Target starts with a ~ that stands for the home folder.
	Tilde bool
	// Append is >> (or tee -a): Content goes after what the file holds.
	Append  bool
	Content string
	// AfterOther is true when a statement the parser does not know runs
	// before this write: it may have changed the current folder (cd), so
	// a relative Target is uncertain.
	AfterOther bool
}

// shellToken is a word or an operator of a command line.
type shellToken struct {
	op string // "" for a word
	// text is the word after quote removal.
	text string
	// certain is false when the word holds an expansion the parser does
	// not perform ($x, `cmd`, globs, braces, ~user).
	certain bool
	// fd is the file descriptor number written before a redirection
	// operator (2>), or -1.
	fd int
	// heredoc is the body of a << or <<- redirection, once read; ok is
	// false when it holds expansions or never ends.
	heredoc   *hereDoc
	glued     bool // the word touches the next token (no blank between)
	quotedAny bool // some part of the word was quoted
	tilde     bool // the word starts with an unquoted ~ (the home folder)
}

type hereDoc struct {
	delim     string
	quoted    bool // the delimiter was quoted: the body is literal
	stripTabs bool // <<-
	body      string
	ok        bool
}

// shellOps are the operators, longest first.
var shellOps = []string{"<<-", "<<<", "&>>", ">>", "<<", ">|", "&&", "||", ";;", "&>", ">&", "<&", "<>", ">", "<", "|", "&", ";", "(", ")", "\n"}

// lexShell splits a command into tokens and reads here-document bodies.
// ok is false when the command cannot be read with certainty (an
// unterminated quote, a here-document that never ends).
func lexShell(s string) (tokens []shellToken, ok bool) {
	if len(s) > maxShellCommand {
		return nil, false
	}
	var pending []*hereDoc // here-documents whose body starts at the next line
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if n := len(tokens); n > 0 {
				tokens[n-1].glued = false
			}
			i++
			continue
		case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i += 2 // a line continuation
			continue
		case c == '#' && (len(tokens) == 0 || !tokens[len(tokens)-1].glued || tokens[len(tokens)-1].op != ""):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		if op := shellOpAt(s, i); op != "" {
			t := shellToken{op: op, fd: -1}
			if n := len(tokens); n > 0 && tokens[n-1].glued && tokens[n-1].op == "" && !tokens[n-1].quotedAny && isDigits(tokens[n-1].text) && strings.ContainsAny(op[:1], "<>") {
				// 2>file: the digits name the descriptor.
				t.fd, _ = strconv.Atoi(tokens[n-1].text)
				tokens = tokens[:n-1]
			}
			i += len(op)
			if op == "\n" {
				for _, h := range pending {
					var end int
					end, h.ok = readHereDoc(s, i, h)
					i = end
					if !h.ok {
						return nil, false
					}
				}
				pending = nil
			}
			if op == "<<" || op == "<<-" {
				// The delimiter is the next word.
				for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
					i++
				}
				w, next, ok := lexWord(s, i)
				if !ok || w.text == "" || !w.certain && !w.quotedAny {
					return nil, false
				}
				i = next
				t.heredoc = &hereDoc{delim: w.text, quoted: w.quotedAny, stripTabs: op == "<<-"}
				pending = append(pending, t.heredoc)
			}
			tokens = append(tokens, t)
			continue
		}
		w, next, ok := lexWord(s, i)
		if !ok {
			return nil, false
		}
		i = next
		tokens = append(tokens, w)
	}
	if len(pending) > 0 {
		return nil, false // a here-document with no body: bash reads to the end, with a warning
	}
	return tokens, true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func shellOpAt(s string, i int) string {
	for _, op := range shellOps {
		if strings.HasPrefix(s[i:], op) {
			return op
		}
	}
	return ""
}

// lexWord reads one word starting at i: quotes removed, backslashes
// applied. The word is uncertain when it holds an expansion.
func lexWord(s string, i int) (shellToken, int, bool) {
	w := shellToken{certain: true, fd: -1, glued: true}
	var b strings.Builder
	start := i
	for i < len(s) {
		c := s[i]
		if c == ' ' || c == '\t' || shellOpAt(s, i) != "" {
			break
		}
		switch c {
		case '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return w, i, false
			}
			b.WriteString(s[i+1 : i+1+end])
			i += end + 2
			w.quotedAny = true
			continue
		case '"':
			i++
			for {
				if i >= len(s) {
					return w, i, false
				}
				d := s[i]
				if d == '"' {
					i++
					break
				}
				if d == '$' || d == '`' {
					w.certain = false
				}
				if d == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
					if s[i+1] != '\n' {
						b.WriteByte(s[i+1])
					}
					i += 2
					continue
				}
				b.WriteByte(d)
				i++
			}
			w.quotedAny = true
			continue
		case '\\':
			if i+1 >= len(s) {
				return w, i, false
			}
			if s[i+1] != '\n' { // a backslash-newline joins the lines
				b.WriteByte(s[i+1])
			}
			i += 2
			w.quotedAny = true
			continue
		case '$', '`', '*', '?', '[', '{', '}', '!':
			w.certain = false
		case '~':
			// ~/ at the start is the home folder, which the caller
			// expands; ~user is not known.
			if i == start {
				w.tilde = true
				if i+1 < len(s) && s[i+1] != '/' {
					w.certain = false
				}
			}
		}
		b.WriteByte(c)
		i++
	}
	w.text = b.String()
	return w, i, true
}

// readHereDoc reads the body of h from s at i (the start of the line
// after the redirection) up to its delimiter line, and returns where the
// text after it starts. ok is false when the delimiter never comes or an
// unquoted delimiter's body holds an expansion.
func readHereDoc(s string, i int, h *hereDoc) (int, bool) {
	var body strings.Builder
	for i < len(s) {
		end := strings.IndexByte(s[i:], '\n')
		line := s[i:]
		next := len(s)
		if end >= 0 {
			line = s[i : i+end]
			next = i + end + 1
		}
		if h.stripTabs {
			line = strings.TrimLeft(line, "\t")
		}
		if line == h.delim {
			h.body = body.String()
			return next, true
		}
		if !h.quoted && strings.ContainsAny(line, "$`\\") {
			return next, false
		}
		body.WriteString(line)
		body.WriteByte('\n')
		i = next
	}
	return i, false
}

// shellWrites returns the writes of a command whose content is certain, in
// the order the command makes them. ok is false when the command cannot be
// read, or when its writes build more than maxShellOutput bytes in all (a
// printf's reused format can build that much from each of many short
// statements); a statement of an unknown shape adds no write (and makes a
// later relative target uncertain, AfterOther).
func shellWrites(command string) (writes []shellWrite, ok bool) {
	tokens, ok := lexShell(command)
	if !ok {
		return nil, false
	}
	other, total := false, 0
	var stmt []shellToken
	flush := func() {
		if len(stmt) == 0 {
			return
		}
		ws, known := statementWrites(stmt)
		for i := range ws {
			ws[i].AfterOther = other
			total += len(ws[i].Content)
		}
		writes = append(writes, ws...)
		if !known {
			other = true
		}
		stmt = stmt[:0]
	}
	for _, t := range tokens {
		switch t.op {
		case ";", "&&", "\n":
			if flush(); total > maxShellOutput {
				return nil, false
			}
			continue
		}
		stmt = append(stmt, t)
	}
	if flush(); total > maxShellOutput {
		return nil, false
	}
	return writes, true
}

// redirection is one redirection of a statement.
type redirection struct {
	op     string
	fd     int
	target shellToken
	doc    *hereDoc
}

// statementWrites returns the writes of one simple statement when it has
// one of the known shapes; known is false for anything else.
func statementWrites(stmt []shellToken) (writes []shellWrite, known bool) {
	var words []shellToken
	var redirs []redirection
	for i := 0; i < len(stmt); i++ {
		t := stmt[i]
		switch t.op {
		case "":
			words = append(words, t)
		case ">", ">>", ">|", "<", "<<", "<<-":
			r := redirection{op: t.op, fd: t.fd, doc: t.heredoc}
			if t.heredoc == nil {
				if i+1 >= len(stmt) || stmt[i+1].op != "" {
					return nil, false
				}
				i++
				r.target = stmt[i]
			}
			redirs = append(redirs, r)
		default:
			// Pipes, background jobs, subshells, other redirections.
			return nil, false
		}
	}
	if len(words) == 0 {
		return nil, false
	}
	for _, w := range words {
		if !w.certain {
			return nil, false
		}
	}
	// The statement's input (a here-document) and its output files.
	var input *hereDoc
	var outputs []shellWrite
	for _, r := range redirs {
		fd := r.fd
		switch r.op {
		case "<<", "<<-":
			if fd != -1 && fd != 0 || input != nil || !r.doc.ok {
				return nil, false
			}
			input = r.doc
		case "<":
			return nil, false
		default: // > >> >|
			if !r.target.certain {
				return nil, false
			}
			if fd == -1 || fd == 1 {
				outputs = append(outputs, shellWrite{Target: r.target.text, Tilde: r.target.tilde, Append: r.op == ">>"})
			}
			// Other descriptors (2>/dev/null) write no content of
			// the statement's output.
		}
	}
	if len(outputs) > 1 {
		return nil, false // bash truncates all and writes the last: not a shape worth knowing
	}
	name, args := words[0].text, words[1:]
	var content string
	switch name {
	case "cat":
		if input == nil || len(args) > 1 || len(args) == 1 && args[0].text != "-" {
			return nil, false
		}
		content = input.body
	case "tee":
		if input == nil {
			return nil, false
		}
		appendAll := false
		var files []shellWrite
		for _, a := range args {
			switch {
			case a.text == "-a" || a.text == "--append":
				appendAll = true
			case strings.HasPrefix(a.text, "-"):
				return nil, false
			default:
				files = append(files, shellWrite{Target: a.text, Tilde: a.tilde})
			}
		}
		for i := range files {
			files[i].Append, files[i].Content = appendAll, input.body
		}
		for i := range outputs {
			outputs[i].Content = input.body
		}
		return append(files, outputs...), true
	case "printf":
		if input != nil {
			return nil, false
		}
		dashes := len(args) > 0 && args[0].text == "--"
		if dashes {
			args = args[1:]
		}
		if len(args) == 0 || !dashes && strings.HasPrefix(args[0].text, "-") {
			return nil, false // an option (-v var), or a format bash takes for one
		}
		var ok bool
		if content, ok = shellPrintf(args[0].text, texts(args[1:])); !ok {
			return nil, false
		}
	case "echo":
		if input != nil {
			return nil, false
		}
		newline := true
		// Bash takes an argument for options only when it is made of
		// option letters alone (-n, -nE); "- item" is text.
		for len(args) > 0 && echoOptions.MatchString(args[0].text) {
			if strings.Contains(args[0].text, "e") {
				return nil, false // escapes, which bash and sh treat apart
			}
			if strings.Contains(args[0].text, "n") {
				newline = false
			}
			args = args[1:]
		}
		text := strings.Join(texts(args), " ")
		if strings.Contains(text, `\`) {
			return nil, false // xpg_echo turns backslashes into escapes
		}
		content = text
		if newline {
			content += "\n"
		}
	default:
		return nil, false
	}
	for i := range outputs {
		outputs[i].Content = content
	}
	return outputs, true
}

func texts(ws []shellToken) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.text
	}
	return out
}

// echoOptions is an argument bash's echo reads as options.
var echoOptions = regexp.MustCompile(`^-[neE]+$`)

// printfEscapes are the backslash escapes of bash's printf format.
var printfEscapes = map[byte]string{
	'\\': "\\", 'a': "\a", 'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t", 'v': "\v",
	'"': "\"", '\'': "'", '?': "?",
}

// shellPrintf is what bash's printf prints for a format of %s and %%
// conversions and backslash escapes; ok is false for any other
// conversion or escape. The format is reused while arguments remain.
func shellPrintf(format string, args []string) (string, bool) {
	var b strings.Builder
	for {
		consumed := false
		for i := 0; i < len(format); i++ {
			c := format[i]
			switch {
			case c == '\\' && i+1 < len(format):
				e, ok := printfEscapes[format[i+1]]
				if !ok {
					return "", false
				}
				b.WriteString(e)
				i++
			case c == '\\':
				b.WriteByte(c)
			case c == '%' && i+1 < len(format) && format[i+1] == '%':
				b.WriteByte('%')
				i++
			case c == '%' && i+1 < len(format) && format[i+1] == 's':
				if len(args) > 0 {
					b.WriteString(args[0])
					args = args[1:]
				}
				consumed = true
				i++
			case c == '%':
				return "", false
			default:
				b.WriteByte(c)
			}
		}
		if len(args) == 0 || !consumed {
			return b.String(), true
		}
		if b.Len() > maxShellOutput {
			return "", false
		}
	}
}
