package hooks

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/memlint/memlint/internal/atomicfile"
	"github.com/memlint/memlint/internal/safefile"
)

// GitHookOptions say where and what to install.
type GitHookOptions struct {
	// Dir is a folder inside the repository (usually the current one).
	Dir string
	// Memlint is the absolute path of the memlint binary the hook runs.
	Memlint string
	// Out receives one line per thing done or found.
	Out io.Writer
	// Force lets install and uninstall replace or remove a hook that
	// carries memlint's marker but is not the hook memlint wrote; the
	// file is kept as pre-commit.memlint-backup.
	Force bool
}

func (o GitHookOptions) out() io.Writer {
	if o.Out == nil {
		return io.Discard
	}
	return o.Out
}

// The files memlint manages in a hooks dir.
const (
	// preCommitHook is the hook git runs before it records a commit.
	preCommitHook = "pre-commit"
	// chainedSuffix names the user's own pre-commit hook once memlint's
	// shim has taken its place: pre-commit.memlint-chained. The shim runs
	// it first; uninstall renames it back.
	chainedSuffix = ".memlint-chained"
	// shimMarker is the line that makes a pre-commit hook memlint's own.
	// Any "# memlint-hook vN" line counts, so that a later memlint can
	// recognise and replace the shim of an earlier one.
	shimMarker       = "# memlint-hook v1"
	shimMarkerPrefix = "# memlint-hook v"
	// installCommand is what the shim tells people to run when memlint is
	// missing.
	installCommand = "go install github.com/memlint/memlint/cmd/memlint@latest"
)

// shimScript is memlint's pre-commit hook: a POSIX sh script that runs the
// hook it replaced (as git would have: only if executable, with git's
// arguments, stopping the commit when it fails), then memlint from the
// path recorded at install time or, when that file is gone, from PATH. It
// uses no command outside the shell, changes no variable git set
// (GIT_INDEX_FILE, GIT_DIR, ...) and does not change directory.
func shimScript(memlint string) []byte {
	return []byte(`#!/bin/sh
` + shimMarker + `: lints the Claude Code memory being committed.
# Written by 'memlint hooks install'; 'memlint hooks uninstall' removes it.
chained="${0%/*}/` + preCommitHook + chainedSuffix + `"
if [ -x "$chained" ]; then
	"$chained" "$@" || exit $?
fi
memlint=` + ShellQuote(memlint) + `
if [ ! -x "$memlint" ]; then
	found=$(command -v memlint) || {
		printf 'memlint pre-commit hook: memlint is neither at %s nor on PATH.\n' "$memlint" >&2
		echo "Install it: ` + installCommand + `" >&2
		echo "Or skip this check once: git commit --no-verify" >&2
		exit 1
	}
	memlint=$found
fi
exec "$memlint" hooks run pre-commit
`)
}

// ShellQuote quotes s as one word for a POSIX shell: every byte stands for
// itself inside single quotes, and each single quote in s closes the
// quoting, adds an escaped quote and opens it again.
func ShellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shimMemlint returns the memlint path recorded in a shim's memlint= line.
func shimMemlint(shim []byte) (string, bool) {
	const assign = "\nmemlint="
	i := bytes.Index(shim, []byte(assign))
	if i < 0 {
		return "", false
	}
	s := string(shim[i+len(assign):])
	var b strings.Builder
	quoted := false
	for {
		switch {
		case strings.HasPrefix(s, "'"):
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				return "", false
			}
			b.WriteString(s[1 : 1+end])
			s = s[2+end:]
		case strings.HasPrefix(s, `\'`):
			b.WriteByte('\'')
			s = s[2:]
		default:
			return b.String(), quoted
		}
		quoted = true
	}
}

// hookPath is how the shim names the memlint binary: slash separated, so
// that Git for Windows' sh can run it too.
func shimPath(memlint string) string { return filepath.ToSlash(memlint) }

// gitHookFile is what sits at a hook's path.
type gitHookFile struct {
	path     string
	info     fs.FileInfo // from Lstat; nil when nothing is there
	content  []byte      // for a regular file
	ours     bool        // memlint's shim (it carries the marker line)
	recorded string      // the memlint path the shim runs
}

func (h gitHookFile) exists() bool { return h.info != nil }

