package memory

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

// Earlier gives the content files had at an earlier revision. Paths are
// paths of the linted fs.FS.
type Earlier interface {
	// ReadFile returns a file's content at the base; ok is false when the
	// file did not exist there.
	ReadFile(p string) (data []byte, ok bool, err error)
	// Files lists the files below folder dir at the base, recursively.
	Files(dir string) ([]string, error)
}
