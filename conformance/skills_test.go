package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// Team memory skills (SPEC §1.5a) as the real Claude Code loads them.
// Claude Code loads the skills of a team memory store that names skills
// folders (CLAUDE_MEMORY_STORES [{…, "skillsDirs": ["skills"]}]) from
// <memory dir>/team/<mount>/skills/<name>/SKILL.md, once its memory sync
// has started, and offers them to the model as "memories::<name>" in a
// system message of a later request. Offline, sync starts with a session
// token (CLAUDE_CODE_SESSION_ACCESS_TOKEN, any value), in a trusted
// project, with telemetry not disabled; its pull then fails against a dead
// proxy, and the skills load from disk if the mount folder carries the
// store's .memory-sync manifest, which sync would have written.

// teamStore is the one team memory store of these sessions.
const (
	teamMount     = "shared"
	teamPartition = "/p/team-memory"
)

// skillsListing starts the system message that offers skills.
const skillsListing = "The following skills are available for use with the Skill tool:"

// teamSkillSandbox is a sandbox whose Claude Code loads team memory skills
// from <MemDir>/team/shared/skills/; it returns that folder.
func teamSkillSandbox(t *testing.T) (*sandbox, string) {
	t.Helper()
	sb := newSandbox(t)
	mount := filepath.Join(sb.MemDir, "team", teamMount)
	sb.Env = append(sb.Env,
		`CLAUDE_MEMORY_STORES=[{"path":"`+teamPartition+`","mount":"`+teamMount+`","skillsDirs":["skills"]}]`,
		"CLAUDE_CODE_SESSION_ACCESS_TOKEN=offline",
		// Sync is off while telemetry is disabled; everything but the
		// mock goes to a port nobody listens on instead.
		"DISABLE_TELEMETRY=", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=",
		"HTTPS_PROXY=http://127.0.0.1:9", "HTTP_PROXY=http://127.0.0.1:9",
		"https_proxy=http://127.0.0.1:9", "http_proxy=http://127.0.0.1:9",
	)
	files := map[string]string{
		filepath.Join(mount, ".memory-sync"):  `{"v":1,"partition":"` + teamPartition + `"}`,
		filepath.Join(sb.MemDir, "MEMORY.md"): "- [Deploy notes](project_deploy.md) — how staging deploys are run\n",
		filepath.Join(sb.MemDir, "project_deploy.md"): "---\nname: deploy-notes\ndescription: how staging deploys are run and checked by the team\n" +
			"metadata:\n  type: reference\n---\nStaging deploys run from CI only.\n",
		// Memory sync starts only in a trusted project.
		filepath.Join(sb.Home, ".claude.json"): `{"projects":{` + mustJSON(t, sb.Repo) + `:{"hasTrustDialogAccepted":true}}}`,
	}
	for p, data := range files {
		if err := writeFile(p, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	return sb, filepath.Join(mount, "skills")
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// awaitSkills is a script that reads a file until Claude Code offers team
// memory skills (they load after the session's first request), at most
// 25 times, then invokes the skill named invoke (if any) and ends.
func awaitSkills(sb *sandbox, invoke string) (script, string) {
	probe := filepath.Join(sb.Repo, "README")
	id := "team skills: Read " + probe + " until memories:: skills are offered (25 at most), then Skill " + invoke + ", then text done"
	listed, invoked := false, false
	return func(n int, req *apiRequest) reply {
		if !listed && len(offeredSkills(req)) > 0 {
			listed = true
		}
		switch {
		case !listed && n < 25:
			if n > 0 {
				time.Sleep(200 * time.Millisecond) // a bounded wait, not an assertion
			}
			return reply{Tool: "Read", Input: map[string]any{"file_path": probe}}
		case invoke != "" && !invoked:
			invoked = true
			return reply{Tool: "Skill", Input: map[string]any{"skill": invoke}}
		}
		return reply{Text: "done"}
	}, id
}

// offeredSkills returns the team memory skills ("memories::<name>") a
// request offers, by name, sorted.
func offeredSkills(req *apiRequest) []string {
	var names []string
	for _, m := range req.Messages {
		for _, text := range m.texts() {
			if !strings.HasPrefix(text, skillsListing) {
				continue
			}
			for _, line := range strings.Split(text, "\n") {
				if rest, ok := strings.CutPrefix(line, "- memories::"); ok {
					name, _, _ := strings.Cut(rest, ":")
					names = append(names, name)
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// lastOffered returns the skills offered by the last request that offers
// any.
func lastOffered(reqs []*apiRequest) []string {
	for i := len(reqs) - 1; i >= 0; i-- {
		if names := offeredSkills(reqs[i]); len(names) > 0 {
			return names
		}
	}
	return nil
}

// teamSkillFindings runs memlint check --preview over the sandbox's memory
// and returns, for each team-skill-* error, the skill (folder name) it is
// about, and every team-skill-* finding as "rule skill" lines.
func teamSkillFindings(t *testing.T, sb *sandbox, skills string) (refused map[string]bool, all []string) {
	t.Helper()
	out := runMemlint(t, sb, sb.MemDir, "check", "--preview", "--format", "json", sb.MemDir)
	var res checkJSON
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("memlint check --format json: %v\n%s", err, out)
	}
	refused = map[string]bool{}
	for _, d := range res.Diagnostics {
		if !strings.HasPrefix(d.Rule, "team-skill-") || d.Rule == "team-skill-count" && d.Severity != "error" {
			continue
		}
		p := d.Path
		if !filepath.IsAbs(p) {
			p = filepath.Join(sb.MemDir, p)
		}
		rel, err := filepath.Rel(skills, p)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Errorf("%s finding outside the skills folder: %s", d.Rule, d.Path)
			continue
		}
		skill := strings.Split(filepath.ToSlash(rel), "/")[0]
		all = append(all, d.Rule+" "+skill)
		if d.Severity == "error" {
			refused[skill] = true
		}
	}
	sort.Strings(all)
	return refused, all
}

// teamSkillsObserved is what a team skills session showed, beside
// memlint's findings over the same files.
type teamSkillsObserved struct {
	offered  []string // the skills Claude Code offered, sorted
	want     []string // the skill folders memlint finds no error in, sorted
	findings []string // memlint's team-skill-* findings, "rule skill"
	session  sessionResult
}

// observeTeamSkills runs memlint over the sandbox's memory, then a session
// that waits for the team memory skills and invokes invoke (if any);
// names are the skill folders to judge.
func observeTeamSkills(t *testing.T, sb *sandbox, skills, invoke string, names []string) teamSkillsObserved {
	t.Helper()
	refused, all := teamSkillFindings(t, sb, skills)
	s, id := awaitSkills(sb, invoke)
	res := runSession(t, sb, sessionOptions{Prompt: "use the team skills", Script: s, ScriptID: id})
	o := teamSkillsObserved{offered: lastOffered(res.Requests), findings: all, session: res}
	if len(o.offered) == 0 {
		t.Fatalf("Claude Code offered no team memory skill (%s)", res.describe())
	}
	for _, name := range names {
		if !refused[name] {
			o.want = append(o.want, name)
		}
	}
	sort.Strings(o.want)
	return o
}

// TestTeamSkillsLoaded checks what Claude Code loads of a skills folder
// against memlint's team-skill rules: the skills it offers are exactly
// those memlint finds no error in, and a skill's inline shell reaches the
// model as text.
func TestTeamSkillsLoaded(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	sb, skills := teamSkillSandbox(t)
	skill := func(desc, body string) string { return "---\ndescription: " + desc + "\n---\n" + body }
	big := func(n int) string {
		head := skill("A long runbook", "")
		return head + strings.Repeat("x", n-len(head)-1) + "\n"
	}
	outside := filepath.Join(filepath.Dir(sb.MemDir), "elsewhere") // ~/.claude/projects/<key>/elsewhere
	files := map[string]string{
		filepath.Join(skills, "good", "SKILL.md"):       skill("Show the branch", "Branch:\n!`echo INLINE_$((6*7))`\n"),
		filepath.Join(skills, "at-limit", "SKILL.md"):   big(131072),
		filepath.Join(skills, "over-limit", "SKILL.md"): big(131073),
		filepath.Join(skills, "bad name", "SKILL.md"):   skill("A folder name with a space", "x\n"),
		filepath.Join(skills, "nofile", "README.md"):    "A folder without SKILL.md.\n",
		filepath.Join(outside, "lnk", "SKILL.md"):       skill("A linked skill", "x\n"),
		filepath.Join(sb.Repo, "README"):                "probe\n",
	}
	for p, data := range files {
		if err := writeFile(p, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		filepath.Join(skills, "linked-folder"):           "../../../../elsewhere/lnk",
		filepath.Join(skills, "linked-file", "SKILL.md"): "../../../../../elsewhere/lnk/SKILL.md",
	}
	for link, target := range links {
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	o := observeTeamSkills(t, sb, skills, "memories::good",
		[]string{"at-limit", "bad name", "good", "linked-file", "linked-folder", "over-limit"})
	offered, want, all, res := o.offered, o.want, o.findings, o.session
	// Every skill folder memlint finds no error in is offered, and no other.
	if strings.Join(offered, ",") != strings.Join(want, ",") {
		t.Errorf("Claude Code offers %q; memlint finds no error in %q\nmemlint's findings: %q", offered, want, all)
	}
	if !strings.Contains(strings.Join(all, "\n"), "team-skill-inline-shell good") {
		t.Errorf("memlint reports no inline shell in good/SKILL.md: %q", all)
	}

	// The inline command reaches the model as text, not run.
	var loaded string
	for _, r := range res.Requests {
		for _, m := range r.Messages {
			for _, text := range m.texts() {
				if strings.Contains(text, "Base directory for this skill:") && strings.Contains(text, "Branch:") {
					loaded = text
				}
			}
		}
	}
	switch {
	case loaded == "":
		t.Errorf("the model never received skill memories::good (%s)", res.describe())
	case strings.Contains(loaded, "INLINE_42") || !strings.Contains(loaded, "!`echo INLINE_$((6*7))`"):
		t.Errorf("inline shell of a team memory skill ran; the model got:\n%s", loaded)
	}
}

// TestTeamSkillsFirstHundred checks that Claude Code reads the first 100
// entries of a skills folder by name, and that the skills memlint's
// team-skill-count reports as skipped are exactly those it does not offer.
func TestTeamSkillsFirstHundred(t *testing.T) {
	t.Parallel()
	requireMemlint(t)
	sb, skills := teamSkillSandbox(t)
	names := []string{"Zeta"} // upper case sorts first
	for i := 0; i < 101; i++ {
		names = append(names, fmt.Sprintf("s%03d", i))
	}
	for _, name := range names {
		if err := writeFile(filepath.Join(skills, name, "SKILL.md"), []byte("---\ndescription: Skill "+name+"\n---\nx\n")); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeFile(filepath.Join(sb.Repo, "README"), []byte("probe\n")); err != nil {
		t.Fatal(err)
	}
	o := observeTeamSkills(t, sb, skills, "", names)
	offered, want, all := o.offered, o.want, o.findings
	if len(want) != 100 || strings.Join(offered, ",") != strings.Join(want, ",") {
		t.Errorf("Claude Code offers %d skills, memlint expects %d\nnot offered: %q\nmemlint's findings: %q",
			len(offered), len(want), missing(names, offered), all)
	}
	if re := regexp.MustCompile(`^team-skill-count s\d{3}$`); len(all) != 2 || !re.MatchString(all[0]) || !re.MatchString(all[1]) {
		t.Errorf("memlint's findings: %q; want two team-skill-count errors", all)
	}
}

// missing returns the names not in offered.
func missing(names, offered []string) []string {
	have := map[string]bool{}
	for _, n := range offered {
		have[n] = true
	}
	var out []string
	for _, n := range names {
		if !have[n] {
			out = append(out, n)
		}
	}
	return out
}
