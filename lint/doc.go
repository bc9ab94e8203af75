// Package lint is memlint's engine. It loads Claude Code memory directories
// through an fs.FS (the working tree, staged blobs or in-memory test input),
// parses every file once into a shared model (frontmatter as a YAML node tree,
// a Markdown model of the body, the index budget of MEMORY.md), runs rules
// over that model, and filters their findings through configuration and
// inline suppressions.
//
// Rules live in package rules; output formats in package lint/report. The
// engine never prints and never decides exit codes.
package lint
