package lazyre

import (
	"strings"
	"sync"
	"testing"
)

func TestCompiledOnFirstUse(t *testing.T) {
	r := New(`b+`)
	if r.re != nil {
		t.Fatal("compiled before use")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if got := r.FindString("abbbc"); got != "bbb" {
				t.Errorf("FindString = %q", got)
			}
		})
	}
	wg.Wait()
	if r.String() != `b+` || r.re == nil {
		t.Errorf("after use: %q, compiled %v", r.String(), r.re != nil)
	}
}

func TestMustCompileAllPanicsOnABadPattern(t *testing.T) {
	bad := New(`(`)
	defer func() {
		mu.Lock()
		all = all[:len(all)-1] // the other tests' MustCompileAll must not meet it
		mu.Unlock()
		if p := recover(); p == nil || !strings.Contains(p.(string), "missing closing )") {
			t.Errorf("MustCompileAll with %q: %v", bad.String(), p)
		}
	}()
	MustCompileAll()
}

func TestNewFuncBuildsOnFirstUse(t *testing.T) {
	built := 0
	r := NewFunc(func() string { built++; return `c+` })
	if built != 0 || r.re != nil {
		t.Fatal("built before use")
	}
	if got := r.FindString("acccd"); got != "ccc" || r.String() != `c+` || built != 1 {
		t.Errorf("FindString = %q, String = %q, built %d times", got, r.String(), built)
	}
}
