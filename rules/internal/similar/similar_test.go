package similar

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
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
