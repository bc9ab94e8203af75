package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestVersionFromBuild builds memlint for real, as a release does (the
// version stamped with -ldflags, what .goreleaser.yaml passes) and as a
// checkout does (no stamp, no VCS information), and checks what
// memlint version, --version and the SARIF report say.
func TestVersionFromBuild(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds memlint twice")
	}
	platform := runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	tests := []struct {
		name    string
		ldflags string
		want    string // memlint version's line
		sarif   [2]string
	}{
		{
			name:    "release",
			ldflags: "-s -w -X main.releaseVersion=v0.1.0",
			want:    "memlint v0.1.0 " + platform,
			sarif:   [2]string{"0.1.0", "0.1.0"},
		},
		{
			name:    "snapshot",
			ldflags: "-X main.releaseVersion=v0.1.1-SNAPSHOT-8f60bea",
			want:    "memlint v0.1.1-SNAPSHOT-8f60bea " + platform,
			sarif:   [2]string{"0.1.1-SNAPSHOT-8f60bea", "0.1.1-SNAPSHOT-8f60bea"},
		},
		{
			name:  "checkout",
			want:  "memlint (devel) " + platform,
			sarif: [2]string{"(devel)", ""},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bin := filepath.Join(t.TempDir(), "memlint")
			build := exec.Command("go", "build", "-buildvcs=false", "-trimpath", "-ldflags="+tt.ldflags, "-o", bin, ".")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			for _, args := range [][]string{{"version"}, {"--version"}} {
				out, err := exec.Command(bin, args...).Output()
				if err != nil {
					t.Fatalf("memlint %s: %v", args[0], err)
				}
				if got := strings.TrimSuffix(string(out), "\n"); got != tt.want {
					t.Errorf("memlint %s = %q, want %q", args[0], got, tt.want)
				}
			}

			// The shipped example has error-level findings: exit 1.
			out, err := exec.Command(bin, "--format", "sarif", "../../examples/memory").Output()
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
				t.Fatalf("memlint --format sarif: %v, want exit 1", err)
			}
			var log struct {
				Runs []struct {
					Tool struct {
						Driver struct {
							Version         string `json:"version"`
							SemanticVersion string `json:"semanticVersion"`
						} `json:"driver"`
					} `json:"tool"`
				} `json:"runs"`
			}
			if err := json.Unmarshal(out, &log); err != nil || len(log.Runs) != 1 {
				t.Fatalf("SARIF report: %v, %d runs", err, len(log.Runs))
			}
			d := log.Runs[0].Tool.Driver
			if got := [2]string{d.Version, d.SemanticVersion}; got != tt.sarif {
				t.Errorf("SARIF driver version, semanticVersion = %q, want %q", got, tt.sarif)
			}
		})
	}
}
