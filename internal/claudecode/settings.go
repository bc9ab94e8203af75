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

// Write puts the document's changes into the file and replaces it
// atomically. An existing document changes only where it was edited
// (Edit): its indentation, separators, line endings and final newline
// stay. A missing, empty or blank file gets a fresh object, indented by
// two spaces, as Claude Code writes its own settings.
func (d *SettingsFile) Write() error {
	var data []byte
	var err error
	if d.Exists && len(bytes.TrimSpace(d.Src)) > 0 {
		data, err = d.Root.Edit(d.Src)
	} else if data, err = d.Root.Format("  "); err == nil {
		data = append(data, '\n')
	}
	if err != nil {
		return fmt.Errorf("%s: %w", d.File, err)
	}
	if d.Exists && bytes.Equal(data, d.Src) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(d.Target), 0o755); err != nil {
		return fmt.Errorf("create the folder of %s: %w", d.File, err)
	}
	return atomicfile.WriteFile(d.Target, data, d.Mode)
}
