package source

import (
	"encoding/binary"
	"fmt"
	"path"
	"path/filepath"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"
	"github.com/go-git/go-git/v5/plumbing/format/packfile"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// packs reads the objects of a repository's own packfiles through
// go-git's packfile reader, with the pack indexes decoded here. go-git's
// object storage, on its first read from a pack, checksums every .idx
// file and then, to look the object it found by name up in its cache by
// offset, builds a map from the offset of every object of the pack to its
// name: on a repository of 100,000 files that cost more than the rest of
// a pre-commit hook's reading. Here an object is found by name in the
// index (a binary search) and read at its offset; go-git builds the
// offset map only when a delta names its base by offset.
type packs struct {
	list []pack
}

type pack struct {
	index   *idxfile.MemoryIndex
	file    *packfile.Packfile
	release func() // unmaps the index, whose slices point into the mapping
}

// maxPackIndexSize bounds a .idx file read whole: 28 bytes an object,
// the largest repositories' few tens of millions of objects fit.
const maxPackIndexSize = 4 << 30

// openPacks opens the packfiles of st's objects folder (below the
// repository's common dir). It returns nil when one of them is anything
// this reader does not take (another index version, a damaged index):
// go-git's own storage then reads them all, and says what is wrong.
func openPacks(st *filesystem.Storage, commonDir string) *packs {
	hashes, err := st.ObjectPacks()
	if err != nil || len(hashes) == 0 {
		return nil
	}
	objectCache := cache.NewObjectLRUDefault()
	ps := &packs{}
	for _, h := range hashes {
		p, ok := openPack(st, commonDir, h, objectCache)
		if !ok {
			ps.close()
			return nil
		}
		ps.list = append(ps.list, p)
	}
	return ps
}

// openPack opens the pack named h: its index mapped into memory (it is
// read where objects are looked up, and not copied onto the heap, where
// megabytes would bring a collection forward), its packfile through
// go-git's reader.
func openPack(st *filesystem.Storage, commonDir string, h plumbing.Hash, objectCache cache.Object) (pack, bool) {
	name := path.Join("objects", "pack", "pack-"+h.String())
	data, release, err := readFileMapped(filepath.Join(commonDir, filepath.FromSlash(name+".idx")), maxPackIndexSize)
	if err != nil {
		return pack{}, false
	}
	idx, err := decodePackIndex(data)
	ok := err == nil && idx.PackfileChecksum == h
	// A FIFO or a device in place of the pack would block or feed the
	// reader forever.
	ok = ok && checkGitFile(filepath.Join(commonDir, filepath.FromSlash(name+".pack")), 1<<62) == nil
	var f billy.File
	if ok {
		f, err = st.Filesystem().Open(name + ".pack")
		ok = err == nil
	}
	if !ok {
		release()
		return pack{}, false
	}
	return pack{index: idx, file: packfile.NewPackfileWithCache(idx, st.Filesystem(), f, objectCache, largeObject), release: release}, true
}

// find returns the pack holding h and its offset there.
func (ps *packs) find(h plumbing.Hash) (*packfile.Packfile, int64, bool) {
	for _, p := range ps.list {
		if off, err := p.index.FindOffset(h); err == nil {
			return p.file, off, true
		}
	}
	return nil, 0, false
}

// object returns the object h of type typ (or any type for
// plumbing.AnyObject) as go-git's storage does, and ok false when no
// pack holds it.
func (ps *packs) object(typ plumbing.ObjectType, h plumbing.Hash) (obj plumbing.EncodedObject, ok bool, err error) {
	p, _, ok := ps.find(h)
	if !ok {
		return nil, false, nil
	}
	if obj, err = p.Get(h); err != nil {
		return nil, true, err
	}
	if typ != plumbing.AnyObject && obj.Type() != typ {
		return nil, true, plumbing.ErrObjectNotFound
	}
	return obj, true, nil
}

// size returns the size of the object h, and ok false when no pack holds
// it.
func (ps *packs) size(h plumbing.Hash) (size int64, ok bool, err error) {
	p, off, ok := ps.find(h)
	if !ok {
		return 0, false, nil
	}
	size, err = p.GetSizeByOffset(off)
	return size, true, err
}

func (ps *packs) close() {
	for _, p := range ps.list {
		p.file.Close()
		p.release()
	}
	ps.list = nil
}

// Layout of a version 2 pack index: a header, a fan-out table of 256
// counts, then per object its name, its CRC-32 and its 32-bit offset (the
// high bit set pointing into a table of 64-bit offsets), and two
// checksums.
const (
	packIndexHeader = "\xfftOc\x00\x00\x00\x02"
	packFanoutLen   = 256 * 4
	packHashLen     = 20
)

// decodePackIndex decodes a version 2 pack index into go-git's in-memory
// form, as idxfile.Decoder does, without the checksum of the whole file
// (git wrote it with the pack; go-git reads the objects' own checksums).
// The index's slices point into data.
func decodePackIndex(data []byte) (*idxfile.MemoryIndex, error) {
	bad := func(what string) error { return fmt.Errorf("%w: %s", idxfile.ErrMalformedIdxFile, what) }
	if len(data) < len(packIndexHeader)+packFanoutLen || string(data[:len(packIndexHeader)]) != packIndexHeader {
		return nil, bad("not a version 2 index")
	}
	idx := &idxfile.MemoryIndex{Version: idxfile.VersionSupported}
	fanout := data[len(packIndexHeader) : len(packIndexHeader)+packFanoutLen]
	for k := range 256 {
		idx.Fanout[k] = binary.BigEndian.Uint32(fanout[4*k:])
		if k > 0 && idx.Fanout[k] < idx.Fanout[k-1] {
			return nil, bad("fan-out table decreases")
		}
	}
	n := int64(idx.Fanout[255])
	body := int64(len(packIndexHeader) + packFanoutLen)
	names, crcs, offsets := body, body+n*packHashLen, body+n*(packHashLen+4)
	large := body + n*(packHashLen+8)
	size := int64(len(data))
	// At most one 64-bit offset per object but the first.
	if large+2*packHashLen > size || n > 0 && size > large+(n-1)*8+2*packHashLen {
		return nil, bad("size does not match the object count")
	}
	var largeCount int64
	for k := range 256 {
		idx.FanoutMapping[k] = -1
		first := int64(0)
		if k > 0 {
			first = int64(idx.Fanout[k-1])
		}
		count := int64(idx.Fanout[k]) - first
		if count == 0 {
			continue
		}
		idx.FanoutMapping[k] = len(idx.Names)
		idx.Names = append(idx.Names, data[names+first*packHashLen:names+(first+count)*packHashLen])
		idx.CRC32 = append(idx.CRC32, data[crcs+first*4:crcs+(first+count)*4])
		offs := data[offsets+first*4 : offsets+(first+count)*4]
		idx.Offset32 = append(idx.Offset32, offs)
		for i := 0; i < len(offs); i += 4 {
			if offs[i]&0x80 != 0 {
				largeCount++
			}
		}
	}
	if large+largeCount*8+2*packHashLen > size {
		return nil, bad("truncated 64-bit offsets")
	}
	if largeCount > 0 {
		idx.Offset64 = data[large : large+largeCount*8]
	}
	trailer := data[large+largeCount*8:]
	if len(trailer) != 2*packHashLen {
		return nil, bad("unexpected bytes after the offsets")
	}
	copy(idx.PackfileChecksum[:], trailer[:packHashLen])
	copy(idx.IdxChecksum[:], trailer[packHashLen:])
	return idx, nil
}
