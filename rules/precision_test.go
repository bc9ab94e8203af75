package rules

import (
	"strings"
	"testing"

	"github.com/memlint/memlint/lint"
)

// TestStagesFollowPrecision holds the bar a rule ships by (SPEC §2): a
// built-in rule is stable only when its precision, measured by
// eval/eval.go on at least MinJudged judged findings of real memory not
// read while it was written, reaches 90 % (99 % for an error-level rule).
// A rule below that is preview until a measurement lifts it.
func TestStagesFollowPrecision(t *testing.T) {
	for _, r := range All() {
		m, _ := Measured(r.ID)
		if r.Stage == lint.Stable && !MeetsBar(r, m) {
			t.Errorf("%s is stable, but measured %d judged findings at %.1f %% (needs %d at %.0f %%): make it preview, or measure it (eval/README.md)",
				r.ID, m.Judged, 100*m.Precision(), MinJudged, 100*PrecisionBar(r))
		}
	}
}

// TestPrecisionTable checks rules/precision.tsv: it parses, and it names
// every built-in rule and no other.
func TestPrecisionTable(t *testing.T) {
	table, err := parsePrecision(precisionTable)
	if err != nil {
		t.Fatal(err)
	}
	reg := Registry()
	for id := range table {
		if _, ok := reg.Lookup(id); !ok {
			t.Errorf("precision.tsv measures %q, which is no rule (run eval/eval.go table -write again)", id)
		}
	}
	for _, r := range All() {
		if _, ok := table[r.ID]; !ok {
			t.Errorf("precision.tsv has no line for %s (run eval/eval.go table -write again)", r.ID)
		}
	}
}

// TestParsePrecisionRefuses checks that a damaged table is an error, not
// a measurement.
func TestParsePrecisionRefuses(t *testing.T) {
	const header = "rule\tfindings\tjudged\tright\twrong\tdebatable\tdirs\n"
	for _, bad := range []string{
		"rule\tjudged\n",
		header + "x\t10\t5\t5\t0\t0\n",
		header + "x\t10\t5\t4\t0\t0\t3\n",   // right+wrong+debatable ≠ judged
		header + "x\t4\t5\t5\t0\t0\t3\n",    // more judged than found
		header + "x\t10\t-5\t-5\t0\t0\t3\n", // negative
		header + "x\tten\t5\t5\t0\t0\t3\n",
	} {
		if _, err := parsePrecision(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	m, err := parsePrecision("# comment\n" + header + "x\t40\t32\t30\t1\t1\t9\n")
	if err != nil || m["x"].Judged != 32 || m["x"].Dirs != 9 {
		t.Fatalf("good table: %+v, %v", m, err)
	}
	if p := percent(m["x"].Precision()); p != "93 %" {
		t.Errorf("precision shown as %q, want 93 %% (30 of 32, rounded down)", p)
	}
	if !strings.Contains(measuredText(&lint.Rule{ID: "not-measured"}), "not measured") {
		t.Errorf("an unmeasured rule's text does not say so")
	}
}
