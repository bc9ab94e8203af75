// Package hooks connects memlint to the moments memory changes: it
// installs and removes git hooks without losing a user's own hook, and
// installs and runs the Claude Code hook that hands findings back to the
// agent right after it writes a memory. It does not know any rule: it
// hands content to a lint.Linter and reports what that finds. Reading the
// git index is package source's job.
package hooks
