// Package memory is memlint's model of Claude Code memory directories: a
// memory dir (Dir) and its files (File: MEMORY.md, topic files, daily
// logs), read once through an fs.FS (Loader) and parsed on first use with
// package markdown; the index model of MEMORY.md and its budget (Index),
// templates and documents kept beside the memories, inline suppression
// comments (Suppression), team memory, earlier content (Earlier), and the
// parse shared between runs (Reuse, Memo).
package memory
