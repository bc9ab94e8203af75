package source

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
)

// IndexEntry is one staged file of the git index.
type IndexEntry struct {
	Path string // slash separated, relative to the worktree root
	Mode uint32 // 0100644, 0100755, 0120000 (symlink), 0160000 (gitlink)
	Hash string // object ID in hex
	Size uint32 // size in the worktree when staged (not needed for content)
}

// Git file modes in index entries.
const (
	modeSymlink = 0o120000
	modeGitlink = 0o160000
	modeTypeBit = 0o170000
)

// errIndexUnsupported says the index uses a feature this reader leaves to
// the git command line (split or sparse index).
var errIndexUnsupported = errors.New("index format not supported")

// maxIndexSize bounds the git index memlint reads: the largest
// repositories' indexes are a few hundred megabytes, and it is mapped, not
// copied.
const maxIndexSize = 2 << 30

// readIndex decodes the git index file at path and returns the stage-0
// entries for which keep returns true, in index order (sorted by path).
// It decodes versions 2, 3 and 4, skips conflict stages, intent-to-add
// entries and gitlinks, and does not verify the trailing checksum (git
// just wrote the file; index.skipHash leaves it zero). Split indexes (a
// "link" extension) and sparse indexes ("sdir") return errIndexUnsupported.
//
// keep sees the raw path bytes so that entries nobody wants cost no
// allocation: on a repository of 100,000 files only the few memory files
// become strings.
func readIndex(path string, hashLen int, keep func(path []byte) bool) ([]IndexEntry, error) {
	data, release, err := readFileMapped(path, maxIndexSize)
	if err != nil {
		return nil, fmt.Errorf("read git index: %w", err)
	}
	defer release() // entries copy what they keep
	return decodeIndex(data, hashLen, keep)
}

// decodeEntries decodes the entries of an index (as decodeIndex) and
// returns them with the offset of the extensions that follow.
func decodeEntries(data []byte, hashLen int, keep func(path []byte) bool) (out []IndexEntry, off int, err error) {
	if len(data) < 12 || string(data[:4]) != "DIRC" {
		return nil, 0, errors.New("not a git index (no DIRC signature)")
	}
	version := binary.BigEndian.Uint32(data[4:8])
	if version < 2 || version > 4 {
		return nil, 0, fmt.Errorf("git index version %d: %w", version, errIndexUnsupported)
	}
	count := binary.BigEndian.Uint32(data[8:12])
	end := len(data) - hashLen // the trailing checksum
	if end < 12 {
		return nil, 0, errors.New("git index is truncated")
	}
	off = 12
	var v4path []byte // the previous path, for version 4's prefix compression
	fixed := 40 + hashLen + 2
	for i := uint32(0); i < count; i++ {
		if off+fixed > end {
			return nil, 0, fmt.Errorf("git index is truncated at entry %d", i)
		}
		start := off
		mode := binary.BigEndian.Uint32(data[off+24 : off+28])
		size := binary.BigEndian.Uint32(data[off+36 : off+40])
		hash := data[off+40 : off+40+hashLen]
		flags := binary.BigEndian.Uint16(data[off+40+hashLen : off+fixed])
		off += fixed
		var extended uint16
		if flags&0x4000 != 0 {
			if version < 3 || off+2 > end {
				return nil, 0, fmt.Errorf("git index entry %d: bad extended flags", i)
			}
			extended = binary.BigEndian.Uint16(data[off : off+2])
			off += 2
		}
		var path []byte
		if version == 4 {
			strip, n := binary.Uvarint(data[off:end])
			if n <= 0 || strip > uint64(len(v4path)) {
				return nil, 0, fmt.Errorf("git index entry %d: bad path prefix", i)
			}
			off += n
			nul := bytes.IndexByte(data[off:end], 0)
			if nul < 0 {
				return nil, 0, fmt.Errorf("git index entry %d: unterminated path", i)
			}
			v4path = append(v4path[:len(v4path)-int(strip)], data[off:off+nul]...)
			path = v4path
			off += nul + 1
		} else {
			nul := bytes.IndexByte(data[off:end], 0)
			if nul < 0 {
				return nil, 0, fmt.Errorf("git index entry %d: unterminated path", i)
			}
			path = data[off : off+nul]
			// Entries are padded with NULs to a multiple of 8 bytes.
			off = start + ((off+nul-start)/8+1)*8
		}
		stage := (flags >> 12) & 3
		intentToAdd := extended&0x2000 != 0
		if mode&modeTypeBit == 0o040000 {
			return nil, 0, fmt.Errorf("sparse directory entry %q: %w", path, errIndexUnsupported)
		}
		if stage != 0 || intentToAdd || mode&modeTypeBit == modeGitlink || !keep(path) {
			continue
		}
		out = append(out, IndexEntry{Path: string(path), Mode: mode, Hash: hex.EncodeToString(hash), Size: size})
	}
	return out, off, nil
}

