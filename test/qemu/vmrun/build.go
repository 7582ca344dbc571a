package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// suite is what test/qemu/suites/NAME holds, as vmrun reads it.
type suite struct {
	name     string
	dir      string
	packages []string // Go packages whose test binaries run in the VM, as "./path" from the module root
	scripts  []string // D scripts, with their .r/.args/.exit beside them
	modules  []string // kernel modules to load, in order
	kernel   string   // the kernel package the suite asks for, "" for the default
	flags    []string // arguments for every Go test binary
	host     []string // host programs to copy into the VM with their shared libraries
	programs []string // Go main packages built for the guest, with their symbols, as /bin/NAME
}

// readSuite lists a suite: its own Go test package if it has _test.go files, the packages named
// in its "packages" file, its *.d scripts, the modules named in its "modules" file, the
// kernel package named in its "kernel" file, the test binaries' arguments in its "flags" file,
// the host programs in its "host" file and the Go programs in its "programs" file (one entry a
// line; '#' starts a comment).
func readSuite(root, name string) (*suite, error) {
	if name == "" || strings.ContainsAny(name, `/\`) || name[0] == '.' {
		return nil, fmt.Errorf("bad suite name %q", name)
	}
	rel := path.Join("test/qemu/suites", name)
	s := &suite{name: name, dir: filepath.Join(root, rel)}
	if !isDir(s.dir) {
		return nil, fmt.Errorf("no suite %s: %s is not a directory", name, rel)
	}
	if tests, _ := filepath.Glob(filepath.Join(s.dir, "*_test.go")); len(tests) > 0 {
		s.packages = append(s.packages, "./"+rel)
	}
	pkgs, err := listFile(filepath.Join(s.dir, "packages"))
	if err != nil {
		return nil, err
	}
	for _, p := range pkgs {
		s.packages = append(s.packages, "./"+path.Clean(strings.TrimPrefix(p, "./")))
	}
	if s.modules, err = listFile(filepath.Join(s.dir, "modules")); err != nil {
		return nil, err
	}
	if s.flags, err = listFile(filepath.Join(s.dir, "flags")); err != nil {
		return nil, err
	}
	if s.host, err = listFile(filepath.Join(s.dir, "host")); err != nil {
		return nil, err
	}
	if s.programs, err = listFile(filepath.Join(s.dir, "programs")); err != nil {
		return nil, err
	}
	kernel, err := listFile(filepath.Join(s.dir, "kernel"))
	if err != nil {
		return nil, err
	}
	switch len(kernel) {
	case 0:
	case 1:
		s.kernel = kernel[0]
	default:
		return nil, fmt.Errorf("suite %s: the kernel file names %d packages, want one", name, len(kernel))
	}
	s.scripts, _ = filepath.Glob(filepath.Join(s.dir, "*.d"))
	sort.Strings(s.scripts)
	if len(s.packages) == 0 && len(s.scripts) == 0 {
		return nil, fmt.Errorf("suite %s has no tests: no _test.go, packages file or .d script", name)
	}
	return s, nil
}

// listFile reads one entry a line, without comments and blank lines; a missing file is empty.
func listFile(p string) ([]string, error) {
	b, err := os.ReadFile(p)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read suite: %w", err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out, nil
}

// builder runs the Go toolchain for the guest's architecture: static, cgo-free binaries.
type builder struct {
	root, goarch, out string
}

func (b *builder) goCmd(args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = b.root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+b.goarch)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return nil
}

// stripped makes the binaries smaller to load; the guest reports failures by test name, not
// by stack traces through symbols.
var stripped = []string{"-trimpath", "-ldflags=-s -w"}

func (b *builder) build(pkg, out string) error {
	return b.goCmd(append(append([]string{"build"}, stripped...), "-o", out, pkg)...)
}

func (b *builder) testBinary(pkg, out string) error {
	return b.goCmd(append(append([]string{"test", "-c", "-tags", "qemu"}, stripped...), "-o", out, pkg)...)
}

// initramfs assembles the guest's root: /init, the test binaries in /tests/NAME/ beside their
// package's testdata, the D scripts in /tests/d, /bin/dtrace (or /dtrace.missing saying why it
// did not build), the modules in /modules numbered in load order, the test binaries' flags in
// /tests/flags, the host programs at their host paths beside their shared libraries, and the
// suite's Go programs in /bin.
func initramfs(b *builder, s *suite, k *kernel, outPath string) (err error) {
	f, err := os.Create(outPath)
	if err != nil {
		return fmt.Errorf("initramfs: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("initramfs: %w", cerr)
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	c := &cpioWriter{w: w}
	for _, d := range []string{"bin", "dev", "proc", "sys", "tmp", "run", "tests", "modules"} {
		c.Dir(d)
	}
	// The kernel opens /dev/console for init's stdio before devtmpfs is mounted.
	c.CharDev("dev/console", 0o600, 5, 1)

	addBinary := func(name string, make func(string) error) error {
		p := filepath.Join(b.out, filepath.Base(name))
		if err := make(p); err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("initramfs: %w", err)
		}
		c.File(name, 0o755, data)
		return nil
	}
	if err := addBinary("init", func(p string) error { return b.build("./test/qemu/guestinit", p) }); err != nil {
		return err
	}
	if err := addBinary("bin/dtrace", func(p string) error { return b.build("./cmd/dtrace", p) }); err != nil {
		// A dtrace that does not build at the moment is reported by the tests that need it.
		fmt.Fprintf(os.Stderr, "vmrun: %v\n", err)
		c.File("dtrace.missing", 0o644, []byte("cmd/dtrace does not build: "+firstLines(err.Error(), 3)+"\n"))
	}
	// Traced programs keep their symbol table, which pid probes name functions by.
	for _, pkg := range s.programs {
		pkg = "./" + path.Clean(strings.TrimPrefix(pkg, "./"))
		if err := addBinary("bin/"+path.Base(pkg), func(p string) error {
			return b.goCmd("build", "-trimpath", "-o", p, pkg)
		}); err != nil {
			return err
		}
	}
	seen := map[string]bool{}
	for _, pkg := range s.packages {
		name := path.Base(pkg)
		if seen[name] {
			return fmt.Errorf("suite %s: two packages named %s", s.name, name)
		}
		seen[name] = true
		c.Dir("tests/" + name)
		if err := addBinary("tests/"+name+"/"+name+".test", func(p string) error { return b.testBinary(pkg, p) }); err != nil {
			return err
		}
		if err := addTree(c, filepath.Join(b.root, pkg, "testdata"), "tests/"+name+"/testdata"); err != nil {
			return err
		}
	}
	if len(s.scripts) > 0 {
		c.Dir("tests/d")
		for _, sc := range s.scripts {
			base := strings.TrimSuffix(filepath.Base(sc), ".d")
			for _, ext := range []string{".d", ".r", ".args", ".exit"} {
				data, err := os.ReadFile(filepath.Join(s.dir, base+ext))
				if os.IsNotExist(err) && ext != ".d" {
					continue
				}
				if err != nil {
					return fmt.Errorf("initramfs: %w", err)
				}
				c.File("tests/d/"+base+ext, 0o644, data)
			}
		}
	}
	if len(s.flags) > 0 {
		c.File(flagsFile, 0o644, []byte(strings.Join(s.flags, "\n")+"\n"))
	}
	if err := addHostPrograms(c, s.host); err != nil {
		return err
	}
	for i, m := range s.modules {
		p, err := k.findModule(m)
		if err != nil {
			return err
		}
		data, err := readModule(p)
		if err != nil {
			return err
		}
		c.File(fmt.Sprintf("modules/%02d-%s.ko", i, m), 0o644, data)
	}
	if err := c.Close(); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("initramfs: %w", err)
	}
	return nil
}

// addTree copies a folder into the archive, if it exists.
func addTree(c *cpioWriter, src, dst string) error {
	if !isDir(src) {
		return nil
	}
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("testdata: %w", err)
		}
		rel, _ := filepath.Rel(src, p)
		name := path.Join(dst, filepath.ToSlash(rel))
		if d.IsDir() {
			c.Dir(name)
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("testdata: %w", err)
		}
		perm := uint32(0o644)
		if fi, err := d.Info(); err == nil && fi.Mode()&0o111 != 0 {
			perm = 0o755
		}
		c.File(name, perm, data)
		return nil
	})
}

func firstLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " ")
}
