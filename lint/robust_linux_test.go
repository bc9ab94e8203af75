//go:build linux

package lint_test

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestDeviceNamedMarkdownIsNeverOpened puts /dev/zero's device node, which
// reads forever, and a socket where a memory file is expected: memlint
// reports both from their type and opens neither. Creating a device node
// needs privilege; without it that case is skipped.
func TestDeviceNamedMarkdownIsNeverOpened(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "ok.md", []byte(validMemory))
	want := map[string]string{}
	// Major 1, minor 5 is /dev/zero on Linux.
	if err := syscall.Mknod(filepath.Join(dir, "zero.md"), syscall.S_IFCHR|0o644, 1<<8|5); err == nil {
		want["zero.md"] = "character device"
	} else {
		t.Logf("mknod: %v; the device case is skipped", err)
	}
	// Socket paths are limited to about 100 bytes, so it is made from a
	// short relative path.
	t.Chdir(dir)
	if ln, err := net.Listen("unix", "sock.md"); err == nil {
		defer ln.Close()
		want["sock.md"] = "socket"
	} else {
		t.Logf("unix socket: %v; the socket case is skipped", err)
	}
	if len(want) == 0 {
		t.Skip("neither a device node nor a socket could be made here")
	}
	res := lintWithin(t, os.DirFS(dir), 10*time.Second)
	for name, kind := range want {
		if got := findings(res, name, "file-unreadable"); len(got) != 1 || !strings.Contains(got[0].Message, kind) {
			t.Errorf("%s: findings = %+v", name, got)
		}
	}
	if got := findings(res, "ok.md", ""); len(got) != 0 {
		t.Errorf("ok.md: %+v", got)
	}
}
