package parser

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/cpp"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
	"github.com/godtrace/godtrace/internal/conformance"
)

// corpusDirs hold D programs that must parse: the project's end-to-end
// tests and the recorded conformance cases.

// corpusDirs are the folders of D files the parser tests read: the
// project's test cases and DTrace's recorded conformance cases.
func corpusDirs(tb testing.TB) []string {
	return []string{"../../test/unittest", conformance.Dir(tb)}
}

// testMacros stands in for the values the driver supplies.
var testMacros = map[string]string{
	"target": "4242", "pid": "100", "ppid": "1", "uid": "0", "gid": "0",
	"euid": "0", "egid": "0", "pgid": "100", "sid": "100", "projid": "0", "taskid": "0",
}

func corpusFiles(t *testing.T) []string {
	var files []string
	for _, dir := range corpusDirs(t) {
		if _, err := os.Stat(dir); err != nil {
			t.Logf("skipping %s: %v", dir, err)
			continue
		}
		found, err := globD(dir)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	if len(files) == 0 {
		t.Fatal("no D files found")
	}
	return files
}

// globD lists the test cases (tst.*.d, err.*.d) under dir; other .d
// files there are D libraries a case reads, some broken on purpose.
func globD(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		base := filepath.Base(path)
		isCase := strings.HasPrefix(base, "tst.") || strings.HasPrefix(base, "err.")
		if err == nil && !d.IsDir() && isCase && strings.HasSuffix(path, ".d") {
			files = append(files, path)
		}
		return err
	})
	return files, err
}

// corpusConfig gives a test file the macro arguments its .args file lists
// (one word a line), and reports whether the case tests the driver (its
// arguments include options).
func corpusConfig(path string) (*Config, bool) {
	cfg := &Config{MacroArgs: []string{filepath.Base(path)}, Macros: testMacros}
	data, err := os.ReadFile(strings.TrimSuffix(path, ".d") + ".args")
	if err != nil {
		return cfg, false
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	cfg.MacroArgs = append(cfg.MacroArgs, lines...)
	for _, l := range lines {
		if strings.HasPrefix(l, "-") {
			// Which words end up as arguments is the driver's business.
			cfg.ArgRef = true
			return cfg, true
		}
	}
	return cfg, false
}

// cppOptions reports whether a case's .args ask for -C, and the -D, -U, -I
// and -H options to pass to the preprocessor (-I relative to the case).
func cppOptions(path string) ([]string, bool) {
	data, err := os.ReadFile(strings.TrimSuffix(path, ".d") + ".args")
	if err != nil {
		return nil, false
	}
	var args []string
	useCpp := false
	for _, w := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		switch {
		case w == "-C":
			useCpp = true
		case strings.HasPrefix(w, "-I") && !filepath.IsAbs(w[2:]):
			args = append(args, "-I"+filepath.Join(filepath.Dir(path), w[2:]))
		case strings.HasPrefix(w, "-D"), strings.HasPrefix(w, "-U"), strings.HasPrefix(w, "-I"), w == "-H":
			args = append(args, w)
		}
	}
	return args, useCpp
}

// expectedSyntaxError reads the message an err.D_SYNTAX case's .r file
// records, without the driver's prefix.
func expectedSyntaxError(t *testing.T, path string) string {
	data, err := os.ReadFile(strings.TrimSuffix(path, ".d") + ".r")
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	prefix := "dtrace: failed to compile script " + filepath.Base(path) + ": "
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			return rest
		}
	}
	t.Fatalf("%s: no compile error recorded", path)
	return ""
}

