package similar

import (
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/memlint/memlint/internal/benchgen"
	"github.com/memlint/memlint/internal/testcorpus"
)

func TestFeatures(t *testing.T) {
	tests := []struct {
		name string
		text string
		want int
	}{
		{"empty", "", 0},
		{"two words", "run tests", 0},
		{"three words", "run the tests", 1},
		{"markup is not a word", "**Why:** run the tests", 2},
		{"case and punctuation", "Run, THE tests. run the tests!", 3}, // run the tests / the tests run / tests run the
		{"repeated shingle counted once", "a b c a b c", 3},
		{"CJK trigrams", "提交前先运行测试", 6},
		{"Hangul trigrams", "테스트를", 2},
		{"Kana", "テストを実行", 4},
		{"CJK run broken by a word", "提交 go 前先", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if set, _ := Features(tt.text); len(set) != tt.want {
				t.Errorf("len(Features(%q)) = %d, want %d", tt.text, len(set), tt.want)
			}
		})
	}
}

func TestFeaturesNormalise(t *testing.T) {
	a, _ := Features("Always run `go test ./...` before committing.")
	b, _ := Features("always run go test before   committing")
	if got := Jaccard(a, b); got != 1 {
		t.Errorf("Jaccard = %v, want 1: markup, case and spacing are not words", got)
	}
}

func TestFeaturesWords(t *testing.T) {
	tests := []struct {
		text string
		want int
	}{
		{"", 0},
		{"**Why:** run the tests, always.", 5},
		{"Über straße", 2},
		{"提交前先运行测试", 4},
		{"run 测试 now", 3},
	}
	for _, tt := range tests {
		if _, got := Features(tt.text); got != tt.want {
			t.Errorf("Features(%q) counts %d words, want %d", tt.text, got, tt.want)
		}
	}
}

// features is Features without the word count.
func features(text string) []uint64 {
	set, _ := Features(text)
	return set
}

