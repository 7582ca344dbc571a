package cpp

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/d/parser"
)

// needCpp skips when the machine has no C preprocessor: -C cannot work
// there at all.
func needCpp(t *testing.T) {
	t.Helper()
	if _, err := Command(); err != nil {
		t.Skip(err)
	}
}

func TestPreprocess(t *testing.T) {
	needCpp(t)
	src := "#!/usr/sbin/dtrace -Cs\n#define N 7\n#if defined(__SUNW_D)\nBEGIN\n{\n\tx = N + M;\n\ty = ;\n}\n#endif\n"
	out, err := Preprocess(context.Background(), "s.d", []byte(src), []string{"-DM=5"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "x = 7 + 5;") || strings.Contains(string(out), "#define") {
		t.Errorf("output:\n%s", out)
	}
	// The parser honours the line markers: the error is on line 7 of s.d.
	_, err = parser.ParseFile("s.d", out, nil)
	if err == nil {
		t.Fatal("no syntax error")
	}
	if got := err.Error(); got != `line 7: syntax error near ";"` {
		t.Errorf("got %q", got)
	}
}

// TestHeaderList checks that -H's list of included files reaches stderr.
func TestHeaderList(t *testing.T) {
	needCpp(t)
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/h.h", []byte("\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd, _ := Command()
	var stderr strings.Builder
	if _, err := PreprocessWith(context.Background(), cmd, "s.d", []byte("#include \"h.h\"\n"), []string{"-I" + dir, "-H"}, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "h.h") {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestPreprocessUndefAndInclude(t *testing.T) {
	needCpp(t)
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/inc.h", []byte("#define FROM_HEADER 42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "#include \"inc.h\"\n#ifdef linux\nlinux_defined\n#endif\nBEGIN { x = FROM_HEADER; }\n"
	out, err := Preprocess(context.Background(), "s.d", []byte(src), []string{"-I" + dir, "-Ulinux"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "x = 42;") || strings.Contains(string(out), "linux_defined") {
		t.Errorf("output:\n%s", out)
	}
}

func TestPreprocessFails(t *testing.T) {
	needCpp(t)
	cmd, _ := Command()
	var stderr strings.Builder
	_, err := PreprocessWith(context.Background(), cmd, "s.d", []byte("#error stop here\n"), nil, &stderr)
	if !errors.Is(err, ErrFailed) || !strings.Contains(stderr.String(), "stop here") {
		t.Errorf("got %v, stderr %q", err, stderr.String())
	}
	if _, err := PreprocessWith(context.Background(), []string{"/nonexistent/cpp"}, "s.d", nil, nil, nil); !errors.Is(err, ErrFailed) {
		t.Errorf("missing program: %v", err)
	}
}