func decodeIndex(data []byte, hashLen int, keep func(path []byte) bool) ([]IndexEntry, error) {
	out, off, err := decodeEntries(data, hashLen, keep)
	if err != nil {
		return nil, err
	}
	end := len(data) - hashLen
	// Extensions: four-byte signature, four-byte size, payload.
	for off+8 <= end {
		sig := string(data[off : off+4])
		size := uint64(binary.BigEndian.Uint32(data[off+4 : off+8]))
		switch sig {
		case "link":
			return nil, fmt.Errorf("split index: %w", errIndexUnsupported)
		case "sdir":
			return nil, fmt.Errorf("sparse index: %w", errIndexUnsupported)
		}
		if size > uint64(end-off-8) {
			break // a damaged extension; the entries are complete
		}
		off += 8 + int(size)
	}
	return out, nil
}

// maxCacheTreeDepth bounds the folder nesting cacheTree follows.
const maxCacheTreeDepth = 4096

// readCacheTree returns the trees the index's cache-tree extension
// ("TREE") records, by folder ("" for the root): the tree object each
// folder of the index would be written as, for the folders no change
// since the last write of trees has touched. It is nil when the index has
// no such extension, or one this reader cannot make sense of.
func readCacheTree(path string, hashLen int) map[string]string {
	data, release, err := readFileMapped(path, maxIndexSize)
	if err != nil {
		return nil
	}
	defer release()
	// The entries first, to find where the extensions start.
	_, off, err := decodeEntries(data, hashLen, func([]byte) bool { return false })
	if err != nil {
		return nil
	}
	end := len(data) - hashLen
	for off+8 <= end {
		size := int(binary.BigEndian.Uint32(data[off+4 : off+8]))
		if size > end-off-8 {
			return nil
		}
		if string(data[off:off+4]) == "TREE" {
			trees := map[string]string{}
			if rest, ok := cacheTree(data[off+8:off+8+size], hashLen, "", 0, trees); !ok || len(rest) != 0 {
				return nil
			}
			return trees
		}
		off += 8 + size
	}
	return nil
}

// cacheTree reads one folder of a cache-tree extension and its subfolders
// from b into trees (valid folders only), returning what follows them.
// Each folder is: its name relative to its parent, NUL, its entry count
// in ASCII (-1 when a change invalidated it), a space, its number of
// subfolders, a newline, and, when valid, its tree's object name. An
// index nesting folders deeper than maxCacheTreeDepth (a planted one:
// git's own paths stop at a few hundred levels) is refused rather than
// recursed into.
func cacheTree(b []byte, hashLen int, parent string, depth int, trees map[string]string) (rest []byte, ok bool) {
	if depth > maxCacheTreeDepth {
		return nil, false
	}
	nul := bytes.IndexByte(b, 0)
	nl := bytes.IndexByte(b, '\n')
	if nul < 0 || nl < nul {
		return nil, false
	}
	name := string(b[:nul])
	var count, subtrees int
	if _, err := fmt.Sscanf(string(b[nul+1:nl]), "%d %d", &count, &subtrees); err != nil || subtrees < 0 {
		return nil, false
	}
	b = b[nl+1:]
	dir := name
	if parent != "" {
		dir = parent + "/" + name
	}
	if count >= 0 {
		if len(b) < hashLen {
			return nil, false
		}
		trees[dir] = hex.EncodeToString(b[:hashLen])
		b = b[hashLen:]
	}
	for i := 0; i < subtrees; i++ {
		if b, ok = cacheTree(b, hashLen, dir, depth+1, trees); !ok {
			return nil, false
		}
	}
	return b, true
}
