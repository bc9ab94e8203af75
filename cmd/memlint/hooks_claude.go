package main

import (
	"io"
	"os"
	"runtime/debug"

	"github.com/memlint/memlint/hooks"
	"github.com/memlint/memlint/lint/checker"
)

// claudeHookRequest is the checker.Request of the Claude Code hooks: the
// built-in rules, secrets masked, the environment Claude Code gave the
// hook.
func claudeHookRequest() checker.Request {
	return checker.Request{Getenv: os.Getenv, Registry: builtinRules(), Redact: redact}
}

// runClaudeGuard judges a Claude Code write before it happens
// (PreToolUse): a deny decision on stdout, or nothing.
func runClaudeGuard(stdin io.Reader, stdout, stderr io.Writer) int {
	return hooks.RunClaudeGuard(stdin, stdout, stderr, claudeHookRequest())
}

// runClaudeSession gives the agent its memory's health when a session
// starts (SessionStart): a summary on stdout, or nothing.
func runClaudeSession(stdin io.Reader, stdout, stderr io.Writer) int {
	// The hook parses the whole memory dir once and exits: collecting
	// its garbage early buys nothing (about a tenth of its CPU time on
	// 200 files, docs/benchmarks.md).
	debug.SetGCPercent(400)
	return hooks.RunClaudeSession(stdin, stdout, stderr, claudeHookRequest())
}