// executable says whether git would run the file, as access(X_OK) does on
// Unix. Git for Windows runs hooks whatever their mode.
func (h gitHookFile) executable() bool {
	if h.info == nil {
		return false
	}
	info := h.info
	if info.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Stat(h.path)
		if err != nil {
			return false
		}
		info = target
	}
	return !info.IsDir() && (runtime.GOOS == "windows" || info.Mode().Perm()&0o111 != 0)
}

// maxHookSize bounds the hook memlint reads to see whether it is its own
// shim (under 1 KB); a larger file is someone else's hook.
const maxHookSize = 1 << 20

// inspectGitHook reads the hook at path. A symbolic link is never memlint's
// shim (memlint writes regular files), whatever it points to.
func inspectGitHook(path string) (gitHookFile, error) {
	h := gitHookFile{path: path}
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return h, nil
	}
	if err != nil {
		return h, fmt.Errorf("inspect %s: %w", path, err)
	}
	h.info = info
	if !info.Mode().IsRegular() {
		return h, nil
	}
	if h.content, err = safefile.ReadFile(path, maxHookSize); errors.Is(err, safefile.ErrTooLarge) {
		return h, nil // not a shim memlint wrote: someone's own hook
	} else if err != nil {
		return h, fmt.Errorf("read %s: %w", path, err)
	}
	for line := range strings.Lines(string(h.content)) {
		if strings.HasPrefix(line, shimMarkerPrefix) {
			h.ours = true
			h.recorded, _ = shimMemlint(h.content)
			break
		}
	}
	return h, nil
}

// gitHookSite is where git looks for a repository's hooks.
type gitHookSite struct {
	top        string // the worktree's root: the hooks' working directory
	dir        string // the hooks dir git runs hooks from
	defaultDir string // <common git dir>/hooks: git's hooks dir without core.hooksPath
	commonDir  string // the common git dir, where memlint records what it installed
	hooksPath  string // core.hooksPath as configured; "" when unset
	origin     string // the config that sets core.hooksPath
}

func (s gitHookSite) hook() string    { return filepath.Join(s.dir, preCommitHook) }
func (s gitHookSite) chained() string { return s.hook() + chainedSuffix }

// shadowed says whether git ignores the default hooks dir because
// core.hooksPath points elsewhere.
func (s gitHookSite) shadowed() bool { return !sameHookDir(s.dir, s.defaultDir) }

// why says why git uses s.dir.
func (s gitHookSite) why() string {
	if s.hooksPath == "" {
		return "the default: core.hooksPath is not set"
	}
	return fmt.Sprintf("core.hooksPath = %s, set in %s", s.hooksPath, s.origin)
}

// errNoGitCommand is returned when there is no git command to ask.
var errNoGitCommand = errors.New("git is not installed (or not on PATH): memlint's pre-commit hook runs inside git, so install git first (https://git-scm.com/downloads)")

// locateGitHooks asks git which hooks dir it runs hooks from for the
// repository around dir: `git rev-parse --git-path hooks` covers
// core.hooksPath wherever it is set (local, global, included, per
// worktree), linked worktrees (their common dir) and submodules
// (.git/modules/<name>/hooks). It runs from the worktree's root, where git
// runs hooks, so that relative answers (a relative core.hooksPath, older
// versions of git) are relative to that root.
func locateGitHooks(dir string) (gitHookSite, error) {
	var s gitHookSite
	if _, err := exec.LookPath("git"); err != nil {
		return s, errNoGitCommand
	}
	top, err := hookGit(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return s, fmt.Errorf("find the git repository of %s: %w", dir, err)
	}
	if top == "" {
		return s, fmt.Errorf("%s is not inside a git work tree (a bare repository does not run pre-commit hooks)", dir)
	}
	s.top = filepath.Clean(top)
	out, err := hookGit(s.top, "rev-parse", "--git-path", "hooks", "--git-common-dir")
	if err != nil {
		return s, fmt.Errorf("find the git hooks dir: %w", err)
	}
	lines := strings.Split(out, "\n")
	if len(lines) != 2 {
		return s, fmt.Errorf("find the git hooks dir: unexpected answer from git rev-parse: %q", out)
	}
	abs := func(p string) string {
		if !filepath.IsAbs(p) {
			p = filepath.Join(s.top, p)
		}
		return filepath.Clean(p)
	}
	s.dir = abs(lines[0])
	s.commonDir = abs(lines[1])
	s.defaultDir = filepath.Join(s.commonDir, "hooks")
	s.hooksPath, s.origin, err = hooksPathConfig(s.top)
	return s, err
}

