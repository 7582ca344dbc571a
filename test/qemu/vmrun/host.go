package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"strings"
)

// flagsFile is where the initramfs holds the suite's flags, one a line: guestinit passes them to
// every Go test binary.
const flagsFile = "tests/flags"

// addHostPrograms copies host programs (a suite's "host" file, such as /usr/bin/bpftrace, for
// comparisons) into the archive at their host paths, with the shared libraries and the dynamic
// loader ldd finds for them, each at its host path too. A program the host does not have is
// left out, with a note: the test that runs it skips.
func addHostPrograms(c *cpioWriter, progs []string) error {
	dirs := map[string]bool{}
	add := func(p string, perm uint32) error {
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("host program: %w", err)
		}
		var parents []string
		for d := path.Dir(p); d != "/" && !dirs[d]; d = path.Dir(d) {
			parents = append(parents, d)
		}
		for i := len(parents) - 1; i >= 0; i-- {
			dirs[parents[i]] = true
			c.Dir(strings.TrimPrefix(parents[i], "/"))
		}
		c.File(strings.TrimPrefix(p, "/"), perm, data)
		return nil
	}
	added := map[string]bool{}
	for _, prog := range progs {
		if _, err := os.Stat(prog); err != nil {
			fmt.Fprintf(os.Stderr, "vmrun: host program %s left out: %v\n", prog, err)
			continue
		}
		out, err := exec.Command("ldd", prog).Output()
		if err != nil {
			return fmt.Errorf("ldd %s: %w", prog, err)
		}
		libs, err := parseLdd(strings.NewReader(string(out)))
		if err != nil {
			return fmt.Errorf("ldd %s: %w", prog, err)
		}
		for _, p := range append([]string{prog}, libs...) {
			if added[p] {
				continue
			}
			added[p] = true
			if err := add(p, 0o755); err != nil {
				return err
			}
		}
	}
	return nil
}

// parseLdd returns the absolute paths of the libraries in ldd's output: "name => /path (addr)"
// lines and the loader's "/path (addr)" line; the vDSO has no file and is skipped, and a library
// ldd cannot find is an error.
func parseLdd(r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if name, file, ok := strings.Cut(line, "=>"); ok {
			file = strings.TrimSpace(file)
			if strings.HasPrefix(file, "not found") {
				return nil, fmt.Errorf("library %s not found", strings.TrimSpace(name))
			}
			line = file
		}
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], "/") {
			out = append(out, f[0])
		}
	}
	return out, sc.Err()
}
