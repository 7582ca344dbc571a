package unittest

// TestD builds cmd/dtrace once and runs every case under test/unittest/AREA/
// through it, one subtest per case named AREA/NAME (go test -run
// 'TestD/syntax/tst.foo' selects one).
//
// A case tst.NAME.d runs as "dtrace [ARGS] -s tst.NAME.d [NAME.args]" from
// its area folder, with stdin from /dev/null and a 30s timeout:
//   - ARGS are the non-blank lines of the area's ARGS file, if any, e.g. -e
//     for areas that only compile;
//   - tst.NAME.args holds further arguments, one per line, after the script
//     (macro arguments, -c CMD, ...);
//   - what dtrace printed — stdout, then "-- @@stderr --" and stderr when
//     stderr is not empty — must equal tst.NAME.r, or be empty when there is
//     no .r file;
//   - the exit status must be the number in tst.NAME.exit, 0 without one.
//
// A case err.D_TAG.NAME.d runs with -xerrtags added; it must exit with 1
// (or what err.D_TAG.NAME.exit says) and print [D_TAG] on stderr, and its
// output must equal err.D_TAG.NAME.r when that exists. Other err.NAME.d
// cases expect exit status 1 and compare with their .r file.
//
// Output is normalised before comparing, on both sides, as the conformance
// suite's run.sh does: hex numbers become {ptr}, "at BPF pc N" becomes
// "at BPF pc NNN", the CPU column of default and flow-indented probe lines
// becomes C, and the lines are sorted — unless the script contains
// "@@nosort", which compares in order. In a script containing "@@ids" the
// probe ID column of -l listings and the probe ID of fault messages become
// ID. A script containing a line
// with "@@skip: REASON" is skipped with that reason (for features not built
// yet; to be used sparingly). An err.* case whose error comes from code
// generation (dtrace -e runs it) says "@@codegen", so that d/check's runner
// of the same cases, which only checks, leaves it out.
//
// TestConformance runs the cases of test/conformance (recorded/, the output
// DTrace for Linux printed, and beyond/) the same way; each mismatch fails.
// With DTRACE_CONFORMANCE=report it only logs them and sums up, and
// DTRACE_CONFORMANCE_DIR runs another folder of such cases.
//
// Both need root, as dtrace does: under -short a normal user skips them.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testutil"
)

// dtrace builds cmd/dtrace the first time it is asked for, as the static
// binary users get.
func dtrace(t *testing.T) string {
	t.Helper()
	return testutil.Dtrace(t, filepath.Join("..", ".."))
}

func TestMain(m *testing.M) { testutil.Main(m) }

// testCase is one D script with its expectations.
type testCase struct {
	dir, name string // folder, and file name without .d
	args      []string
	script    string
	strict    bool // no .r file means no output, and err.* without .exit means 1
}

func TestD(t *testing.T) {
	testutil.RequireRoot(t)
	areas, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	bin := dtrace(t)
	for _, area := range areas {
		if !area.IsDir() || area.Name() == "testdata" {
			continue
		}
		t.Run(area.Name(), func(t *testing.T) {
			lines, err := readLines(filepath.Join(area.Name(), "ARGS"))
			if err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatal(err)
			}
			// Blank lines in ARGS are layout; in NAME.args they are
			// empty arguments.
			var extra []string
			for _, l := range lines {
				if l != "" {
					extra = append(extra, l)
				}
			}
			for _, tc := range cases(t, area.Name(), extra, true) {
				t.Run(tc.name, func(t *testing.T) {
					if why := tc.check(t, bin); why != "" {
						t.Error(why)
					}
				})
			}
		})
	}
}

func TestConformance(t *testing.T) {
	testutil.RequireRoot(t)
	report := os.Getenv("DTRACE_CONFORMANCE") == "report"
	dir := os.Getenv("DTRACE_CONFORMANCE_DIR")
	if dir == "" {
		dir = filepath.Join("..", "conformance")
	}
	bin := dtrace(t)
	pass, fail := 0, 0
	for _, sub := range []string{"recorded", "beyond"} {
		d := filepath.Join(dir, sub)
		if _, err := os.Stat(d); err != nil {
			t.Fatalf("conformance cases: %v", err)
		}
		t.Run(sub, func(t *testing.T) {
			for _, tc := range cases(t, d, nil, false) {
				t.Run(tc.name, func(t *testing.T) {
					why := tc.check(t, bin)
					switch {
					case why == "":
						pass++
					case !report:
						fail++
						t.Error(why)
					default:
						fail++
						t.Log(why)
					}
				})
			}
		})
	}
	t.Logf("conformance: %d passed, %d failed", pass, fail)
}