// hooksPathConfig returns core.hooksPath and where it is set, or "" when
// it is not set.
func hooksPathConfig(top string) (value, origin string, err error) {
	out, err := hookGit(top, "config", "--show-origin", "--get", "core.hooksPath")
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		return "", "", nil // not set
	}
	if err != nil {
		return "", "", fmt.Errorf("read core.hooksPath: %w", err)
	}
	origin, value, ok := strings.Cut(out, "\t")
	if !ok {
		return out, "git config", nil
	}
	switch {
	case strings.HasPrefix(origin, "file:"):
		origin = strings.TrimPrefix(origin, "file:")
	case strings.HasPrefix(origin, "command line:"):
		origin = "the command line (git -c or GIT_CONFIG_PARAMETERS)"
	}
	return value, origin, nil
}

// hookGit runs git in dir and returns its output without the final
// newline. The environment passes through: GIT_DIR and friends mean to
// git what they meant to whoever set them.
func hookGit(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", fmt.Errorf("git %s: %s: %w", args[0], msg, err)
		}
		return "", fmt.Errorf("git %s: %w", args[0], err)
	}
	return strings.TrimRight(stdout.String(), "\n"), nil
}

// sameHookDir says whether a and b name the same folder.
func sameHookDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ai, errA := os.Stat(a)
	bi, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(ai, bi)
}

