package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReadSuite(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"test/qemu/suites/fbt/fbt_test.go": "package fbt\n",
		"test/qemu/suites/fbt/packages":    "# the provider's own tests\n./provider/fbt\nksym  # trailing comment\n\n",
		"test/qemu/suites/fbt/modules":     "9pnet\n9pnet_virtio\n",
		"test/qemu/suites/fbt/kernel":      "linux-image-6.12-$ARCH\n",
		"test/qemu/suites/fbt/programs":    "# traced\n./test/qemu/suites/fbt/target\n",
		"test/qemu/suites/fbt/b.d":         "BEGIN { exit(0); }\n",
		"test/qemu/suites/fbt/a.d":         "BEGIN { exit(0); }\n",
		"test/qemu/suites/fbt/a.r":         "\n",
		"test/qemu/suites/empty/README":    "",
	})
	s, err := readSuite(root, "fbt")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"./test/qemu/suites/fbt", "./provider/fbt", "./ksym"}; !reflect.DeepEqual(s.packages, want) {
		t.Errorf("packages = %q, want %q", s.packages, want)
	}
	if want := []string{"./test/qemu/suites/fbt/target"}; !reflect.DeepEqual(s.programs, want) {
		t.Errorf("programs = %q, want %q", s.programs, want)
	}
	if want := []string{"9pnet", "9pnet_virtio"}; !reflect.DeepEqual(s.modules, want) {
		t.Errorf("modules = %q, want %q", s.modules, want)
	}
	var scripts []string
	for _, p := range s.scripts {
		scripts = append(scripts, filepath.Base(p))
	}
	if want := []string{"a.d", "b.d"}; !reflect.DeepEqual(scripts, want) {
		t.Errorf("scripts = %q, want %q", scripts, want)
	}
	if got := kernelPackage(arches["arm64"], s); got != "linux-image-6.12-arm64" {
		t.Errorf("kernelPackage = %q", got)
	}
	t.Setenv("KERNEL_PKG", "linux-image-amd64")
	if got := kernelPackage(arches["amd64"], s); got != "linux-image-amd64" {
		t.Errorf("kernelPackage with KERNEL_PKG = %q", got)
	}
	for name, want := range map[string]string{
		"empty":   "suite empty has no tests",
		"missing": "no suite missing",
		"../fbt":  "bad suite name",
	} {
		if _, err := readSuite(root, name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("readSuite(%q) = %v, want %q", name, err, want)
		}
	}
}

func TestAddTree(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"a.txt": "A", "sub/b.txt": "B"})
	var got strings.Builder
	c := &cpioWriter{w: &got}
	if err := addTree(c, src, "tests/x/testdata"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"tests/x/testdata\x00", "tests/x/testdata/a.txt\x00", "tests/x/testdata/sub/b.txt\x00"} {
		if !strings.Contains(got.String(), name) {
			t.Errorf("archive lacks %q", name)
		}
	}
	if err := addTree(c, filepath.Join(src, "none"), "x"); err != nil {
		t.Errorf("missing testdata: %v", err)
	}
}

func TestParseLdd(t *testing.T) {
	const out = `	linux-vdso.so.1 (0x00007ffd6b5f2000)
	libbcc.so.0 => /lib/x86_64-linux-gnu/libbcc.so.0 (0x00007f0e5e000000)
	libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f0e5dc1f000)
	/lib64/ld-linux-x86-64.so.2 (0x00007f0e61c4e000)
`
	got, err := parseLdd(strings.NewReader(out))
	want := []string{"/lib/x86_64-linux-gnu/libbcc.so.0", "/lib/x86_64-linux-gnu/libc.so.6", "/lib64/ld-linux-x86-64.so.2"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("parseLdd = %q, %v; want %q", got, err, want)
	}
	if _, err := parseLdd(strings.NewReader("\tlibz3.so.4 => not found\n")); err == nil {
		t.Error("parseLdd accepted a library not found")
	}
}

// TestSuitesSelectTests checks, without a VM, that each package a suite
// names still holds a test its flags choose: a test that moves to another
// package otherwise leaves the suite running nothing, which only the VM run
// in CI would notice.
func TestSuitesSelectTests(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	names, err := os.ReadDir(filepath.Join(root, "test/qemu/suites"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, e := range names {
		s, err := readSuite(root, e.Name())
		if err != nil {
			t.Errorf("suite %s: %v", e.Name(), err)
			continue
		}
		run, skip := testSelection(t, s.flags)
		for _, pkg := range s.packages {
			tests := testFuncs(t, filepath.Join(root, pkg))
			n := 0
			for _, name := range tests {
				if (run == nil || run.MatchString(name)) && (skip == nil || !skip.MatchString(name)) {
					n++
				}
			}
			if n == 0 {
				t.Errorf("suite %s: package %s has no test its flags %q choose (tests: %q)", s.name, pkg, s.flags, tests)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no suite package checked")
	}
}

// testSelection returns the -test.run and -test.skip patterns among flags.
func testSelection(t *testing.T, flags []string) (run, skip *regexp.Regexp) {
	for _, f := range flags {
		for prefix, re := range map[string]**regexp.Regexp{"-test.run=": &run, "-test.skip=": &skip} {
			if v, ok := strings.CutPrefix(f, prefix); ok {
				*re = regexp.MustCompile(v)
			}
		}
	}
	return run, skip
}

// testFuncs lists the top-level Test functions of the _test.go files in dir,
// whatever their build tags.
func testFuncs(t *testing.T, dir string) []string {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	fset := token.NewFileSet()
	for _, file := range files {
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") && fn.Name.Name != "TestMain" {
				names = append(names, fn.Name.Name)
			}
		}
	}
	return names
}
