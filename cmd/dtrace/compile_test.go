package main

import (
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"
)

func TestMacroArguments(t *testing.T) {
	testutil.RequireRoot(t)
	stdout, stderr, status := run(t, "-e", "-n", "BEGIN { printf(\"%d %s\", $1, $$2); }", "17", "word")
	if status != 0 || stdout != "" || stderr != "" {
		t.Errorf("status %d stdout %q stderr %q", status, stdout, stderr)
	}
	_, stderr, status = run(t, "-e", "-n", "BEGIN { trace($1); }")
	if status != 1 || !strings.HasPrefix(stderr, "dtrace: invalid probe specifier BEGIN { trace($1); }: ") {
		t.Errorf("undefined $1: status %d stderr %q", status, stderr)
	}
	if _, stderr, status = run(t, "-e", "-xdefaultargs", "-n", "BEGIN { trace($1); }"); status != 0 {
		t.Errorf("-xdefaultargs: status %d stderr %q", status, stderr)
	}
}

// TestPreprocessorMissing: -n programs are not preprocessed, so -C with
// a preprocessor that cannot run still compiles them.
func TestPreprocessorMissing(t *testing.T) {
	stdout, stderr, status := run(t, "-C", "-e", "-xcpppath=/nonexistent/cpp", "-n", "BEGIN")
	if status != 0 || stdout != "" || stderr != "" {
		// -n programs are not preprocessed, as in DTrace.
		t.Errorf("-n with -C: status %d stderr %q", status, stderr)
	}
}
