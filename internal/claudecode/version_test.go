package claudecode

import "testing"

func TestParseVersion(t *testing.T) {
	for in, want := range map[string]Version{
		"2.1.332":                  {2, 1, 332},
		"2.1.328 (Claude Code)":    {2, 1, 328},
		" 2.1.330 (Claude Code)\n": {2, 1, 330},
		"3.0.0":                    {3, 0, 0},
	} {
		got, err := ParseVersion(in)
		if err != nil || got != want {
			t.Errorf("ParseVersion(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "2.1", "2.1.x", "v2.1.332", "2.1.332.1", "2.1.-1", "2.1.0332", "2.1.99999999999999999999", "latest"} {
		if v, err := ParseVersion(bad); err == nil {
			t.Errorf("ParseVersion(%q) = %v, want an error", bad, v)
		}
	}
}

func TestModelOf(t *testing.T) {
	for _, c := range []struct {
		asked    Version
		modelled Version
		defs     bool // LinkDefinitionsKept
		outside  bool
	}{
		{Version{2, 1, 328}, Version{2, 1, 328}, false, false},
		{Version{2, 1, 329}, Version{2, 1, 329}, false, false},
		{Version{2, 1, 330}, Version{2, 1, 330}, true, false},
		{Version{2, 1, 332}, Version{2, 1, 332}, true, false},
		{Version{2, 1, 337}, Newest, true, false},
		{Version{2, 1, 340}, Newest, true, true},
		{Version{3, 0, 0}, Newest, true, true},
		{Version{2, 1, 100}, Oldest, false, true},
	} {
		m := ModelOf(c.asked)
		if m.Version != c.modelled || m.Asked != c.asked || m.Has(LinkDefinitionsKept) != c.defs || (m.Outside() != "") != c.outside {
			t.Errorf("ModelOf(%v) = %+v (defs kept %v, outside %q)", c.asked, m, m.Has(LinkDefinitionsKept), m.Outside())
		}
	}
	if !NewestModel().Has(LinkDefinitionsKept) {
		t.Error("the newest model drops link definitions")
	}
	for i := 1; i < len(Changes); i++ {
		if Changes[i].Since.Less(Changes[i-1].Since) {
			t.Errorf("Changes are not in release order at %d", i)
		}
	}
}