// within says whether path is dir or inside it.
func insideDir(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// isHuskyDir says whether dir is husky's generated hooks folder (.husky/_):
// husky rewrites its files and finds the user's hook from the name the
// hook was run as, so a chained husky hook would silently do nothing.
func isHuskyDir(dir string) bool {
	return filepath.Base(dir) == "_" && filepath.Base(filepath.Dir(dir)) == ".husky"
}

// InstallGitHook installs memlint's pre-commit hook where git will run it.
// A pre-commit hook that is already there and is not memlint's becomes
// pre-commit.memlint-chained, which the shim runs first. Installing again
// with the same memlint changes nothing.
func InstallGitHook(o GitHookOptions) error {
	out := o.out()
	if !filepath.IsAbs(o.Memlint) {
		return fmt.Errorf("install the git hook: the memlint path %q is not absolute", o.Memlint)
	}
	site, err := locateGitHooks(o.Dir)
	if err != nil {
		return err
	}
	if isHuskyDir(site.dir) {
		return fmt.Errorf("core.hooksPath is husky's generated folder %s, which husky rewrites: add the line `memlint hooks run pre-commit` to %s instead",
			site.dir, filepath.Join(filepath.Dir(site.dir), preCommitHook))
	}
	var notes []string
	if site.hooksPath != "" {
		notes = append(notes, site.why())
	}
	created := false
	if _, err := os.Stat(site.dir); errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(site.dir, 0o755); err != nil {
			return fmt.Errorf("create the hooks dir: %w", err)
		}
		notes = append(notes, "created the hooks dir")
		created = true
	}
	hook, err := inspectGitHook(site.hook())
	if err != nil {
		return err
	}
	chained, err := inspectGitHook(site.chained())
	if err != nil {
		return err
	}
	memlint := shimPath(o.Memlint)
	shim := shimScript(memlint)
	recs := readRecords(site.commonDir)
	prev, _ := recs.lookup(hook.path)
	owned := hook.owned(recs)
	switch {
	case hook.ours && !owned:
		// Marked as memlint's, but not what memlint wrote: a user's
		// edit, or another tool's copy, that overwriting would lose.
		if !o.Force {
			return notOwnedError(hook.path, "memlint hooks install")
		}
		backup := hook.path + backupSuffix
		if err := backupFree(backup); err != nil {
			return err
		}
		if err := writeShim(hook.path, shim, backup); err != nil {
			return err
		}
		notes = append(notes, "--force: kept the hook that was there as "+preCommitHook+backupSuffix)
		fmt.Fprintf(out, "installed pre-commit hook: %s (%s)\n", hook.path, strings.Join(notes, "; "))
	case owned && bytes.Equal(hook.content, shim):
		if hook.executable() {
			fmt.Fprintf(out, "pre-commit hook already installed: %s (runs %s)\n", hook.path, memlint)
			break
		}
		if err := os.Chmod(hook.path, 0o755); err != nil {
			return fmt.Errorf("make %s executable: %w", hook.path, err)
		}
		fmt.Fprintf(out, "made the pre-commit hook executable: %s\n", hook.path)
	case owned:
		// Another memlint (or an earlier version of the shim): the hook
		// should run the memlint the user just ran install with.
		if err := writeShim(hook.path, shim, ""); err != nil {
			return err
		}
		was := "an earlier memlint hook"
		if hook.recorded != "" && hook.recorded != memlint {
			was = "it ran " + hook.recorded
		}
		fmt.Fprintf(out, "updated pre-commit hook: %s (now runs %s; %s)\n", hook.path, memlint, was)
	case hook.exists():
		if hook.info.IsDir() {
			return fmt.Errorf("%s is a directory, not a hook: move it away, then run `memlint hooks install` again", hook.path)
		}
		if chained.exists() {
			return fmt.Errorf("%s is not memlint's hook and %s already exists: memlint keeps your hook by renaming it to that name, so it changed nothing; merge the two or move one away, then run `memlint hooks install` again",
				hook.path, chained.path)
		}
		if err := writeShim(hook.path, shim, chained.path); err != nil {
			return err
		}
		note := "kept your hook as " + preCommitHook + chainedSuffix + "; it runs first"
		if !hook.executable() {
			note = "kept your hook as " + preCommitHook + chainedSuffix + "; it is not executable, so, as before, it does not run"
		}
		notes = append(notes, note)
		fmt.Fprintf(out, "installed pre-commit hook: %s (%s)\n", hook.path, strings.Join(notes, "; "))
	default:
		if err := writeShim(hook.path, shim, ""); err != nil {
			return err
		}
		if chained.exists() {
			notes = append(notes, "the hook kept by an earlier install, "+preCommitHook+chainedSuffix+", runs first")
		}
		line := "installed pre-commit hook: " + hook.path
		if len(notes) > 0 {
			line += " (" + strings.Join(notes, "; ") + ")"
		}
		fmt.Fprintln(out, line)
	}
	recs.set(hookRecord{Path: hook.path, SHA256: shimSum(shim), CreatedDir: created || prev.CreatedDir})
	if err := recs.save(site.commonDir); err != nil {
		return err
	}
	if site.hooksPath != "" && insideDir(site.dir, site.top) {
		fmt.Fprintf(out, "note: %s is inside the work tree; do not commit memlint's hook (it names this machine's memlint)\n", site.dir)
	}
	if site.shadowed() {
		if old, err := inspectGitHook(filepath.Join(site.defaultDir, preCommitHook)); err == nil && old.ours {
			fmt.Fprintf(out, "note: memlint's hook in %s never runs (core.hooksPath points git to %s); `memlint hooks uninstall` removes it\n",
				old.path, site.dir)
		}
	}
	return nil
}

// writeShim puts shim at path atomically (atomicfile.WriteFile), first
// renaming what is at path to keepAs (unless keepAs is empty). If the
// write fails, the kept file goes back to path.
func writeShim(path string, shim []byte, keepAs string) error {
	if keepAs != "" {
		if err := os.Rename(path, keepAs); err != nil {
			return fmt.Errorf("keep your hook as %s: %w", keepAs, err)
		}
	}
	if err := atomicfile.WriteFile(path, shim, 0o755); err != nil {
		if keepAs != "" {
			if rerr := os.Rename(keepAs, path); rerr != nil {
				return fmt.Errorf("write the pre-commit hook: %w; your hook is now %s (%v)", err, keepAs, rerr)
			}
		}
		return fmt.Errorf("write the pre-commit hook: %w", err)
	}
	// WriteFile keeps the mode of the shim it replaces; a shim must run
	// whatever mode an earlier one was left with.
	if err := os.Chmod(path, 0o755); err != nil {
		return fmt.Errorf("make %s executable: %w", path, err)
	}
	return nil
}

