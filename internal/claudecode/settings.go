package claudecode

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/memlint/memlint/internal/atomicfile"
)

// SettingsFile is a Claude Code settings file read for a change: memlint
// adds and removes its hook through it, keeping the rest of the file.
type SettingsFile struct {
	File   string // as named to the user
	Target string // the file written: File with symbolic links resolved
	Exists bool
	Src    []byte
	Mode   fs.FileMode
	Root   *JSONValue
}

// OpenSettings reads (ReadSettings) and parses a settings file; a missing
// or empty file is an empty object. It refuses a file that is not a JSON
// object, and one it cannot read whole (a FIFO, an oversized file).
func OpenSettings(file string) (*SettingsFile, error) {
	doc := &SettingsFile{File: file, Target: file, Mode: 0o644}
	// Settings files are often symbolic links into a dotfiles repository:
	// write through the link instead of replacing it.
	if target, err := filepath.EvalSymlinks(file); err == nil {
		doc.Target = target
	} else if info, lerr := os.Lstat(file); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s is a symbolic link that cannot be followed: %w", file, err)
	}
	src, err := ReadSettings(doc.Target) // bounded: a FIFO planted there must not block
	switch {
	case errors.Is(err, fs.ErrNotExist):
		doc.Root = &JSONValue{Kind: JSONObject}
		return doc, nil
	case err != nil:
		return nil, fmt.Errorf("read Claude Code settings: %w", err)
	}
	doc.Exists, doc.Src = true, src
	if info, err := os.Stat(doc.Target); err == nil {
		doc.Mode = info.Mode().Perm()
	}
	if len(bytes.TrimSpace(src)) == 0 {
		doc.Root = &JSONValue{Kind: JSONObject}
		return doc, nil
	}
	root, err := ParseJSON(src)
	if err != nil {
		return nil, fmt.Errorf("%s is not valid JSON (%v); fix it first, memlint leaves it alone", file, err)
	}
	if root.Kind != JSONObject {
		return nil, fmt.Errorf("%s holds %s, not a JSON object; fix it first, memlint leaves it alone", file, root.Describe())
	}
	doc.Root = root
	return doc, nil
}

// Write lays the document out again, with the file's indentation, line
// endings and final newline, and replaces the file atomically.
func (d *SettingsFile) Write() error {
	indent, crlf, finalNewline := "  ", false, true
	if d.Exists && len(bytes.TrimSpace(d.Src)) > 0 {
		indent = DetectIndent(d.Src)
		crlf = bytes.Contains(d.Src, []byte("\r\n"))
		finalNewline = bytes.HasSuffix(d.Src, []byte("\n"))
	}
	data, err := d.Root.Format(indent)
	if err != nil {
		return fmt.Errorf("%s: %w", d.File, err)
	}
	if finalNewline {
		data = append(data, '\n')
	}
	if crlf {
		data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
	}
	if d.Exists && bytes.Equal(data, d.Src) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(d.Target), 0o755); err != nil {
		return fmt.Errorf("create the folder of %s: %w", d.File, err)
	}
	return atomicfile.WriteFile(d.Target, data, d.Mode)
}