func TestCorpus(t *testing.T) {
	for _, path := range corpusFiles(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cfg, driver := corpusConfig(path)
		if cppArgs, ok := cppOptions(path); ok {
			if src, err = cpp.Preprocess(context.Background(), filepath.Base(path), src, cppArgs); err != nil {
				// A case may expect the preprocessor to fail.
				want, _ := os.ReadFile(strings.TrimSuffix(path, ".d") + ".r")
				if !bytes.Contains(want, []byte("Preprocessor failed")) {
					t.Errorf("%s: %v", path, err)
				}
				continue
			}
		}
		prog, err := ParseFile(filepath.Base(path), src, cfg)
		base := filepath.Base(path)
		tag := ""
		if strings.HasPrefix(base, "err.D_") {
			tag = strings.SplitN(base, ".", 3)[1]
		}
		// A driver case (one with options) may fail elsewhere, say in
		// another -n program; when the error is the parser's it must be
		// the recorded one.
		// The checker's cases (sema) use D_SYNTAX too, for printf formats
		// as DTrace tags them: those must parse.
		checkerCase := filepath.Base(filepath.Dir(path)) == "sema"
		if isFrontEndTag(tag) && !checkerCase && (err != nil || !driver) {
			if err == nil {
				t.Errorf("%s: parsed without error", path)
				continue
			}
			want := expectedSyntaxError(t, path)
			if got := err.(diag.List)[0].Format(true); got != want {
				t.Errorf("%s:\n got %s\nwant %s", path, got, want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		roundTrip(t, path, prog, cfg)
	}
}

// isFrontEndTag reports whether a test named err.TAG.* must fail in the
// parser (the other tags are the checker's and later phases').
func isFrontEndTag(tag string) bool {
	switch tag {
	case "D_SYNTAX", "D_INT_DIGIT", "D_INT_OFLOW", "D_STR_NL", "D_CHR_NL", "D_CHR_NULL",
		"D_CHR_OFLOW", "D_MACRO_UNDEF", "D_MACRO_OFLOW", "D_MACRO_UNUSED", "D_PRAGCTL_INVAL",
		"D_PDESC_INVAL", "D_DECL_COMBO", "D_DECL_LONGINT", "D_DECL_SIGNINT", "D_DECL_CHARATTR",
		"D_DECL_VOIDATTR", "D_DECL_CLASS", "D_DECL_PARMCLASS", "D_DECL_PROTO_VARARGS",
		"D_DECL_PROTO_TYPE", "D_DECL_PROTO_NAME", "D_DECL_PROTO_VOID", "D_PRAGMA_INVAL", "D_PRAGMA_MALFORM", "D_DECL_TYPERED":
		return true
	}
	return false
}

// roundTrip checks that printing prog gives text that parses to the same
// tree, and that printing is idempotent.
func roundTrip(t *testing.T, name string, prog *ast.Program, cfg *Config) {
	t.Helper()
	text := ast.String(prog)
	c := *cfg
	c.ArgRef = true
	prog2, err := ParseFile(name, []byte(text), &c)
	if err != nil {
		t.Errorf("%s: printed program does not parse: %v\n%s", name, err, text)
		return
	}
	if !sameTree(prog, prog2) {
		t.Errorf("%s: printed program parses differently:\n%s", name, text)
		return
	}
	if text2 := ast.String(prog2); text2 != text {
		t.Errorf("%s: printing is not idempotent:\n%s\n---\n%s", name, text, text2)
	}
}

// sameTree compares two trees ignoring positions (and the File).
func sameTree(a, b ast.Node) bool {
	return reflect.DeepEqual(stripped(a), stripped(b))
}

var posType = reflect.TypeFor[token.Pos]()

// stripped returns a copy of a tree's reflection with every token.Pos
// zeroed and files dropped, as a comparable value.
func stripped(n any) any {
	var walk func(v reflect.Value) any
	walk = func(v reflect.Value) any {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if v.IsNil() {
				return nil
			}
			return walk(v.Elem())
		case reflect.Struct:
			m := map[string]any{"": v.Type().String()}
			for i := range v.NumField() {
				f := v.Type().Field(i)
				if f.Type == posType || f.Type == reflect.TypeFor[*token.File]() {
					continue
				}
				m[f.Name] = walk(v.Field(i))
			}
			return m
		case reflect.Slice:
			if v.Len() == 0 {
				return []any{}
			}
			s := make([]any, v.Len())
			for i := range s {
				s[i] = walk(v.Index(i))
			}
			return s
		}
		if v.Type() == posType {
			return nil
		}
		return v.Interface()
	}
	return walk(reflect.ValueOf(n))
}

// TestSyntaxTests checks that test/unittest/syntax has the ARGS file the
// runner needs.
func TestSyntaxTests(t *testing.T) {
	data, err := os.ReadFile("../../test/unittest/syntax/ARGS")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(bytes.TrimSpace(data)); got != "-e" {
		t.Errorf("ARGS = %q, want -e", got)
	}
}
