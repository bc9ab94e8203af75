package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDetectRecall(t *testing.T) {
	on := []byte(`{"numStartups": 3, "cachedGrowthBookFeatures": {"tengu_moth_copse": true, "other": 1}}`)
	off := []byte(`{"cachedGrowthBookFeatures": {"tengu_moth_copse": false}}`)
	for _, tc := range []struct {
		name  string
		env   map[string]string
		files map[string][]byte // relative to a temp folder; "" key prefix: home
		dirs  []string
		want  bool
		why   string
	}{
		{name: "nothing"},
		{name: "memory stores", env: map[string]string{"CLAUDE_MEMORY_STORES": "team"}, want: true, why: "CLAUDE_MEMORY_STORES is set"},
		{name: "memory stores blank", env: map[string]string{"CLAUDE_MEMORY_STORES": "  "}},
		{name: "flag on in ~/.claude.json", files: map[string][]byte{"home/.claude.json": on}, want: true, why: "home/.claude.json is on"},
		{name: "flag off", files: map[string][]byte{"home/.claude.json": off}},
		{name: "not JSON", files: map[string][]byte{"home/.claude.json": []byte("{")}},
		{name: "a folder named .claude.json", dirs: []string{"home/.claude.json"}},
		{name: "CLAUDE_CONFIG_DIR holds it", env: map[string]string{"CLAUDE_CONFIG_DIR": "cfg"},
			files: map[string][]byte{"cfg/.claude.json": on, "home/.claude.json": off}, want: true, why: "cfg/.claude.json"},
		{name: "CLAUDE_CONFIG_DIR wins over home", env: map[string]string{"CLAUDE_CONFIG_DIR": "cfg"},
			files: map[string][]byte{"cfg/.claude.json": off, "home/.claude.json": on}},
		{name: "legacy .config.json when .claude.json is missing", files: map[string][]byte{"home/.claude/.config.json": on}, want: true, why: ".config.json"},
		{name: "legacy ignored when .claude.json exists",
			files: map[string][]byte{"home/.claude/.config.json": on, "home/.claude.json": off}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for p, data := range tc.files {
				p = filepath.Join(root, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for _, d := range tc.dirs {
				if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(d)), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			getenv := func(k string) string {
				v := tc.env[k]
				if k == "CLAUDE_CONFIG_DIR" && v != "" {
					v = filepath.Join(root, v)
				}
				return v
			}
			got, why := detectRecall(getenv, filepath.Join(root, "home"))
			if got != tc.want || !strings.Contains(filepath.ToSlash(why), tc.why) {
				t.Errorf("DetectRecall = %v, %q; want %v, containing %q", got, why, tc.want, tc.why)
			}
		})
	}
}
