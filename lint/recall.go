package lint

import (
	"path/filepath"

	"github.com/memlint/memlint/internal/claudecode"
	"github.com/memlint/memlint/lint/claude"
)

// release resolves the Claude Code release a run models: as configured
// (claude-code: {version: X}), else as the probe finds it, else the
// newest. cfg and probe may be nil.
func ResolveRelease(cfg *Config, probe claude.VersionProbe) claude.Release {
	if cfg != nil && cfg.ClaudeVersion != (claudecode.Version{}) {
		return claude.ResolveRelease(cfg.ClaudeVersion, "claude-code: {version: "+cfg.ClaudeVersion.String()+"} in "+filepath.Base(cfg.Path), nil)
	}
	return claude.ResolveRelease(claudecode.Version{}, "", probe)
}

// recall resolves a run's recall mode from configuration and the probe.
func (l *Linter) recall() claude.Recall { return ResolveRecall(l.Config, l.RecallProbe) }

// ResolveRecall works out whether recall mode applies: as configured
// (claude-code: {recall: on|off}), else as the probe detects it (auto).
// cfg and probe may be nil.
func ResolveRecall(cfg *Config, probe claude.RecallProbe) claude.Recall {
	mode := claude.RecallAuto
	if cfg != nil {
		mode = cfg.Recall
	}
	switch mode {
	case claude.RecallOn:
		return claude.Recall{On: true, Configured: true, Why: "claude-code: {recall: on} in " + filepath.Base(cfg.Path)}
	case claude.RecallOff:
		return claude.Recall{Configured: true, Why: "claude-code: {recall: off} in " + filepath.Base(cfg.Path)}
	}
	if probe != nil {
		if on, why := probe(); on {
			return claude.Recall{On: true, Why: why}
		}
	}
	return claude.Recall{}
}
