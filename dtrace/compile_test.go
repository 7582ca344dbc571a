package dtrace

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testutil"

	"github.com/godtrace/godtrace/d/diag"
)

func TestCompileErrors(t *testing.T) {
	for _, tc := range []struct {
		name    string // "" for a command-line program
		src     string
		errtags bool
		want    string
	}{
		{"x.d", "BEGIN\n{\n\tx = ;\n}\n", false, `line 3: syntax error near ";"`},
		{"x.d", "BEGIN\n{\n\tx = ;\n}\n", true, `[D_SYNTAX] line 3: syntax error near ";"`},
		{"", "BEGIN\n{\n\tx = ;\n}", true, `[D_SYNTAX] syntax error near ";"`},
		{"", "BEGIN{x", false, `syntax error near end of input`},
		{"x.d", "#pragma D option nosuchoption\nBEGIN{}\n", false, "line 1: failed to set option 'nosuchoption': Invalid option name"},
		{"x.d", "\n#pragma D option strsize=0\nBEGIN{}\n", true,
			"[D_PRAGMA_OPTSET] line 2: failed to set option 'strsize' to '0': Invalid value for specified option"},
		{"x.d", "#pragma D option incdir=/tmp\n", false, "line 1: failed to set option 'incdir' to '/tmp': Option cannot be used from within a D program"},
		{"x.d", "#pragma D option\n", true, "[D_PRAGMA_MALFORM] line 1: malformed #pragma D option <option>=<val>"},
		{"x.d", "#pragma D option quiet flowindent\n", true, "[D_PRAGMA_MALFORM] line 1: superfluous arguments specified for #pragma D option"},
	} {
		h := Open()
		if tc.errtags {
			h.Options().Set("errtags", "")
		}
		var err error
		if tc.name == "" {
			_, err = h.CompileString(tc.src, SpecName, []string{"dtrace"})
		} else {
			_, err = h.CompileFile(tc.name, strings.NewReader(tc.src), []string{tc.name})
		}
		var list diag.List
		if err == nil || err.Error() != tc.want || !errors.As(err, &list) {
			t.Errorf("compile %q: %v; want %q (a diag.List)", tc.src, err, tc.want)
		}
	}
}

func TestPragmasSetOptions(t *testing.T) {
	testutil.RequireRoot(t)
	h := Open()
	src := "#pragma D option quiet\n#pragma D option switchrate=10hz\n#pragma D option nspec=2\nBEGIN { exit(0); }\n"
	if _, err := h.CompileFile("x.d", strings.NewReader(src), []string{"x.d"}); err != nil {
		t.Fatal(err)
	}
	o := h.Options()
	if v, _ := o.Value("switchrate"); !o.Bool("quiet") || v != 1e8 {
		t.Errorf("quiet %v switchrate %d", o.Bool("quiet"), v)
	}
	if v, _ := o.Value("nspec"); v != 2 {
		t.Errorf("nspec %d", v)
	}
}

func TestCompileSpecs(t *testing.T) {
	testutil.RequireRoot(t)
	h := Open()
	for _, tc := range []struct {
		text string
		spec Spec
	}{
		{"BEGIN", SpecName},
		{"dtrace", SpecProvider},
		{"read", SpecFunction},
		{"syscall::read:entry /pid == $pid/ { @[execname] = count(); }", SpecName},
		{"BEGIN { trace($target); trace($uid); }", SpecName},
	} {
		if _, err := h.CompileString(tc.text, tc.spec, []string{"dtrace"}); err != nil {
			t.Errorf("compile %q: %v", tc.text, err)
		}
	}
	// A script, unlike a command-line program, needs a body.
	if _, err := h.CompileFile("x.d", strings.NewReader("BEGIN\n"), []string{"x.d"}); err == nil {
		t.Error("a script of a bare probe description compiled")
	}
}