func TestJaccard(t *testing.T) {
	tests := []struct {
		a, b []uint64
		want float64
	}{
		{nil, nil, 0},
		{[]uint64{1}, nil, 0},
		{[]uint64{1, 2, 3}, []uint64{1, 2, 3}, 1},
		{[]uint64{1, 2, 3}, []uint64{2, 3, 4}, 0.5},
		{[]uint64{1, 2}, []uint64{3, 4}, 0},
	}
	for _, tt := range tests {
		if got := Jaccard(tt.a, tt.b); got != tt.want {
			t.Errorf("Jaccard(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// text returns n random words from a vocabulary of vocab words.
func text(r *rand.Rand, n, vocab int) []string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("w%d", r.IntN(vocab))
	}
	return w
}

// TestPairs checks that Pairs finds the near copies among many unrelated
// texts, reports their exact similarity, and pairs nothing else.
func TestPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var sets [][]uint64
	for range 500 {
		sets = append(sets, features(strings.Join(text(r, 80, 2000), " ")))
	}
	base := text(r, 80, 2000)
	near := append([]string(nil), base...)
	for i := 0; i < len(near); i += 20 {
		near[i] = "changed" // 4 words of 80 changed: about 0.7
	}
	sets = append(sets, features(strings.Join(base, " ")), features(strings.Join(near, " ")))
	short := []uint64{1, 2, 3}
	sets = append(sets, short, short)

	got := Pairs(sets, 0.5, 10)
	if len(got) != 1 || got[0].A != 500 || got[0].B != 501 {
		t.Fatalf("Pairs = %v, want only {500 501}", got)
	}
	if want := Jaccard(sets[500], sets[501]); got[0].Score != want || want < 0.5 || want > 0.9 {
		t.Errorf("score = %v, want the exact Jaccard %v (between 0.5 and 0.9)", got[0].Score, want)
	}
}

// TestPairsRecall checks the banding's recall at the default threshold
// over many pairs of a known similarity.
func TestPairsRecall(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	found, total := 0, 0
	for range 200 {
		base := text(r, 120, 100000)
		near := append([]string(nil), base...)
		for i := 5; i < len(near); i += 15 {
			near[i] = fmt.Sprintf("x%d", r.IntN(100000))
		}
		a, b := features(strings.Join(base, " ")), features(strings.Join(near, " "))
		if Jaccard(a, b) < 0.6 {
			continue
		}
		total++
		if len(Pairs([][]uint64{a, b}, 0.6, 1)) == 1 {
			found++
		}
	}
	if total < 100 || found < total*97/100 {
		t.Errorf("found %d of %d pairs of similarity ≥ 0.6, want ≥ 97%% of at least 100", found, total)
	}
}

// TestPairsCluster checks that many copies of one text cost a bounded
// number of comparisons and still all pair with one another copy.
func TestPairsCluster(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	one := features(strings.Join(text(r, 60, 1000), " "))
	sets := make([][]uint64, 2000)
	for i := range sets {
		sets[i] = one
	}
	got := Pairs(sets, 0.6, 1)
	paired := map[int]bool{}
	for _, p := range got {
		paired[p.B] = true
	}
	if len(paired) != len(sets)-1 {
		t.Errorf("%d copies paired with an earlier one, want %d", len(paired), len(sets)-1)
	}
	if len(got) > len(sets)*maxPeers {
		t.Errorf("%d pairs for %d copies: the comparisons are not bounded", len(got), len(sets))
	}
}

func BenchmarkPairs(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	sets := make([][]uint64, 10000)
	for i := range sets {
		sets[i] = features(strings.Join(text(r, 300, 5000), " "))
	}
	b.ResetTimer()
	for b.Loop() {
		Pairs(sets, 0.6, 10)
	}
}

// TestSortHashes checks the bucket sort against slices.Sort on sets of
// every size around the switch between the two, with repeated values and
// values that share their top bits.
func TestSortHashes(t *testing.T) {
	for _, n := range []int{0, 1, 2, minBucketSort - 1, minBucketSort, minBucketSort + 1, 500, 4097} {
		s := make([]uint64, n)
		for i := range s {
			switch i % 5 {
			case 0:
				s[i] = 42 // repeated
			case 1:
				s[i] = ^uint64(0) - uint64(i) // top bits shared
			default:
				s[i] = mix(uint64(i))
			}
		}
		want := slices.Clone(s)
		slices.Sort(want)
		sortHashes(s)
		if !slices.Equal(s, want) {
			t.Errorf("n=%d: sortHashes differs from slices.Sort", n)
		}
	}
}

// refFeatures is Features as the package comment states it, written
// plainly (rune by rune, whole words kept, no Reader): the reference the
// scanner is checked against.
func refFeatures(text string) (set []uint64, words int) {
	var ws []uint64
	var word []byte
	var run []rune // the current CJK run
	cjkChars := 0
	shingle := func() {
		n := len(ws)
		h := (ws[n-3]*placeFactor^ws[n-2])*placeFactor ^ ws[n-1]
		set = append(set, mix(h))
	}
	endWord := func() {
		if word == nil {
			return
		}
		h := uint64(fnvOffset)
		for _, b := range word {
			h = (h ^ uint64(b)) * fnvPrime
		}
		ws, word = append(ws, h), nil
		if len(ws) >= ShingleWords {
			shingle()
		}
	}
	for _, r := range text {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
			endWord()
			cjkChars++
			run = append(run, r)
			if n := len(run); n >= cjkGram {
				h := uint64(cjkSeed)
				for _, c := range run[n-cjkGram:] {
					h = mix(h ^ uint64(c))
				}
				set = append(set, h)
			}
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			word = utf8.AppendRune(word, unicode.ToLower(r))
		default:
			endWord()
		}
		run = run[:0]
	}
	endWord()
	slices.Sort(set)
	return slices.Compact(set), len(ws) + cjkChars/2
}

