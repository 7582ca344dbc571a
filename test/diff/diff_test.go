package diff

import (
	"bytes"
	"context"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testutil"
)

func TestMain(m *testing.M) { testutil.Main(m) }

// live skips under -short (the tests run dtrace, and are slower than a
// unit test) and requires root, and returns the built dtrace.
func live(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs dtrace on thousands of generated cases: not under -short")
	}
	testutil.RequireRoot(t)
	return testutil.Dtrace(t, filepath.Join("..", ".."))
}

// seeded returns the test's random source and its case count: DIFF_SEED
// and DIFF_CASES override the defaults, and the seed is logged so that a
// failure can be rerun.
func seeded(t *testing.T, defSeed int64, defCases int) (*rand.Rand, int) {
	t.Helper()
	seed, n := defSeed, defCases
	if s := os.Getenv("DIFF_SEED"); s != "" {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("DIFF_SEED: %v", err)
		}
		seed = v
	}
	if s := os.Getenv("DIFF_CASES"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("DIFF_CASES: %v", err)
		}
		n = v
	}
	t.Logf("seed %d, %d cases (DIFF_SEED, DIFF_CASES)", seed, n)
	return rand.New(rand.NewSource(seed)), n
}

// runD runs the D program src with dtrace -q and returns its stdout; a
// non-zero exit or anything on stderr fails the test.
func runD(t *testing.T, dtrace, src string, extra ...string) []byte {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "prog.d")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	args := append([]string{"-q"}, extra...)
	cmd := exec.CommandContext(ctx, dtrace, append(args, "-s", file)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	t.Logf("dtrace ran %d bytes of D in %v", len(src), time.Since(start).Round(time.Millisecond))
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("dtrace: %v\n%s\n(program kept in %s)", err, stderr.Bytes(), keep(t, src))
	}
	// dtrace ends its output with a newline of its own, as DTrace does.
	out, ok := bytes.CutSuffix(stdout.Bytes(), []byte("\n"))
	if !ok {
		t.Fatalf("dtrace's output does not end with a newline: %q", tail(stdout.Bytes()))
	}
	return out
}

// tail is the end of b, for messages.
func tail(b []byte) []byte {
	return b[max(0, len(b)-200):]
}

// keep saves a failing program where it outlives the test, for a rerun by
// hand.
func keep(t *testing.T, src string) string {
	f, err := os.CreateTemp("", "diff-*.d")
	if err != nil {
		return "nowhere: " + err.Error()
	}
	defer f.Close()
	f.WriteString(src)
	return f.Name()
}

// lines splits output into its lines, without the last newline.
func lines(b []byte) []string {
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// compare fails t for each line where got and want differ, naming the
// case that printed it, and for a different number of lines.
func compare(t *testing.T, what []string, got, want []string) {
	t.Helper()
	bad := 0
	for i := 0; i < len(what) && i < len(got) && i < len(want); i++ {
		if got[i] != want[i] {
			if bad++; bad <= 30 {
				t.Errorf("%s\n   dtrace: %q\n     want: %q", what[i], got[i], want[i])
			}
		}
	}
	if len(got) != len(what) || len(want) != len(what) {
		t.Errorf("%d cases, dtrace printed %d lines, the oracle %d", len(what), len(got), len(want))
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ", bad, len(what))
	}
}

// dquote quotes s as a D (and C) string literal.
func dquote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
