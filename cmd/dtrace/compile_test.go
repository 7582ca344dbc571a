package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// writeScript writes src to the file name in dir and returns its path.
func writeScript(t *testing.T, dir, name, src string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestScriptPositions: the scripts of several -s options are compiled as
// one program, and each error names the script and line it is in.
func TestScriptPositions(t *testing.T) {
	dir := t.TempDir()
	good := writeScript(t, dir, "good.d", "BEGIN\n{\n\tx = 1;\n}\n")
	syntax := writeScript(t, dir, "syntax.d", "\n\nBEGIN\n{\n\ty = ;\n}\n")
	clash := writeScript(t, dir, "clash.d", "\n\n\nBEGIN\n{\n\tx = \"s\";\n}\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-s", good, "-s", syntax}, "dtrace: failed to compile script " + syntax + `: [D_SYNTAX] line 5: syntax error near ";"` + "\n"},
		{[]string{"-s", good, "-s", clash}, "dtrace: failed to compile script " + clash + `: [D_OP_INCOMPAT] line 6: operands have incompatible types: "int" = "string"` + "\n"},
		{[]string{"-s", syntax, "-s", good}, "dtrace: failed to compile script " + syntax + `: [D_SYNTAX] line 5: syntax error near ";"` + "\n"},
	} {
		_, stderr, status := run(t, append([]string{"-e", "-xerrtags"}, tc.args...)...)
		if status != 1 || stderr != tc.want {
			t.Errorf("%v: status %d, stderr %q; want 1, %q", tc.args, status, stderr, tc.want)
		}
	}
}

// TestScriptPositionsGenerated: a construct code generation refuses in
// the first of two scripts is named in that script: the merged program's
// positions are resolved in the file they are in.
func TestScriptPositionsGenerated(t *testing.T) {
	testutil.RequireRoot(t)
	dir := t.TempDir()
	good := writeScript(t, dir, "good.d", "BEGIN\n{\n\tx = 1;\n}\n")
	// An expression nesting deeper than the BPF stack holds passes the
	// checker, to be refused by code generation.
	deep := "arg0"
	for i := range 40 {
		deep = fmt.Sprintf("%d + (%s)", i, deep)
	}
	refused := writeScript(t, dir, "refused.d", "\n\n\n\nBEGIN\n{\n\tx = 2;\n}\nEND\n{\n\ttrace("+deep+");\n}\n")
	for _, args := range [][]string{{"-s", refused, "-s", good}, {"-s", good, "-s", refused}} {
		_, stderr, status := run(t, append([]string{"-e", "-xerrtags"}, args...)...)
		want := "dtrace: failed to compile script " + refused + ": [D_UNKNOWN] line 11: "
		if status != 1 || !strings.HasPrefix(stderr, want) {
			t.Errorf("%v: status %d, stderr %q; want 1, %q...", args, status, stderr, want)
		}
	}
}

// TestPreprocessorMessages: cpp's messages go to dtrace's standard error
// (the writer the command was given), before dtrace's own.
func TestPreprocessorMessages(t *testing.T) {
	if _, err := exec.LookPath("cpp"); err != nil {
		t.Skip("no cpp installed: ", err)
	}
	path := filepath.Join(t.TempDir(), "stop.d")
	if err := os.WriteFile(path, []byte("#error stop here\nBEGIN {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, status := run(t, "-C", "-e", "-s", path)
	want := "dtrace: failed to compile script " + path + ": Preprocessor failed to process input program\n"
	if status != 1 || !strings.Contains(stderr, "stop here") || !strings.HasSuffix(stderr, want) {
		t.Errorf("status %d, stderr %q; want 1, cpp's #error then %q", status, stderr, want)
	}
}
