package lint

import (
	"errors"
	"io/fs"
)

// FSEarlier is an Earlier read from an fs.FS laid out like the linted one:
// a git tree, or a folder of earlier copies in tests.
type FSEarlier struct{ FS fs.FS }

// ReadFile returns the file's earlier content.
func (b FSEarlier) ReadFile(p string) ([]byte, bool, error) {
	data, err := fs.ReadFile(b.FS, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}

// Files lists the files below dir, recursively; none when dir is absent.
func (b FSEarlier) Files(dir string) ([]string, error) {
	var out []string
	err := fs.WalkDir(b.FS, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if !d.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}
