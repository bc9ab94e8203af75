package teamskill_test

import (
	"testing"

	"github.com/memlint/memlint/lint/linttest"
	"github.com/memlint/memlint/rules"
)

func TestFixtures(t *testing.T) {
	linttest.Run(t, rules.Registry(), "testdata", linttest.WithRedact(rules.Redact))
}
