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