// differentialTexts are the texts TestReaderDifferential reads: the
// generated memories of the benchmark, the memories of ../shared/corpus
// when it is beside the project (or at $MEMLINT_CORPUS), and texts that
// stress the scanner (CJK runs, marks, invalid UTF-8).
func differentialTexts(t *testing.T) []string {
	texts := []string{
		"", "a", "a b", "a b c", "提交前先运行测试 and then 테스트를 실행 テストを実行",
		"Über straße, café NAÏVE naïve e\u0301t\u00e9", "x\xffy z\xe4 w q", "go\u0300od wo\u0301rd th\u0303ird",
		"<!-- c --> **Why:** `make test` — always, before 提交.",
	}
	fsys := benchgen.GenerateFS(2, 300, 7)
	for _, p := range slices.Sorted(maps.Keys(fsys)) {
		texts = append(texts, string(fsys[p].Data))
	}
	root := testcorpus.Dir()
	if root == "" {
		t.Log("no ../shared/corpus: generated texts only")
		return texts
	}
	corpus := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		b, err := os.ReadFile(p)
		texts = append(texts, string(b))
		corpus++
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d texts, %d of them from %s", len(texts), corpus, root)
	return texts
}

// TestReaderDifferential checks the one-pass Reader against refFeatures
// on every text of differentialTexts: the same shingle set and word
// count, read whole or in pieces, and the same signature as the set's
// (sketchOf), so PairsOf on the Reader's sketches pairs exactly what Pairs
// pairs on the reference sets.
func TestReaderDifferential(t *testing.T) {
	texts := differentialTexts(t)
	sets := make([][]uint64, len(texts))
	sketches := make([]*Sketch, len(texts))
	for i, text := range texts {
		want, wantWords := refFeatures(text)
		sets[i] = want
		got, words := Features(text)
		if !slices.Equal(got, want) || words != wantWords {
			t.Fatalf("text %d: Features = %d shingles, %d words; reference %d, %d", i, len(got), words, len(want), wantWords)
		}
		// In pieces split at the spaces, which the pieces stand for, and
		// half of them given as bytes.
		r := NewReader(true)
		for k, piece := range strings.Split(text, " ") {
			if k%2 == 0 {
				r.AddString(piece)
			} else {
				r.Add([]byte(piece))
			}
		}
		if !slices.Equal(r.Features(), want) || r.Words() != wantWords {
			t.Fatalf("text %d: the Reader in pieces differs from the reference", i)
		}
		var s Reader
		s.AddString(text)
		sk := s.Sketch()
		if ref := sketchOf(want); sk != ref {
			t.Fatalf("text %d: the Reader's sketch differs from the set's", i)
		}
		if !sk.Empty() {
			sketches[i] = &sk
		}
	}
	for _, min := range []float64{0.3, 0.5, 0.6} {
		want := Pairs(sets, min, 1)
		got := PairsOf(sketches, min, func(a, b int) (float64, bool) { return Jaccard(sets[a], sets[b]), true })
		if !slices.Equal(got, want) {
			t.Errorf("min %v: PairsOf on the Reader's sketches = %v, Pairs on the reference sets = %v", min, got, want)
		}
	}
}

// TestPairsRecallAtThreshold checks the candidates at the default
// threshold: pairs of 50 to 60 % similarity, each one among many
// unrelated texts, are found as often as the banding promises (0.94 at
// 50 %), whether scored by Pairs or by PairsOf on Reader sketches, and a
// pair PairsOf's caller declines to score is not reported.
func TestPairsRecallAtThreshold(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var sketches []*Sketch
	var sets [][]uint64
	add := func(words []string) {
		var rd Reader
		text := strings.Join(words, " ")
		rd.AddString(text)
		s := rd.Sketch()
		sketches = append(sketches, &s)
		sets = append(sets, features(text))
	}
	for range 300 {
		add(text(r, 100, 5000))
	}
	var want [][2]int
	for tries := 0; len(want) < 150 && tries < 10000; tries++ {
		base := text(r, 150, 100000)
		near := slices.Clone(base)
		for i := 4; i < len(near); i += 8 + r.IntN(4) { // about 16 words of 150 changed
			near[i] = fmt.Sprintf("y%d", r.IntN(100000))
		}
		a, b := features(strings.Join(base, " ")), features(strings.Join(near, " "))
		if j := Jaccard(a, b); j < 0.5 || j >= 0.6 {
			continue
		}
		want = append(want, [2]int{len(sets), len(sets) + 1})
		add(base)
		add(near)
	}
	if len(want) < 150 {
		t.Fatalf("made %d pairs of similarity 50-60 %%, want 150", len(want))
	}
	score := func(a, b int) (float64, bool) { return Jaccard(sets[a], sets[b]), true }
	got := PairsOf(sketches, 0.5, score)
	if ref := Pairs(sets, 0.5, 1); !slices.Equal(got, ref) {
		t.Fatalf("PairsOf = %v, Pairs = %v", got, ref)
	}
	found := map[[2]int]bool{}
	for _, p := range got {
		found[[2]int{p.A, p.B}] = true
	}
	n := 0
	for _, w := range want {
		if found[w] {
			n++
		}
	}
	if n < len(want)*90/100 {
		t.Errorf("found %d of %d pairs of similarity 50-60 %%, want at least 90 %%", n, len(want))
	}
	if len(got) > n {
		t.Errorf("%d pairs found, %d of them planted: unrelated texts paired", len(got), n)
	}
	declined := PairsOf(sketches, 0.5, func(a, b int) (float64, bool) {
		if a == want[0][0] {
			return 0, false
		}
		return score(a, b)
	})
	for _, p := range declined {
		if p.A == want[0][0] {
			t.Errorf("PairsOf reported %v, whose score its caller declined", p)
		}
	}
}