// UninstallGitHook removes memlint's pre-commit hook and puts back the
// hook it replaced, byte for byte, with its mode. It looks in the hooks
// dir git uses and, when core.hooksPath points elsewhere, in the default
// one too. A pre-commit hook that is not memlint's is left alone.
func UninstallGitHook(o GitHookOptions) error {
	out := o.out()
	site, err := locateGitHooks(o.Dir)
	if err != nil {
		return err
	}
	dirs := []string{site.dir}
	if site.shadowed() {
		dirs = append(dirs, site.defaultDir)
	}
	recs := readRecords(site.commonDir)
	found := false
	var errs []error
	for _, dir := range dirs {
		rec, _ := recs.lookup(filepath.Join(dir, preCommitHook))
		f, err := uninstallIn(dir, out, &recs, o.Force)
		found = found || f
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if f && rec.CreatedDir {
			// Install created this folder (a missing core.hooksPath
			// one); an empty one left behind means nothing to git, so
			// put back its absence. A folder that was there before
			// install stays, empty or not.
			if entries, err := os.ReadDir(dir); err == nil && len(entries) == 0 && os.Remove(dir) == nil {
				fmt.Fprintf(out, "removed the empty hooks dir: %s\n", dir)
			}
		}
	}
	if err := recs.save(site.commonDir); err != nil {
		errs = append(errs, err)
	}
	if !found && len(errs) == 0 {
		fmt.Fprintf(out, "memlint's pre-commit hook is not installed in %s: nothing to do\n", site.dir)
	}
	return errors.Join(errs...)
}

// uninstallIn undoes an install in one hooks dir, forgetting it in recs,
// and says whether it found anything of memlint's there. A hook with
// memlint's marker that is not what memlint wrote is refused, or with
// force moved aside to pre-commit.memlint-backup.
func uninstallIn(dir string, out io.Writer, recs *hookRecords, force bool) (bool, error) {
	path := filepath.Join(dir, preCommitHook)
	hook, err := inspectGitHook(path)
	if err != nil {
		return false, err
	}
	chained, err := inspectGitHook(path + chainedSuffix)
	if err != nil {
		return false, err
	}
	switch {
	case hook.ours:
		how := ""
		if !hook.owned(*recs) {
			if !force {
				return true, notOwnedError(path, "memlint hooks uninstall")
			}
			backup := path + backupSuffix
			if err := backupFree(backup); err != nil {
				return true, err
			}
			if err := os.Rename(path, backup); err != nil {
				return true, fmt.Errorf("keep %s as %s: %w", path, backup, err)
			}
			how = "; --force: kept it as " + preCommitHook + backupSuffix
		} else if err := os.Remove(path); err != nil {
			return true, fmt.Errorf("remove the pre-commit hook: %w", err)
		}
		recs.drop(path)
		if !chained.exists() {
			if how != "" {
				how = " (" + how[2:] + ")"
			}
			fmt.Fprintf(out, "removed pre-commit hook: %s%s\n", path, how)
			return true, nil
		}
		if err := os.Rename(chained.path, path); err != nil {
			return true, fmt.Errorf("removed memlint's hook but could not restore yours from %s: %w", chained.path, err)
		}
		fmt.Fprintf(out, "removed pre-commit hook: %s (restored your hook from %s%s)\n", path, preCommitHook+chainedSuffix, how)
	case chained.exists() && !hook.exists():
		if err := os.Rename(chained.path, path); err != nil {
			return true, fmt.Errorf("restore your hook from %s: %w", chained.path, err)
		}
		recs.drop(path)
		fmt.Fprintf(out, "restored your pre-commit hook: %s (from %s; memlint's hook was already gone)\n", path, preCommitHook+chainedSuffix)
	case chained.exists():
		return true, fmt.Errorf("%s is no longer memlint's hook, so memlint left it alone; the hook memlint had kept is still in %s: move it back yourself if you want it",
			path, chained.path)
	default:
		recs.drop(path)
		return false, nil
	}
	return true, nil
}

