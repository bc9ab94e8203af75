package source

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"
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

// maxPathBytesPerIndexByte bounds the paths a git index decodes to, in
// bytes per byte of the file. Version 4 stores each path as a part of the
// previous one plus what follows, so a planted index can repeat a long
// prefix in every entry and decode 1.3 MB into gigabytes of paths. Real
// indexes decode to about their own size (0.3 to 1.1 times it, measured
// on 129 repositories of 200 to 7,000 files rewritten as version 4); 16
// times lets every path average a kilobyte, as the smallest version 4
// entry takes 64 bytes.
const maxPathBytesPerIndexByte = 16

// indexList is every entry of a git index a commit would hold
// (stage 0, no intent-to-add entry, no gitlink), in index order, gathered
// in the one pass that also picks the staged entries memlint reads: the
// repository's file list (RepoFiles) and the comparison with HEAD
// (Removals) come from it instead of decoding the index again.
type indexList struct {
	// paths are the entries' paths, cut out of one string: on 100,000
	// files one allocation instead of 100,000.
	paths []string
	// hashes holds the entries' object names, hashLen bytes each, in
	// the order of paths.
	hashes  []byte
	hashLen int
	// sorted says paths are in sort.Strings order, as git sorts the
	// index (a damaged one may not be).
	sorted bool
	// symlinks are the indexes of the entries that are symbolic links,
	// in order: git reads no ignore file through one.
	symlinks []int
	// decoded says the index was decoded here rather than listed by the
	// git command line; cacheTree is then its cache-tree extension's
	// payload (a copy), nil when it has none.
	decoded   bool
	cacheTree []byte
}

// hash returns the object name of entry i in hex.
func (l *indexList) hash(i int) string {
	return hex.EncodeToString(l.hashes[i*l.hashLen : (i+1)*l.hashLen])
}

// find returns the index of the entry for p, ok false when there is
// none: a binary search, or a walk of a list a damaged index left
// unsorted.
func (l *indexList) find(p string) (int, bool) {
	if l.sorted {
		i := sort.SearchStrings(l.paths, p)
		return i, i < len(l.paths) && l.paths[i] == p
	}
	for i, q := range l.paths {
		if q == p {
			return i, true
		}
	}
	return 0, false
}

// symlink reports whether entry i is a symbolic link.
func (l *indexList) symlink(i int) bool {
	j := sort.SearchInts(l.symlinks, i)
	return j < len(l.symlinks) && l.symlinks[j] == i
}

// indexCollector gathers an indexList and the entries keep selects as
// IndexEntry values.
type indexCollector struct {
	keep func(path []byte) bool
	kept []IndexEntry
	// all holds the paths end to end, and paths are cut out of it as they
	// come: a Builder's String is not a copy, and the bytes it has
	// written never change (should it grow, the paths cut before keep the
	// old buffer).
	all      strings.Builder
	paths    []string
	unsorted bool
	hashes   []byte
	hashLen  int
	symlinks []int
}

func (c *indexCollector) add(path []byte, mode uint32, hash []byte, size uint32) {
	c.all.Write(path)
	all := c.all.String()
	p := all[len(all)-len(path):]
	if n := len(c.paths); n > 0 && p < c.paths[n-1] {
		c.unsorted = true
	}
	if mode&modeTypeBit == modeSymlink {
		c.symlinks = append(c.symlinks, len(c.paths))
	}
	c.paths = append(c.paths, p)
	c.hashes = append(c.hashes, hash...)
	if c.keep(path) {
		c.kept = append(c.kept, IndexEntry{Path: p, Mode: mode, Hash: hex.EncodeToString(hash), Size: size})
	}
}

// reserve sizes the collector's buffers for the index data (whose
// header's entry count a damaged file may overstate): growing them entry
// by entry would copy megabytes several times over.
func (c *indexCollector) reserve(data []byte) {
	if len(data) < 12 {
		return
	}
	fixed := 40 + c.hashLen + 2 + 1 // the smallest entry, with a NUL
	count := min(int(binary.BigEndian.Uint32(data[8:12])), len(data)/fixed)
	pathBytes := len(data) - count*fixed // at most, but in version 4
	c.paths = make([]string, 0, count)
	c.hashes = make([]byte, 0, count*c.hashLen)
	c.all.Grow(pathBytes)
}

func (c *indexCollector) list() *indexList {
	return &indexList{paths: c.paths, hashes: c.hashes, hashLen: c.hashLen, sorted: !c.unsorted, symlinks: c.symlinks}
}

// readIndexList decodes the git index file at path and returns the
// stage-0 entries for which keep returns true, in index order (sorted by
// path), and the list of every entry. It decodes versions 2, 3 and 4,
// skips conflict stages, intent-to-add entries and gitlinks, and does not
// verify the trailing checksum (git just wrote the file; index.skipHash
// leaves it zero). Split indexes (a "link" extension) and sparse indexes
// ("sdir") return errIndexUnsupported.
//
// keep sees the raw path bytes so that entries nobody wants cost no
// allocation: on a repository of 100,000 files only the few memory files
// become IndexEntry values.
func readIndexList(path string, hashLen int, keep func(path []byte) bool) ([]IndexEntry, *indexList, error) {
	data, release, err := readFileMapped(path, maxIndexSize)
	if err != nil {
		return nil, nil, fmt.Errorf("read git index: %w", err)
	}
	defer release() // the list copies what it keeps
	c := &indexCollector{keep: keep, hashLen: hashLen}
	c.reserve(data)
	tree, err := scanIndex(data, hashLen, c.add)
	if err != nil {
		return nil, nil, err
	}
	l := c.list()
	l.decoded = true
	if tree != nil {
		l.cacheTree = append([]byte(nil), tree...)
	}
	return c.kept, l, nil
}