// cases lists the D test cases of a folder, sorted by name.
func cases(t *testing.T, dir string, extra []string, strict bool) []testCase {
	files, err := filepath.Glob(filepath.Join(dir, "*.d"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var out []testCase
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".d")
		if !strings.HasPrefix(name, "tst.") && !strings.HasPrefix(name, "err.") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		args := append([]string(nil), extra...)
		if tag := errTag(name); tag != "" {
			args = append(args, "-xerrtags")
		}
		args = append(args, "-s", name+".d")
		more, err := readLines(filepath.Join(dir, name+".args"))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		out = append(out, testCase{dir: dir, name: name, args: append(args, more...), script: string(src), strict: strict})
	}
	return out
}

// errTag returns D_TAG for a case named err.D_TAG.NAME.
func errTag(name string) string {
	rest, ok := strings.CutPrefix(name, "err.")
	if !ok || !strings.HasPrefix(rest, "D_") {
		return ""
	}
	tag, _, _ := strings.Cut(rest, ".")
	return tag
}

var skipRE = regexp.MustCompile(`@@skip: *(.*)`)

// check runs one case and returns what was wrong, or "".
func (tc *testCase) check(t *testing.T, bin string) string {
	if m := skipRE.FindStringSubmatch(tc.script); m != nil {
		t.Skip(strings.TrimSpace(m[1]))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, tc.args...)
	cmd.Dir = tc.dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	status := 0
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		return fmt.Sprintf("dtrace %s: timed out after 30s", strings.Join(tc.args, " "))
	case errors.As(err, &ee):
		status = ee.ExitCode()
	case err != nil:
		return fmt.Sprintf("dtrace %s: %v", strings.Join(tc.args, " "), err)
	}
	got := stdout.String()
	if stderr.Len() > 0 {
		got += "-- @@stderr --\n" + stderr.String()
	}

	var why []string
	wantStatus := 0
	if strings.HasPrefix(tc.name, "err.") {
		wantStatus = 1
	}
	if !tc.strict {
		wantStatus = 0
	}
	if b, err := os.ReadFile(filepath.Join(tc.dir, tc.name+".exit")); err == nil {
		if wantStatus, err = strconv.Atoi(strings.TrimSpace(string(b))); err != nil {
			return fmt.Sprintf("bad %s.exit: %v", tc.name, err)
		}
	}
	if status != wantStatus {
		why = append(why, fmt.Sprintf("exit status %d, want %d", status, wantStatus))
	}
	if tag := errTag(tc.name); tag != "" && !strings.Contains(stderr.String(), "["+tag+"]") {
		why = append(why, "no ["+tag+"] on stderr")
	}
	want, err := os.ReadFile(filepath.Join(tc.dir, tc.name+".r"))
	switch {
	case err == nil:
	case errors.Is(err, os.ErrNotExist) && tc.strict:
		want = nil
	case errors.Is(err, os.ErrNotExist):
		want = []byte(got) // the conformance suite compares only what it recorded
	default:
		return err.Error()
	}
	sorted := !strings.Contains(tc.script, "@@nosort")
	ids := strings.Contains(tc.script, "@@ids")
	if w, g := normalise(string(want), sorted, ids), normalise(got, sorted, ids); w != g {
		why = append(why, "output differs (- want, + got):\n"+diff(w, g))
	}
	if len(why) == 0 {
		return ""
	}
	return fmt.Sprintf("dtrace %s (in %s): %s", strings.Join(tc.args, " "), tc.dir, strings.Join(why, "; "))
}