// GitHookStatus says where git looks for the pre-commit hook and why,
// what is there, and which memlint it would run, then gives one verdict.
// It returns true only when the hook will fire and find memlint.
func GitHookStatus(o GitHookOptions) (bool, error) {
	out := o.out()
	site, err := locateGitHooks(o.Dir)
	if err != nil {
		return false, err
	}
	fmt.Fprintf(out, "hooks dir:   %s (%s)\n", site.dir, site.why())
	hook, err := inspectGitHook(site.hook())
	if err != nil {
		return false, err
	}
	var shadow gitHookFile
	if site.shadowed() {
		if shadow, err = inspectGitHook(filepath.Join(site.defaultDir, preCommitHook)); err != nil {
			return false, err
		}
	}
	switch {
	case hook.ours && !hook.owned(readRecords(site.commonDir)):
		fmt.Fprintf(out, "pre-commit:  %s: memlint's marker, but not the hook memlint wrote (edited since install, or another tool's copy); install and uninstall leave it alone without --force\n", hook.path)
	case hook.ours && hook.executable():
		fmt.Fprintf(out, "pre-commit:  %s: memlint's hook, executable\n", hook.path)
	case hook.ours:
		fmt.Fprintf(out, "pre-commit:  %s: memlint's hook, NOT executable\n", hook.path)
	case hook.exists():
		fmt.Fprintf(out, "pre-commit:  %s: another hook, not memlint's\n", hook.path)
	default:
		fmt.Fprintf(out, "pre-commit:  none in %s\n", site.dir)
	}
	if shadow.ours {
		fmt.Fprintf(out, "shadowed:    %s is memlint's hook, but git does not run hooks from %s while core.hooksPath is set\n",
			shadow.path, site.defaultDir)
	}
	installed := hook
	if !hook.ours && shadow.ours {
		installed = shadow
	}
	var memlint string
	if installed.ours {
		memlint = describeMemlint(out, installed.recorded)
		chained, err := inspectGitHook(installed.path + chainedSuffix)
		if err != nil {
			return false, err
		}
		switch {
		case chained.executable():
			fmt.Fprintf(out, "chained:     %s: your earlier hook, executable; it runs first\n", chained.path)
		case chained.exists():
			fmt.Fprintf(out, "chained:     %s: your earlier hook, not executable; skipped, as git would\n", chained.path)
		default:
			fmt.Fprintln(out, "chained:     none")
		}
	}
	var verdict string
	ok := false
	switch {
	case !hook.ours && shadow.ours:
		verdict = fmt.Sprintf("will not fire: shadowed: git runs hooks from %s (core.hooksPath), not from %s; run `memlint hooks install` to install it there", site.dir, site.defaultDir)
	case !hook.ours && hook.exists():
		verdict = "will not fire: memlint's hook is not installed; `memlint hooks install` installs it and keeps your hook running first"
	case !hook.ours:
		verdict = "will not fire: memlint's hook is not installed; run `memlint hooks install`"
	case !hook.executable():
		verdict = fmt.Sprintf("will not fire: %s is not executable; run `memlint hooks install` or `chmod +x` it", hook.path)
	case memlint == "":
		verdict = "will fail every commit: memlint is missing; install it with `" + installCommand + "`"
	default:
		verdict = "will fire: git runs " + memlint + " before every commit"
		ok = true
	}
	fmt.Fprintf(out, "verdict:     %s\n", verdict)
	return ok, nil
}

// describeMemlint prints which memlint the shim would run and returns its
// path, or "" when the shim would find none (it falls back to PATH when
// the recorded file is gone). PATH is the one status runs with; git
// passes its own PATH on to hooks.
func describeMemlint(out io.Writer, recorded string) string {
	if recorded != "" {
		if h, err := inspectGitHook(filepath.FromSlash(recorded)); err == nil && h.executable() {
			fmt.Fprintf(out, "memlint:     %s (recorded at install)\n", recorded)
			return recorded
		}
	}
	gone := "no memlint path recorded"
	if recorded != "" {
		gone = recorded + " (recorded at install) is missing"
	}
	onPath, err := exec.LookPath("memlint")
	if err != nil {
		fmt.Fprintf(out, "memlint:     MISSING: %s and there is none on PATH\n", gone)
		return ""
	}
	fmt.Fprintf(out, "memlint:     %s; the hook falls back to memlint on PATH: %s\n", gone, onPath)
	return onPath
}
