package claude

import (
	"fmt"
	"os"
	"strings"

	"github.com/memlint/memlint/internal/claudecode"
)

// RecallMode is what configuration says about Claude Code's recall mode
// (SPEC §1.4): in it MEMORY.md is not loaded, and a selector picks topic
// files from a manifest each turn.
type RecallMode int

// Recall modes, as claude-code: {recall: …} sets them.
const (
	RecallAuto RecallMode = iota // find out from the environment
	RecallOn
	RecallOff
)

// String returns the mode as written in configuration.
func (m RecallMode) String() string {
	switch m {
	case RecallOn:
		return "on"
	case RecallOff:
		return "off"
	}
	return "auto"
}

// Recall is what a run knows about recall mode: whether it applies, and
// why memlint thinks so, for messages.
type Recall struct {
	// On is set when recall mode applies: configured on, or detected.
	On bool
	// Configured is set when .memlint.yaml states the mode.
	Configured bool
	// Why says where On comes from ("CLAUDE_MEMORY_STORES is set"); ""
	// when recall is off by default and nothing said otherwise.
	Why string
}

// RecallProbe tells whether the account running memlint has recall mode,
// and why; see detectRecall.
type RecallProbe func() (on bool, why string)

// detectRecall finds out, as Claude Code 2.1.328 does, whether recall
// mode is on for the account running memlint: CLAUDE_MEMORY_STORES is set
// (not blank), or the feature flag Claude Code cached for the account
// (cachedGrowthBookFeatures.tengu_moth_copse) in its state file is true.
// The state file is $CLAUDE_CONFIG_DIR/.claude.json, else ~/.claude.json,
// or the legacy .config.json in Claude Code's config folder when only that
// one exists. It is read only when it is a regular file of bounded size;
// any problem reading it means "not detected".
func detectRecall(getenv func(string) string, home string) (bool, string) {
	if strings.TrimSpace(getenv("CLAUDE_MEMORY_STORES")) != "" {
		return true, "CLAUDE_MEMORY_STORES is set"
	}
	file := claudecode.StateFile(getenv, home)
	if file == "" {
		return false, ""
	}
	if claudecode.CachedRecallFlag(file) {
		return true, fmt.Sprintf("the recall feature flag Claude Code cached for your account in %s is on", file)
	}
	return false, ""
}

// SystemRecallProbe is detectRecall on the environment and home folder of
// the running process.
func SystemRecallProbe() RecallProbe {
	return func() (bool, string) {
		return detectRecall(os.Getenv, claudecode.UserHome())
	}
}
