package hooks

import (
	"reflect"
	"strings"
	"testing"
)

func TestShellWrites(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cmd  string
		want []shellWrite // nil: no certain write
	}{
		{"cat > /m/a.md <<'EOF'\nline $HOME `x`\nEOF", []shellWrite{{Target: "/m/a.md", Content: "line $HOME `x`\n"}}},
		{"cat >> /m/MEMORY.md <<EOF\n- [A](a.md) — a\nEOF\n", []shellWrite{{Target: "/m/MEMORY.md", Append: true, Content: "- [A](a.md) — a\n"}}},
		{"cat <<\"EOF\" > '/m/my file.md'\na\n  EOF\nEOF", []shellWrite{{Target: "/m/my file.md", Content: "a\n  EOF\n"}}},
		{"cat <<-EOF >/m/a.md\n\t\tindented\n\tEOF", []shellWrite{{Target: "/m/a.md", Content: "indented\n"}}},
		{"cat > ~/m/a.md <<'EOF'\nx\nEOF", []shellWrite{{Target: "~/m/a.md", Tilde: true, Content: "x\n"}}},
		{"tee -a /m/a.md /m/b.md <<'EOF' >/dev/null\nx\nEOF", []shellWrite{{Target: "/m/a.md", Append: true, Content: "x\n"}, {Target: "/m/b.md", Append: true, Content: "x\n"}, {Target: "/dev/null", Content: "x\n"}}},
		{`printf '%s\n' "a b" c > /m/a.md`, []shellWrite{{Target: "/m/a.md", Content: "a b\nc\n"}}},
		{`printf -- '---\nname: x\n---\n100%% sure\n' > /m/a.md 2>/dev/null`, []shellWrite{{Target: "/m/a.md", Content: "---\nname: x\n---\n100% sure\n"}}},
		{`echo '- [A](a.md) — a' >> /m/MEMORY.md`, []shellWrite{{Target: "/m/MEMORY.md", Append: true, Content: "- [A](a.md) — a\n"}}},
		{`echo -n a b>/m/a.md`, []shellWrite{{Target: "/m/a.md", Content: "a b"}}},
		{"mkdir -p /m && cd /m && echo x > a.md; echo y > /m/b.md", []shellWrite{{Target: "a.md", Content: "x\n", AfterOther: true}, {Target: "/m/b.md", Content: "y\n", AfterOther: true}}},
		{"echo x > a.md # a comment > b.md", []shellWrite{{Target: "a.md", Content: "x\n"}}},
		// Uncertain: expansions, unknown shapes, odd redirections.
		{`echo "$KEY" > /m/a.md`, nil},
		{"cat > /m/a.md <<EOF\n$KEY\nEOF", nil},
		{"cat > /m/a.md <<EOF\nno end", nil},
		{`echo -e 'a\nb' > /m/a.md`, nil},
		{`echo 'a\nb' > /m/a.md`, nil},
		{`printf '%d' 3 > /m/a.md`, nil},
		{`printf x > /m/a.md > /m/b.md`, nil},
		{`echo x | tee /m/a.md`, nil},
		{`echo x > /m/*.md`, nil},
		{`echo x &> /m/a.md`, nil},
		{`base64 -d <<< eA== > /m/a.md`, nil},
		{`echo 'unterminated > /m/a.md`, nil},
		{`cat /etc/passwd > /m/a.md`, nil},
		{`ls -la /m`, nil},
		{`echo x > ~user/a.md`, nil},
		{"", nil},
	} {
		got, _ := shellWrites(tc.cmd)
		if len(got) == 0 {
			got = nil
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("shellWrites(%q)\n got %+v\nwant %+v", tc.cmd, got, tc.want)
		}
	}
}

// TestShellWritesBounded: a command over the bound, and a printf whose
// reused format would build more than a memory file, are uncertain.
func TestShellWritesBounded(t *testing.T) {
	t.Parallel()
	if w, ok := shellWrites("echo x > /m/a.md #" + strings.Repeat("x", maxShellCommand)); ok || w != nil {
		t.Errorf("a command over the bound was read: %v", w)
	}
	cmd := "printf '" + strings.Repeat("x", 1<<16) + "%s' " + strings.Repeat("a ", 200) + "> /m/a.md"
	if w, _ := shellWrites(cmd); w != nil {
		t.Errorf("a printf building %d bytes was read", len(w[0].Content))
	}
	// Each printf under the bound, together far over it.
	one := "printf '" + strings.Repeat("x", 1<<12) + "%s' " + strings.Repeat("a ", 1000) + ">> /m/a.md\n"
	if w, ok := shellWrites(strings.Repeat(one, 3)); ok || w != nil {
		t.Errorf("3 printfs building %d bytes in all were read", 3*len(w[0].Content))
	}
}

// FuzzShellWrites checks that no command makes the reader of Bash writes
// panic, and that what it reads holds: a target for every write, content
// within the bound.
func FuzzShellWrites(f *testing.F) {
	for _, s := range []string{
		"cat > /m/a.md <<'EOF'\nx\nEOF",
		"cat >> /m/MEMORY.md <<EOF\n- [a](a.md) — b\nEOF\necho done",
		"printf '%s\\n' a b > /m/a.md && echo -n x >> /m/a.md",
		"tee -a /m/a.md /m/b.md <<-EOF\n\tx\n\tEOF",
		"echo 'a' \"b\" c > ~/m/a.md; cd x; echo y > b.md",
		"cat > a <<'E' > b\nE",
		"printf '%%%s' > /m/a.md",
		"echo \\\n x > /m/a.md # comment",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		writes, ok := shellWrites(cmd)
		if !ok && writes != nil {
			t.Fatalf("uncertain, yet %d writes", len(writes))
		}
		total := 0
		for _, w := range writes {
			if w.Target == "" {
				t.Fatalf("a write with no target: %+v", w)
			}
			total += len(w.Content)
		}
		if total > maxShellOutput {
			t.Fatalf("%d bytes of writes read, over %d", total, maxShellOutput)
		}
	})
}
