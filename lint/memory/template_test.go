package memory

import (
	"path"
	"testing"

	"github.com/memlint/memlint/internal/benchgen"
)

func TestTemplateName(t *testing.T) {
	for rel, want := range map[string]templateNaming{
		"_template.md":              templateName,
		"TEMPLATE.md":               templateName,
		"template.md":               templateName,
		"memory-template.md":        templateName,
		"new_memory.example.md":     templateName,
		"example.md":                templateName,
		"templates/feedback.md":     templateName,
		"_templates/x/project.md":   templateName,
		"examples/a.md":             templateName,
		"记忆模板.md":                   templateName, // memory + template, without spaces
		"テンプレート.md":                 templateName,
		"шаблон-памяти.md":          notTemplateName, // a word beside it that is not in the tables
		"шаблон.md":                 templateName,
		"plantilla.md":              templateName,
		"notes_template.md":         templateName,
		"feedback_template.md":      typedTemplateName,
		"template-project.md":       typedTemplateName,
		"feedback_summary_template": notTemplateName, // a memory about summary templates
		"project_tdd_example.md":    notTemplateName,
		"email_templates.md":        notTemplateName,
		"template_engine.md":        notTemplateName,
		"reference_example_repo.md": notTemplateName,
		"feedback_testing.md":       notTemplateName,
		"modelo.md":                 notTemplateName, // also a data model
		"notes/template-ideas.md":   notTemplateName,
	} {
		if got := templateNameOf(rel); got != want {
			t.Errorf("templateNameOf(%q) = %d, want %d", rel, got, want)
		}
	}
}

func TestPlaceholder(t *testing.T) {
	for _, s := range []string{
		"<kebab-case-slug>", "<one-line summary used to decide relevance>", "<user | feedback | project | reference>",
		"{{name}}", "{{ description }}", "[one line]", "${NAME}", "__TITLE__", "【描述】", "<名称>",
		"YYYY-MM-DD", "yyyy-mm-dd", "YYYY-MM-DDTHH:MM:SSZ", "DD/MM/YY",
		"TODO", "todo.", "TBD", "xxx", "...", "…", "待定", "미정", "заполнить", "à compléter", "Description",
		"TODO: what this memory says", "TBD：稍后",
		"your-memory-name", "Your description here", "你的名称", "ваше описание", "votre description",
		"A short description of the memory", "example-name", "my-memory-slug", "one-line summary",
	} {
		if !placeholder(s) {
			t.Errorf("Placeholder(%q) = false, want true", s)
		}
	}
	for _, s := range []string{
		"", "feedback-testing", "Integration tests must hit a real database", "2026-03-01",
		"<Suspense> boundaries wrap every lazy route", "use <b> and <i> only", "[WIP] auth rewrite and its deadline",
		"TODO list of the auth migration", "todo-app conventions", "yourself first", "Yours truly, the release bot",
		"new memory", "the file", "memory", "youtube-upload", "example of the retry loop in client.go",
		"Warhammer portfolio", "описание API платежей", "summary of the Q3 incident",
	} {
		if placeholder(s) {
			t.Errorf("Placeholder(%q) = true, want false", s)
		}
	}
}

func TestIsTemplate(t *testing.T) {
	for _, c := range []struct {
		rel, src string
		want     bool
	}{
		{"_template.md", "# anything\n", true},
		{"_template.md", "---\nname: <slug>\ndescription: <one line>\ntype: feedback\n---\n", true},
		// A memory's own name and description: a memory, whatever its file is called.
		{"notes_template.md", "---\nname: rebase-template\ndescription: The commit message template the team uses when rebasing\n---\n", false},
		{"example.md", "---\nname: example-service\ndescription: The example service answers health checks on port 8081\ntype: reference\n---\n", false},
		{"memory-example.md", "An example memory.\n", true},
		{"feedback_template.md", "Rule, then **Why:** and **How to apply:**.\n", true},
		{"feedback_template.md", "---\nname: feedback-template\ndescription: {{description}}\ntype: feedback\n---\n", true},
		{"feedback_template.md", "---\nname: feedback-template\ndescription: Pull requests follow the team template, risk section first\ntype: feedback\n---\n", false},
		{"draft.md", "---\nname: <slug>\ndescription: <one line>\ntype: <user|feedback>\n---\n", true},
		{"draft.md", "---\nname: {{name}}\ndescription: {{description}}\n---\n", true},
		{"draft.md", "---\nname: your-memory-name\ndescription: \"TODO: fill in\"\nmetadata:\n  type: feedback | project\n---\n", true},
		{"draft.md", "---\ntype: <type>\ncreated: YYYY-MM-DD\n---\n", true},
		// A memory whose type is still a placeholder: memory-type says so.
		{"feedback_deploys.md", "---\nname: feedback-deploys\ndescription: Deploys go to staging first\ntype: <user | feedback>\n---\n", false},
		// One placeholder alone is an unfinished memory, not a template.
		{"feedback_deploys.md", "---\nname: feedback-deploys\ndescription: TODO\ntype: feedback\n---\n", false},
		{"project_x.md", "---\nname: <slug>\n---\n", false},
		{"project_x.md", "no frontmatter\n", false},
	} {
		f := &File{Path: c.rel, Rel: c.rel, Kind: KindTopic}
		parseFile(f, []byte(c.src), nil)
		if got := isTemplate(f); got != c.want {
			t.Errorf("isTemplate(%s, %q) = %v, want %v", c.rel, c.src, got, c.want)
		}
	}
}

// BenchmarkIsTemplate is what deciding which files are templates costs a
// file, on the generated memory of the benchmarks, its frontmatter parsed
// already (the rules parse every file's).
func BenchmarkIsTemplate(b *testing.B) {
	fsys := benchgen.GenerateFS(10, 200, 1)
	var files []*File
	for name, mf := range fsys {
		if path.Ext(name) != ".md" || path.Base(name) == IndexName {
			continue
		}
		f := &File{Path: name, Rel: path.Base(name), Kind: KindTopic}
		parseFile(f, mf.Data, nil)
		f.Frontmatter()
		files = append(files, f)
	}
	b.ResetTimer()
	for b.Loop() {
		for _, f := range files {
			isTemplate(f)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(files)), "ns/file")
}
