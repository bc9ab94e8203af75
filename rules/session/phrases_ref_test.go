package session

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/memlint/memlint/rules/internal/rulebench"
)

// refPhraseHits is the reference phraseHits replaced: it searches a body
// lowered beforehand once per key.
func refPhraseHits(body []byte) []phraseHit {
	var out []phraseHit
	for _, k := range phraseKeys {
		for off := 0; ; {
			i := bytes.Index(body[off:], []byte(k))
			if i < 0 {
				break
			}
			pos := off + i
			off = pos + len(k)
			for _, pk := range phrasesByKey[k] {
				s := pos - pk.at
				if s >= 0 && s+len(pk.phrase) <= len(body) && string(body[s:s+len(pk.phrase)]) == pk.phrase {
					out = append(out, phraseHit{pk.phrase, s})
				}
			}
		}
	}
	return out
}

// samePhraseHits fails t when phraseHits on text and the reference on the
// lowered text find different hits (in any order: diaryMarks counts
// phrases and takes the first offset).
func samePhraseHits(t *testing.T, text []byte) int {
	t.Helper()
	sortHits := func(h []phraseHit) []phraseHit {
		slices.SortFunc(h, func(a, b phraseHit) int {
			if a.start != b.start {
				return a.start - b.start
			}
			return bytes.Compare([]byte(a.phrase), []byte(b.phrase))
		})
		return h
	}
	got, want := sortHits(phraseHits(text)), sortHits(refPhraseHits(lowerASCII(text)))
	if !slices.Equal(got, want) {
		t.Fatalf("phraseHits(%q) = %v, the reference finds %v", text, got, want)
	}
	return len(got)
}

func TestPhraseHitsReference(t *testing.T) {
	total := 0
	for _, text := range rulebench.Texts(t) {
		total += samePhraseHits(t, text)
	}
	for _, text := range []string{"This SESSION, next Session", "TODAY I; today We", "In This Chat", "本次会话 and 이번 세션", "Last SeSsIoN", "previous session", "sessio", "obsession today"} {
		total += samePhraseHits(t, []byte(text))
	}
	if total < 10 {
		t.Errorf("%d hits in all the texts: too few to compare the two", total)
	}
}

func FuzzPhraseHits(f *testing.F) {
	for _, s := range []string{"This SESSION, next Session", "TODAY I", "In This Chat", "本次会话", "이번 세션", "Today we"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) { samePhraseHits(t, text) })
}

// TestASCIIKeys keeps phraseHits's premise: its ASCII keys are lower-case
// letters, at least four, and four keys at most.
func TestASCIIKeys(t *testing.T) {
	for _, k := range asciiKeys {
		if len(k.key) < 4 || strings.Trim(k.key, "abcdefghijklmnopqrstuvwxyz") != "" {
			t.Errorf("key %q: phraseHits needs four or more lower-case ASCII letters", k.key)
		}
	}
	if len(asciiKeys) == 0 || len(asciiKeys) > len(asciiFirst4) {
		t.Errorf("%d ASCII keys: phraseHits compares with 1 to %d", len(asciiKeys), len(asciiFirst4))
	}
}

// BenchmarkPhraseHits compares phraseHits with the reference (which
// lowers the body first, as diaryMarks did) on the texts of
// TestPhraseHitsReference.
func BenchmarkPhraseHits(b *testing.B) {
	texts := rulebench.Texts(b)
	for _, c := range []struct {
		name string
		hits func([]byte) []phraseHit
	}{{"reference", func(t []byte) []phraseHit { return refPhraseHits(lowerASCII(t)) }}, {"one-pass", phraseHits}} {
		b.Run(c.name, func(b *testing.B) {
			rulebench.Measure(b, func() int {
				for _, t := range texts {
					c.hits(t)
				}
				return len(texts)
			})
		})
	}
}
