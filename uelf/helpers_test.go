package uelf

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	buildMu   sync.Mutex
	buildDir  string
	buildDone = map[string]string{}
)

// build compiles testdata/src with gcc and the given flags, once per
// combination, and returns the binary.
func build(t *testing.T, src string, flags ...string) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	key := src + " " + filepath.Join(flags...)
	if bin, ok := buildDone[key]; ok {
		return bin
	}
	if buildDir == "" {
		d, err := os.MkdirTemp("", "uelftest")
		if err != nil {
			t.Fatal(err)
		}
		buildDir = d
	}
	bin := filepath.Join(buildDir, src[:len(src)-2]+"-"+string(rune('a'+len(buildDone))))
	args := append(append([]string{}, flags...), "-o", bin, filepath.Join("testdata", src))
	if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %v: %v\n%s", args, err, out)
	}
	buildDone[key] = bin
	return bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// requireSDTHeader skips t, with the reason, when gcc cannot find
// <sys/sdt.h> (Debian's systemtap-sdt-dev, which .ci/run installs).
func requireSDTHeader(t *testing.T) {
	t.Helper()
	cmd := exec.Command("gcc", "-E", "-x", "c", "-o", os.DevNull, "-")
	cmd.Stdin = strings.NewReader("#include <sys/sdt.h>\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("needs <sys/sdt.h> (apt-get install systemtap-sdt-dev): %v\n%s", err, out)
	}
}