// decodeEntries calls visit with each entry of an index that a commit
// would hold (stage 0, no intent-to-add entry, no gitlink; path and hash
// are only valid during the call) and returns the offset of the
// extensions that follow.
func decodeEntries(data []byte, hashLen int, visit func(path []byte, mode uint32, hash []byte, size uint32)) (off int, err error) {
	if len(data) < 12 || string(data[:4]) != "DIRC" {
		return 0, errors.New("not a git index (no DIRC signature)")
	}
	version := binary.BigEndian.Uint32(data[4:8])
	if version < 2 || version > 4 {
		return 0, fmt.Errorf("git index version %d: %w", version, errIndexUnsupported)
	}
	count := binary.BigEndian.Uint32(data[8:12])
	end := len(data) - hashLen // the trailing checksum
	if end < 12 {
		return 0, errors.New("git index is truncated")
	}
	off = 12
	var v4path []byte // the previous path, for version 4's prefix compression
	fixed := 40 + hashLen + 2
	pathBytes, maxPathBytes := 0, maxPathBytesPerIndexByte*len(data)
	for i := uint32(0); i < count; i++ {
		if off+fixed > end {
			return 0, fmt.Errorf("git index is truncated at entry %d", i)
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
				return 0, fmt.Errorf("git index entry %d: bad extended flags", i)
			}
			extended = binary.BigEndian.Uint16(data[off : off+2])
			off += 2
		}
		var path []byte
		if version == 4 {
			strip, n := binary.Uvarint(data[off:end])
			if n <= 0 || strip > uint64(len(v4path)) {
				return 0, fmt.Errorf("git index entry %d: bad path prefix", i)
			}
			off += n
			nul := bytes.IndexByte(data[off:end], 0)
			if nul < 0 {
				return 0, fmt.Errorf("git index entry %d: unterminated path", i)
			}
			v4path = append(v4path[:len(v4path)-int(strip)], data[off:off+nul]...)
			path = v4path
			off += nul + 1
		} else {
			nul := bytes.IndexByte(data[off:end], 0)
			if nul < 0 {
				return 0, fmt.Errorf("git index entry %d: unterminated path", i)
			}
			path = data[off : off+nul]
			// Entries are padded with NULs to a multiple of 8 bytes.
			off = start + ((off+nul-start)/8+1)*8
		}
		if pathBytes += len(path); pathBytes > maxPathBytes {
			return 0, fmt.Errorf("git index entry %d: its paths decode to more than %d times the index's size (a planted version %d index?)", i, maxPathBytesPerIndexByte, version)
		}
		stage := (flags >> 12) & 3
		intentToAdd := extended&0x2000 != 0
		if mode&modeTypeBit == 0o040000 {
			return 0, fmt.Errorf("sparse directory entry %q: %w", path, errIndexUnsupported)
		}
		if stage != 0 || intentToAdd || mode&modeTypeBit == modeGitlink {
			continue
		}
		visit(path, mode, hash, size)
	}
	return off, nil
}

func decodeIndex(data []byte, hashLen int, keep func(path []byte) bool) ([]IndexEntry, error) {
	var out []IndexEntry
	_, err := scanIndex(data, hashLen, func(path []byte, mode uint32, hash []byte, size uint32) {
		if keep(path) {
			out = append(out, IndexEntry{Path: string(path), Mode: mode, Hash: hex.EncodeToString(hash), Size: size})
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// scanIndex decodes an index: its entries through visit (decodeEntries),
// then its extensions, refusing split and sparse indexes. It returns the
// payload of the first cache-tree extension ("TREE") when it precedes
// any damaged extension (as readCacheTree finds it), else nil; it points
// into data.
func scanIndex(data []byte, hashLen int, visit func(path []byte, mode uint32, hash []byte, size uint32)) (tree []byte, err error) {
	off, err := decodeEntries(data, hashLen, visit)
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
		if sig == "TREE" && tree == nil {
			tree = data[off+8 : off+8+int(size)]
		}
		off += 8 + int(size)
	}
	return tree, nil
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
	off, err := decodeEntries(data, hashLen, func([]byte, uint32, []byte, uint32) {})
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
			return parseCacheTree(data[off+8:off+8+size], hashLen)
		}
		off += 8 + size
	}
	return nil
}

// parseCacheTree reads the payload of a cache-tree extension into the
// trees by folder, or nil when it cannot make sense of it.
func parseCacheTree(b []byte, hashLen int) map[string]string {
	trees := map[string]string{}
	if rest, ok := cacheTree(b, hashLen, "", 0, trees); !ok || len(rest) != 0 {
		return nil
	}
	return trees
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
