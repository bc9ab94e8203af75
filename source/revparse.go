package source

import (
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	cfgformat "github.com/go-git/go-git/v5/plumbing/format/config"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

// This file is what memlint used of go-git's root package (git.Open and
// Repository.ResolveRevision, as of go-git v5.19), on go-git's plumbing
// alone: the root package brings its whole porcelain (worktrees,
// transports, merges) into the binary for these two calls, and its
// revision parser is internal to it.

// errRepositoryNotExists is go-git's git.ErrRepositoryNotExists.
var errRepositoryNotExists = errors.New("repository does not exist")

// checkRepository refuses what git.Open refuses: a repository without a
// HEAD, an unreadable configuration, or one whose format version or
// extensions go-git does not support (after tolerantStorer dropped the
// harmless ones).
func checkRepository(s tolerantStorer) error {
	if _, err := s.Reference(plumbing.HEAD); err == plumbing.ErrReferenceNotFound {
		return errRepositoryNotExists
	}
	cfg, err := s.Config()
	if err != nil {
		return err
	}
	return verifyExtensions(cfg)
}

// verifyExtensions is go-git's check of core.repositoryformatversion and
// extensions.* (repository_extensions.go): it supports format versions 0
// and 1, and of the extensions only noop (and noop-v1 with version 1).
// (go-git lists partialClone, preciousObjects and worktreeConfig as valid
// with version 0 but compares them with lowercased names, so only noop
// passes; tolerantStorer drops those before this check.)
func verifyExtensions(cfg *config.Config) error {
	var needed []string
	if cfg != nil && cfg.Raw != nil && cfg.Raw.HasSection("extensions") {
		for _, opt := range cfg.Raw.Section("extensions").Options {
			needed = append(needed, strings.ToLower(opt.Key))
		}
	}
	version := cfg.Core.RepositoryFormatVersion
	switch version {
	case "", cfgformat.Version_0, cfgformat.Version_1:
	default:
		return fmt.Errorf("core.repositoryformatversion not supported: %q", version)
	}
	if len(needed) == 0 {
		return nil
	}
	if version == cfgformat.Version_0 || version == "" {
		var unsupported []string
		for _, ext := range needed {
			if ext != "noop" {
				unsupported = append(unsupported, ext)
			}
		}
		if len(unsupported) > 0 {
			return fmt.Errorf("core.repositoryformatversion does not support extension: %s", strings.Join(unsupported, ", "))
		}
	}
	var missing []string
	for _, ext := range needed {
		if ext != "noop" && ext != "noop-v1" {
			missing = append(missing, ext)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("unknown extension: %s", strings.Join(missing, ", "))
	}
	return nil
}

// revStep is a step from a commit that a revision takes after its name:
// ~N (the first parent, N times), ^N (the Nth parent, 0 to 2; 0 is the
// commit itself) or ^{/regexp} (the newest commit reachable whose message
// matches, or with ^{/!-regexp} does not).
type revStep struct {
	op     byte // '~', '^' or '/'
	n      int
	re     *regexp.Regexp
	negate bool
}

// errRevisionSyntax is a revision resolveRevision cannot read.
type errRevisionSyntax struct{ rev, why string }

func (e *errRevisionSyntax) Error() string { return fmt.Sprintf("revision %q: %s", e.rev, e.why) }

// parseRevision splits a revision into the ref or hash it starts from and
// the steps after it. It reads the forms go-git's ResolveRevision
// resolves; the others (@{…}, :path) are an error.
func parseRevision(rev string) (string, []revStep, error) {
	bad := func(why string) (string, []revStep, error) { return "", nil, &errRevisionSyntax{rev, why} }
	name, rest := rev, ""
	if i := strings.IndexAny(rev, "~^"); i >= 0 {
		name, rest = rev[:i], rev[i:]
	}
	switch {
	case name == "":
		return bad("names no ref or commit")
	case strings.Contains(name, "@{") || strings.ContainsRune(name, ':'):
		return bad("only a ref or a commit hash, followed by ~N, ^N or ^{/regexp}, is read")
	}
	var steps []revStep
	for rest != "" {
		op := rest[0]
		rest = rest[1:]
		if op != '~' && op != '^' {
			return bad(fmt.Sprintf("unexpected %q", op))
		}
		if op == '^' && strings.HasPrefix(rest, "{") {
			end := strings.IndexByte(rest, '}')
			if end < 0 {
				return bad(`missing "}" in ^{…}`)
			}
			body := rest[1:end]
			rest = rest[end+1:]
			switch {
			case body == "" || body == "commit" || body == "tree" || body == "blob" || body == "tag" || body == "object":
				// Peeling: the step resolves to a commit all the same.
			case strings.HasPrefix(body, "/"):
				step := revStep{op: '/'}
				body = body[1:]
				switch {
				case strings.HasPrefix(body, "!-"):
					step.negate, body = true, body[2:]
				case strings.HasPrefix(body, "!!"):
					body = body[1:]
				case strings.HasPrefix(body, "!"):
					return bad(`^{/!…} other than ^{/!-…} and ^{/!!…} is reserved`)
				}
				re, err := regexp.Compile(body)
				if err != nil {
					return bad(err.Error())
				}
				step.re = re
				steps = append(steps, step)
			default:
				return bad(fmt.Sprintf("%q is not a valid ^{…}", body))
			}
			continue
		}
		digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
		n := 1
		if digits > 0 {
			var err error
			if n, err = strconv.Atoi(rest[:digits]); err != nil {
				return bad(err.Error())
			}
			rest = rest[digits:]
		}
		if op == '^' && n > 2 {
			return bad("^N must be 0, 1 or 2")
		}
		steps = append(steps, revStep{op: op, n: n})
	}
	return name, steps, nil
}

// resolveRevision is go-git's Repository.ResolveRevision: the commit a
// revision names (a ref, a full or abbreviated hash, a tag; then ~N, ^N
// and ^{/regexp}).
func resolveRevision(s tolerantStorer, rev string) (plumbing.Hash, error) {
	if rev == "" {
		return plumbing.ZeroHash, plumbing.ErrReferenceNotFound
	}
	name, steps, err := parseRevision(rev)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	// A hash (or prefix) wins over a ref of that name, as in git.
	tryHashes := hashesWithPrefix(s, name)
	for _, rule := range plumbing.RefRevParseRules {
		if ref, err := storer.ResolveReference(s, plumbing.ReferenceName(fmt.Sprintf(rule, name))); err == nil {
			tryHashes = append(tryHashes, ref.Hash())
			break
		}
	}
	var commit *object.Commit
	for _, h := range tryHashes {
		if c, err := object.GetCommit(s, h); err == nil {
			commit = c
			break
		}
		if tag, err := object.GetTag(s, h); err == nil {
			c, err := tag.Commit()
			if err != nil {
				return plumbing.ZeroHash, err
			}
			commit = c
			break
		}
	}
	if commit == nil {
		return plumbing.ZeroHash, plumbing.ErrReferenceNotFound
	}
	for _, step := range steps {
		switch step.op {
		case '^':
			if step.n == 0 {
				break
			}
			parents := commit.Parents()
			c, err := parents.Next()
			if err == nil && step.n > 1 {
				c, err = parents.Next()
			}
			if err != nil {
				return plumbing.ZeroHash, err
			}
			commit = c
		case '~':
			for i := 0; i < step.n; i++ {
				c, err := commit.Parents().Next()
				if err != nil {
					return plumbing.ZeroHash, err
				}
				commit = c
			}
		case '/':
			var found *object.Commit
			err := object.NewCommitPreorderIter(commit, nil, nil).ForEach(func(c *object.Commit) error {
				if step.re.MatchString(c.Message) != step.negate {
					found = c
					return storer.ErrStop
				}
				return nil
			})
			if err != nil {
				return plumbing.ZeroHash, err
			}
			if found == nil {
				return plumbing.ZeroHash, fmt.Errorf("no commit message match regexp: %q", step.re.String())
			}
			commit = found
		}
	}
	return commit.Hash, nil
}

// hashesWithPrefix returns the objects whose hash s starts with: s itself
// when it is a whole hash, none when it is not hexadecimal.
func hashesWithPrefix(st tolerantStorer, s string) []plumbing.Hash {
	if s == "" {
		return nil
	}
	if len(s) == 2*len(plumbing.ZeroHash) {
		b, err := hex.DecodeString(s)
		if err != nil {
			return nil
		}
		var h plumbing.Hash
		copy(h[:], b)
		return []plumbing.Hash{h}
	}
	even := s[:len(s)&^1]
	b, err := hex.DecodeString(even)
	if err != nil {
		return nil
	}
	candidates, err := st.HashesWithPrefix(b)
	if err != nil || len(even) == len(s) {
		if err != nil {
			return nil
		}
		return candidates
	}
	var out []plumbing.Hash
	for _, h := range candidates {
		if strings.HasPrefix(h.String(), s) {
			out = append(out, h)
		}
	}
	return out
}
