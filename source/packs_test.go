package source

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/idxfile"

	"github.com/memlint/memlint/internal/gittest"
)

// packedRepo is a repository whose objects git has packed (with deltas
// between similar files), and the .idx files of its packs.
func packedRepo(t testing.TB) (*gittest.Repo, [][]byte) {
	r := gittest.New(t)
	for i := range 40 {
		r.Write(fmt.Sprintf("memory/topic_%02d.md", i), strings.Repeat(fmt.Sprintf("line %d of a topic\n", i%3), 50+i))
	}
	r.Write("memory/MEMORY.md", "# Memory\n")
	r.Git("add", ".")
	r.Git("commit", "-q", "--no-verify", "-m", "first")
	r.Write("memory/topic_00.md", "changed\n")
	r.Git("commit", "-q", "--no-verify", "-am", "second")
	r.Git("repack", "-adq")
	idxs, err := filepath.Glob(filepath.Join(r.Dir, ".git", "objects", "pack", "*.idx"))
	if err != nil || len(idxs) == 0 {
		t.Fatalf("no pack index after git repack: %v", err)
	}
	var out [][]byte
	for _, name := range idxs {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	return r, out
}

// syntheticIndex writes a version 2 pack index of n objects whose last
// ones have offsets past 2 GiB (the 64-bit table), checksummed as git
// does.
func syntheticIndex(n, large int) []byte {
	var b bytes.Buffer
	b.WriteString(packIndexHeader)
	names := make([][]byte, n)
	for i := range names {
		h := sha1.Sum([]byte{byte(i), byte(i >> 8)})
		names[i] = h[:]
	}
	// Sorted, as git writes them.
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if bytes.Compare(names[j], names[i]) < 0 {
				names[i], names[j] = names[j], names[i]
			}
		}
	}
	var fanout [256]uint32
	for _, h := range names {
		for k := int(h[0]); k < 256; k++ {
			fanout[k]++
		}
	}
	for _, c := range fanout {
		binary.Write(&b, binary.BigEndian, c)
	}
	for _, h := range names {
		b.Write(h)
	}
	for i := range names {
		binary.Write(&b, binary.BigEndian, uint32(0xc0ffee00+i))
	}
	for i := range names {
		if i >= n-large {
			binary.Write(&b, binary.BigEndian, uint32(0x80000000|(i-(n-large))))
		} else {
			binary.Write(&b, binary.BigEndian, uint32(12+100*i))
		}
	}
	for i := range large {
		binary.Write(&b, binary.BigEndian, uint64(3<<30+i))
	}
	b.Write(bytes.Repeat([]byte{0x5a}, packHashLen)) // the pack's checksum
	sum := sha1.Sum(b.Bytes())
	b.Write(sum[:])
	return b.Bytes()
}

// goGitIndex decodes data with go-git's own decoder.
func goGitIndex(data []byte) (*idxfile.MemoryIndex, error) {
	idx := idxfile.NewMemoryIndex()
	return idx, idxfile.NewDecoder(bytes.NewReader(data)).Decode(idx)
}

// sameIndex compares the fields of two decoded indexes.
func sameIndex(t *testing.T, got, want *idxfile.MemoryIndex) {
	t.Helper()
	type fields struct {
		Version          uint32
		Fanout           [256]uint32
		FanoutMapping    [256]int
		Names, Off, CRC  [][]byte
		Offset64         []byte
		Pack, IdxChecked [20]byte
	}
	of := func(i *idxfile.MemoryIndex) fields {
		return fields{i.Version, i.Fanout, i.FanoutMapping, i.Names, i.Offset32, i.CRC32, i.Offset64, i.PackfileChecksum, i.IdxChecksum}
	}
	if g, w := of(got), of(want); !reflect.DeepEqual(g, w) {
		t.Fatalf("decoded index differs from go-git's:\n got %+v\nwant %+v", g, w)
	}
}