// FuzzReader checks the one-pass Reader against refFeatures on any text:
// the same shingles, word count and signature.
func FuzzReader(f *testing.F) {
	for _, s := range []string{"", "a b c d", "Über straße café", "x\xffy z\xe4 w q", "提交前先运行测试 and then", "go\u0300od wo\u0301rd th\u0303ird", "ABC1 def2, ghi3; jkl"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		want, wantWords := refFeatures(text)
		if got, words := Features(text); !slices.Equal(got, want) || words != wantWords {
			t.Fatalf("Features(%q) = %v, %d words; reference %v, %d", text, got, words, want, wantWords)
		}
		var r Reader
		r.Add([]byte(text))
		if r.Sketch() != sketchOf(want) {
			t.Fatalf("Reader(%q): the sketch differs from the reference set's", text)
		}
	})
}

// BenchmarkReader sketches the generated memories of differentialTexts,
// reporting ns per byte.
func BenchmarkReader(b *testing.B) {
	var texts [][]byte
	size := 0
	fsys := benchgen.GenerateFS(1, 300, 7)
	for _, p := range slices.Sorted(maps.Keys(fsys)) {
		texts = append(texts, fsys[p].Data)
		size += len(fsys[p].Data)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, text := range texts {
			var r Reader
			r.Add(text)
			_ = r.Sketch()
		}
	}
}

// TestProbe checks Probe against set intersections computed from
// Features: for each text, the shingles of each set it holds, and for each
// shingle, the texts that hold it.
func TestProbe(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var texts []string
	for range 60 {
		texts = append(texts, strings.Join(text(r, 20+r.IntN(200), 40), " "))
	}
	texts = append(texts, "", "提交前先运行测试，不只是改动的包", "run the tests; run the tests")
	var sets [][]uint64
	for i := 0; i < 12; i++ {
		// Lines of the texts, and sets with shingles no text holds.
		words := strings.Fields(texts[i*5])
		line := strings.Join(words[:min(len(words), 12)], " ")
		if i%4 == 3 {
			line += " zzqx yyqx xxqx"
		}
		sets = append(sets, features(line))
	}
	sets = append(sets, nil, features("提交前先运行测试"), features("always run the tests first"))
	p := NewProbe(sets)
	holders := map[uint64]int{}
	for _, tx := range texts {
		// In pieces, as a file is read.
		half := len(tx) / 2
		for half > 0 && half < len(tx) && !utf8.RuneStart(tx[half]) {
			half++
		}
		got := map[int]int{}
		for _, h := range p.Read(func(rd *Reader) { rd.AddString(tx[:half]); rd.AddString(tx[half:]) }) {
			got[h.Set] = h.Shingles
		}
		// Pieces read as if joined by white space.
		full := features(tx[:half] + " " + tx[half:])
		for s, set := range sets {
			want := 0
			for _, k := range set {
				if _, ok := slices.BinarySearch(full, k); ok {
					want++
				}
			}
			if got[s] != want {
				t.Errorf("text %.30q, set %d: held %d shingles, want %d", tx, s, got[s], want)
			}
		}
		for _, k := range full {
			holders[k]++
		}
	}
	for _, set := range sets {
		for _, k := range set {
			if got := p.Texts(k); got != holders[k] {
				t.Errorf("Texts(%x) = %d, want %d", k, got, holders[k])
			}
		}
	}
	if got := p.Texts(12345); got != 0 {
		t.Errorf("Texts of a shingle of no set = %d, want 0", got)
	}
}

