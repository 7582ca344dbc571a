package main

import (
	"bytes"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
)

// TestCommandLacksBackend checks what dtrace(8) prints for an fbt probe
// where the kernel has neither kprobes nor fentry (this project's
// development machine), and skips where it has either.
func TestCommandLacksBackend(t *testing.T) {
	testutil.RequireLacking(t, feature.Kprobes, feature.Fentry)
	var out, errb bytes.Buffer
	status := Main([]string{"dtrace", "-n", "fbt::vfs_read:entry { trace(arg0); }"}, &out, &errb)
	want := "dtrace: invalid probe specifier fbt::vfs_read:entry { trace(arg0); }: " +
		"provider fbt: fbt provider needs kprobes or fentry, which this kernel lacks (" +
		feature.Kprobes.Check().Error() + "; " + feature.Fentry.Check().Error() + ")\n"
	if status != 1 || out.Len() != 0 || errb.String() != want {
		t.Errorf("dtrace -n fbt::vfs_read:entry: status %d, stdout %q, stderr\n%q\nwant status 1, stderr\n%q", status, out.String(), errb.String(), want)
	}
}
