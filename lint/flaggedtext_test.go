package lint_test

import (
	"reflect"
	"testing"

	"github.com/memlint/memlint/lint"
	"github.com/memlint/memlint/rules"
)

// acceptNone is a baseline that accepts no finding: its presence alone
// must keep the flagged texts, which a baseline matches findings by.
type acceptNone struct{}

func (acceptNone) Apply(ds []lint.Diagnostic, _ func(string) bool) []lint.Diagnostic { return ds }

// TestNoFlaggedText checks, on every rule fixture dir, that a run with
// Plan.NoFlaggedText finds exactly what a full run finds with only
// Diagnostic.Text left empty, and that a baseline keeps the texts.
func TestNoFlaggedText(t *testing.T) {
	texts := 0
	for _, c := range fixtureCases(t) {
		c.src.Dirs = []string{c.dir}
		plan := lint.Plan{Setup: lint.Setup{Registry: rules.Registry(), Redact: rules.Redact, Now: benchNow}}
		full, err := lint.Run(c.src, plan, withPreview())
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		plan.NoFlaggedText = true
		bare, err := lint.Run(c.src, plan, withPreview())
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		plan.Baseline = func(*lint.Config) (lint.Baseline, error) { return acceptNone{}, nil }
		kept, err := lint.Run(c.src, plan, withPreview())
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(kept.Diagnostics, full.Diagnostics) {
			t.Errorf("%s: with a baseline, NoFlaggedText changed the findings", c.name)
		}
		if len(bare.Diagnostics) != len(full.Diagnostics) {
			t.Fatalf("%s: %d findings without flagged texts, %d with", c.name, len(bare.Diagnostics), len(full.Diagnostics))
		}
		for i, d := range bare.Diagnostics {
			if d.Text != "" {
				t.Errorf("%s: %s kept its flagged text %q", c.name, d.Rule, d.Text)
			}
			want := full.Diagnostics[i]
			if want.Text != "" && want.Rule != "settings" {
				texts++
			}
			want.Text = d.Text
			if !reflect.DeepEqual(d, want) {
				t.Errorf("%s: finding %d differs beyond its flagged text:\n%+v\nwant\n%+v", c.name, i, d, want)
			}
		}
	}
	if texts < 100 {
		t.Fatalf("only %d findings had a flagged text: the test lost its input", texts)
	}
}