// TestProbeCount: a Probe that reads texts with Count knows how many hold
// each shingle as one that reads them with Read does.
func TestProbeCount(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var texts []string
	for range 40 {
		texts = append(texts, strings.Join(text(r, 20+r.IntN(100), 30), " "))
	}
	var sets [][]uint64
	for i := 0; i < 8; i++ {
		sets = append(sets, features(strings.Join(strings.Fields(texts[i*5])[:10], " ")))
	}
	read, counted := NewProbe(sets), NewProbe(sets)
	for _, tx := range texts {
		read.Read(func(rd *Reader) { rd.AddString(tx) })
		counted.Count(func(rd *Reader) { rd.AddString(tx) })
	}
	for _, set := range sets {
		for _, k := range set {
			if got, want := counted.Texts(k), read.Texts(k); got != want {
				t.Errorf("Texts(%x) = %d after Count, %d after Read", k, got, want)
			}
		}
	}
}

// TestBreakAndRestart: Break joins no shingle across it; Restart makes the
// signature, set and word count those of the text after it, and keeps
// what came before in the filter (MayHold), which never counts fewer of a
// set's shingles than the text holds.
func TestBreakAndRestart(t *testing.T) {
	desc, body := "run the whole suite", "before every commit, not only the package you touched"
	r := NewReader(true)
	r.AddString(desc)
	r.Break()
	r.AddString(body)
	want := unique(append(features(desc), features(body)...))
	if got := r.Features(); !slices.Equal(got, want) {
		t.Errorf("after Break: %d shingles, want %d (those of each part)", len(got), len(want))
	}
	if got, wantWords := r.Words(), 4+9; got != wantWords {
		t.Errorf("after Break: %d words, want %d", got, wantWords)
	}

	var joined Reader
	joined.AddString(desc)
	joined.Restart()
	joined.AddString(body)
	fresh := NewReader(false)
	fresh.AddString(body)
	if a, b := joined.Sketch(), fresh.Sketch(); a.sig != b.sig || a.empty != b.empty {
		t.Error("after Restart the signature is not the body's alone")
	}
	if joined.Words() != fresh.Words() {
		t.Errorf("after Restart: %d words, want %d", joined.Words(), fresh.Words())
	}
	sk := joined.Sketch()
	for _, part := range []string{desc, body} {
		if set := features(part); !sk.MayHold(set, len(set)) {
			t.Errorf("MayHold(%q, all %d) = false, want true", part, len(set))
		}
	}
}

// TestMayHold: the filter errs only toward holding more, and on a set of
// unrelated shingles says no for most.
func TestMayHold(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var memory, other []string
	for range 300 {
		memory = append(memory, fmt.Sprintf("w%d", r.IntN(5000)))
		other = append(other, fmt.Sprintf("x%d", r.IntN(5000)))
	}
	rd := NewReader(false)
	rd.AddString(strings.Join(memory, " "))
	sk := rd.Sketch()
	line := features(strings.Join(memory[100:120], " "))
	if !sk.MayHold(line, len(line)) {
		t.Errorf("MayHold of a line of the text, all %d = false, want true", len(line))
	}
	if sk.MayHold(line, len(line)+1) {
		t.Errorf("MayHold of more shingles than the set has = true")
	}
	unrelated := features(strings.Join(other, " "))
	held := 0
	for _, k := range unrelated {
		if sk.MayHold([]uint64{k}, 1) {
			held++
		}
	}
	if held*3 > len(unrelated) {
		t.Errorf("the filter may hold %d of %d unrelated shingles, want under a third", held, len(unrelated))
	}
	if sk.MayHold(unrelated, held+1) || !sk.MayHold(unrelated, held) {
		t.Errorf("MayHold(unrelated, n) does not switch at the %d shingles the filter may hold", held)
	}
}