// TestDecodePackIndexMatchesGoGit decodes the indexes git wrote, and one
// with 64-bit offsets, as go-git's decoder does, and finds every object
// at the same offset.
func TestDecodePackIndexMatchesGoGit(t *testing.T) {
	_, idxs := packedRepo(t)
	idxs = append(idxs, syntheticIndex(300, 3), syntheticIndex(0, 0))
	for i, data := range idxs {
		want, err := goGitIndex(data)
		if err != nil {
			t.Fatalf("index %d: go-git: %v", i, err)
		}
		got, err := decodePackIndex(data)
		if err != nil {
			t.Fatalf("index %d: %v", i, err)
		}
		sameIndex(t, got, want)
		entries, err := want.Entries()
		if err != nil {
			t.Fatal(err)
		}
		for {
			e, err := entries.Next()
			if err != nil {
				break
			}
			if off, err := got.FindOffset(e.Hash); err != nil || uint64(off) != e.Offset {
				t.Errorf("index %d: %s at %d, %v; want %d", i, e.Hash, off, err, e.Offset)
			}
		}
	}
	if _, err := decodePackIndex(syntheticIndex(10, 0)[:500]); err == nil {
		t.Error("a truncated index was decoded")
	}
}

// TestPacksReadObjects reads a packed repository's staged files and
// trees through the packs (deltas included) and compares them with git.
func TestPacksReadObjects(t *testing.T) {
	r, _ := packedRepo(t)
	objects, _, err := openObjects(repoLayout{workTree: r.Dir, gitDir: filepath.Join(r.Dir, ".git"), commonDir: filepath.Join(r.Dir, ".git"), indexFile: filepath.Join(r.Dir, ".git", "index")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { objects.close() }) // again, if a check stops the test
	if g, ok := objects.inner.(*goGitStore); !ok || g.objects.packs == nil {
		t.Fatal("the repository's packs were not opened")
	}
	tree, ok, err := objects.resolveTree("HEAD")
	if err != nil || !ok {
		t.Fatalf("resolve HEAD: %v %v", ok, err)
	}
	files, err := objects.listTree(tree, "memory")
	if err != nil || len(files) != 41 {
		t.Fatalf("listTree: %d files, %v", len(files), err)
	}
	for _, f := range files {
		data, err := objects.readBlob(f.Hash, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if want := r.Git("cat-file", "blob", f.Hash); string(data) != want {
			t.Errorf("%s: read %q, git has %q", f.Path, data, want)
		}
		if _, err := objects.readBlob(f.Hash, int64(len(data))-1); err != errTooLarge {
			t.Errorf("%s: a cap below its size read it (%v)", f.Path, err)
		}
	}
	if _, err := objects.readBlob(plumbing.ZeroHash.String(), 1<<20); err == nil {
		t.Error("a missing object was read")
	}
	// Closed, the packs' mapped indexes are gone: a read must not reach
	// them (it may fail, or go-git may read the object anew).
	objects.close()
	if data, err := objects.readBlob(files[1].Hash, 1<<20); err == nil && string(data) != r.Git("cat-file", "blob", files[1].Hash) {
		t.Errorf("after close, read %q", data)
	}
}

// FuzzDecodePackIndex feeds the pack index decoder damaged indexes: it
// must never panic, an index go-git's decoder accepts must decode alike,
// and every object of an index it accepts must be found without a panic.
func FuzzDecodePackIndex(f *testing.F) {
	_, idxs := packedRepo(f)
	for _, data := range append(idxs, syntheticIndex(40, 2)) {
		f.Add(data)
		f.Add(data[:len(data)-1])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := decodePackIndex(data)
		// go-git's decoder allocates what the fan-out table claims
		// before reading it: only plausible counts are handed to it.
		plausible := len(data) >= len(packIndexHeader)+packFanoutLen &&
			int64(binary.BigEndian.Uint32(data[len(packIndexHeader)+packFanoutLen-4:]))*(packHashLen+8) <= int64(len(data))
		if !plausible {
			return
		}
		if want, werr := goGitIndex(data); werr == nil && len(data) == goGitSize(want) {
			if err != nil {
				t.Fatalf("go-git decodes the index, decodePackIndex: %v", err)
			}
			sameIndex(t, got, want)
		}
		if err != nil {
			return
		}
		for _, names := range got.Names {
			for i := 0; i+packHashLen <= len(names); i += packHashLen {
				var h plumbing.Hash
				copy(h[:], names[i:])
				got.FindOffset(h)
			}
		}
	})
}

// goGitSize is the size of the index go-git decoded (which ignores
// bytes past its checksum).
func goGitSize(idx *idxfile.MemoryIndex) int {
	return len(packIndexHeader) + packFanoutLen + int(idx.Fanout[255])*(packHashLen+8) + len(idx.Offset64) + 2*packHashLen
}