var (
	ptrRE   = regexp.MustCompile(`0x[0-9a-f]+`)
	bpfPcRE = regexp.MustCompile(`at BPF pc [0-9]+`)
	cpuRE   = regexp.MustCompile(`^( *)[0-9]+( +[0-9]+ +[^ ]*:[^ ]+)`)
	flowRE  = regexp.MustCompile(`^( *)[0-9]+( \| )`)
	idRE    = regexp.MustCompile(`^ *[0-9]+( +[a-z0-9_-]+ )`)
	faultRE = regexp.MustCompile(`for probe ID [0-9]+ `)
)

// normalise rewrites what varies from run to run, as run.sh does.
func normalise(s string, sorted, ids bool) string {
	if s == "" {
		return ""
	}
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		l = ptrRE.ReplaceAllString(l, "{ptr}")
		if loc := bpfPcRE.FindStringIndex(l); loc != nil {
			l = l[:loc[0]] + "at BPF pc NNN" + l[loc[1]:]
		}
		l = cpuRE.ReplaceAllString(l, "${1}C${2}")
		l = flowRE.ReplaceAllString(l, "${1}C${2}")
		if ids {
			l = idRE.ReplaceAllString(l, "ID${1}")
			l = faultRE.ReplaceAllString(l, "for probe ID ID ")
		}
		lines[i] = l
	}
	if sorted {
		sort.Strings(lines)
	}
	return strings.Join(lines, "\n") + "\n"
}

// diff shows the lines that differ between want and got, in order, marked
// - and +, with the lines they share unmarked.
func diff(want, got string) string {
	a := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
	b := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if want == "" {
		a = nil
	}
	if got == "" {
		b = nil
	}
	if len(a)*len(b) > 4_000_000 {
		return "want:\n" + want + "got:\n" + got
	}
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	lcs := make([][]int, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			fmt.Fprintf(&out, "   %s\n", a[i])
			i, j = i+1, j+1
		case j < len(b) && (i == len(a) || lcs[i][j+1] >= lcs[i+1][j]):
			fmt.Fprintf(&out, " + %s\n", b[j])
			j++
		default:
			fmt.Fprintf(&out, " - %s\n", a[i])
			i++
		}
	}
	return out.String()
}

// readLines returns the lines of a file, without their newlines.
func readLines(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil, nil
	}
	return strings.Split(s, "\n"), nil
}

func TestNormalise(t *testing.T) {
	for _, tc := range []struct {
		in, want  string
		sort, ids bool
	}{
		{"b\na\n", "a\nb\n", true, false},
		{"b\na\n", "b\na\n", false, false},
		{"", "", true, false},
		{"no newline", "no newline\n", false, false},
		{"ptr 0xffff8881deadbeef and 0x0\n", "ptr {ptr} and {ptr}\n", false, false},
		{"error at BPF pc 184\n", "error at BPF pc NNN\n", false, false},
		{"  1      1                           :BEGIN \n", "  C      1                           :BEGIN \n", false, false},
		{" 12  12345                       read:entry x\n", " C  12345                       read:entry x\n", false, false},
		{"  0 | open:entry\n", "  C | open:entry\n", false, false},
		{"    1     dtrace          BEGIN\n", "ID     dtrace          BEGIN\n", false, true},
		{"    1     dtrace          BEGIN\n", "    1     dtrace          BEGIN\n", false, false},
		{"dtrace: error in dt_clause_0 for probe ID 479 (syscall:vmlinux:openat:entry): x\n", "dtrace: error in dt_clause_0 for probe ID ID (syscall:vmlinux:openat:entry): x\n", false, true},
	} {
		if got := normalise(tc.in, tc.sort, tc.ids); got != tc.want {
			t.Errorf("normalise(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

func TestDiff(t *testing.T) {
	got := diff("a\nb\nc\n", "a\nx\nc\nd\n")
	want := "   a\n + x\n - b\n   c\n + d\n"
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
	if got := diff("", "x\n"); got != " + x\n" {
		t.Errorf("diff from nothing: %q", got)
	}
}

func TestErrTag(t *testing.T) {
	for name, want := range map[string]string{
		"err.D_SYNTAX.bad-token": "D_SYNTAX",
		"err.D_PRAGMA_OPTSET.x":  "D_PRAGMA_OPTSET",
		"err.bad-option":         "",
		"tst.D_SYNTAX":           "",
	} {
		if got := errTag(name); got != want {
			t.Errorf("errTag(%q) = %q; want %q", name, got, want)
		}
	}
}