func TestPreprocessor(t *testing.T) {
	testutil.RequireRoot(t)
	if _, err := exec.LookPath("cpp"); err != nil {
		t.Skip("no cpp installed: ", err)
	}
	h := Open()
	for _, arg := range []string{"cpp", "define=N=3", "define=GONE", "undef=GONE"} {
		if err := h.Options().SetArg(arg); err != nil {
			t.Fatal(err)
		}
	}
	src := "#if N != 3 || defined(GONE)\n#error bad macros\n#endif\nBEGIN\n{\n\ttrace(N);\n}\n"
	if _, err := h.CompileFile("x.d", strings.NewReader(src), []string{"x.d"}); err != nil {
		t.Fatalf("compile: %v", err)
	}
	_, err := h.CompileFile("y.d", strings.NewReader("#error stop here\nBEGIN{}\n"), []string{"y.d"})
	var pe *PreprocessorError
	if !errors.As(err, &pe) || err.Error() != "Preprocessor failed to process input program" {
		t.Errorf("#error: %v", err)
	}
}

func BenchmarkCompileFile(b *testing.B) {
	src := "#pragma D option quiet\nsyscall::read:entry /pid != $pid/\n{\n\t@[execname] = count();\n}\nEND\n{\n\tprinta(@);\n}\n"
	h := Open()
	for b.Loop() {
		if _, err := h.CompileFile("b.d", strings.NewReader(src), []string{"b.d"}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCompileContext: the preprocessor's messages go to the writer the
// compile is given, and the end of its context kills the preprocessor,
// whatever it started, at once. Neither needs privileges.
func TestCompileContext(t *testing.T) {
	t.Run("stderr", func(t *testing.T) {
		if _, err := exec.LookPath("cpp"); err != nil {
			t.Skip("no cpp installed: ", err)
		}
		h := Open()
		defer h.Close()
		h.Options().SetArg("cpp")
		var stderr bytes.Buffer
		_, err := h.CompileFileContext(context.Background(), "y.d", strings.NewReader("#error stop here\nBEGIN {}\n"),
			&CompileOptions{Args: []string{"y.d"}, CppStderr: &stderr})
		var pe *PreprocessorError
		if !errors.As(err, &pe) || !strings.Contains(stderr.String(), "stop here") {
			t.Errorf("#error: %v, cpp said %q; want a PreprocessorError, cpp saying \"stop here\"", err, stderr.String())
		}
	})
	t.Run("cancel", func(t *testing.T) {
		// A preprocessor that starts a child holding its output, and
		// never ends.
		dir := t.TempDir()
		pidFile := filepath.Join(dir, "child")
		script := filepath.Join(dir, "cpp")
		src := "#!/bin/sh\nsleep 60 &\necho $! > " + pidFile + "\nwait\n"
		if err := os.WriteFile(script, []byte(src), 0o755); err != nil {
			t.Fatal(err)
		}
		h := Open()
		defer h.Close()
		h.Options().SetArg("cpp")
		h.Options().SetArg("cpppath=" + script)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go func() {
			// Cancel once the child is there.
			for {
				if _, err := os.Stat(pidFile); err == nil {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
			cancel()
		}()
		start := time.Now()
		_, err := h.CompileFileContext(ctx, "x.d", strings.NewReader("BEGIN {}\n"), nil)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("compile: %v, want context.Canceled", err)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("the compile took %v after the cancel", d)
		}
		b, err := os.ReadFile(pidFile)
		if err != nil {
			t.Fatal(err)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			// Killed, the child is a zombie until whoever adopted it
			// reaps it.
			if !running(pid) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the preprocessor's child %d outlived the cancel", pid)
			}
		}
	})
}

// running reports whether process pid lives: it exists and is no zombie.
func running(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the command, which is in parentheses.
	_, rest, _ := strings.Cut(string(b), ") ")
	return !strings.HasPrefix(rest, "Z") && !strings.HasPrefix(rest, "X")
}
