package hooks_test

import (
	"testing"

	"github.com/memlint/memlint/internal/gittest"
)

// gitRepo is a throwaway repository, with the hooks tests' own helpers
// (commit_test.go).
type gitRepo struct{ *gittest.Repo }

func newRepo(t *testing.T, initArgs ...string) *gitRepo {
	return &gitRepo{gittest.New(t, initArgs...)}
}

const (
	goodIndex    = gittest.GoodIndex
	goodFeedback = gittest.GoodFeedback
	badFeedback  = gittest.BadFeedback
)
