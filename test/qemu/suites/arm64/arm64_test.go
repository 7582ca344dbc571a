//go:build qemu

package arm64

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"
)

// helperEnv makes this test binary, run by dtrace -c, the traced program
// instead of the tests: the VM has no other arm64 program.
const helperEnv = "GTQ_ARM64_HELPER"

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "":
		os.Exit(m.Run())
	case "write":
		// openat(AT_FDCWD, "/dev/null", ...) then write(fd, buf, 7777).
		f, err := os.OpenFile("/dev/null", os.O_WRONLY, 0)
		if err == nil {
			f.Write(make([]byte, 7777))
			f.Close()
		}
	case "args":
		println(helperArgs(3, 4, 5))
	case "spin":
		for end := time.Now().Add(1500 * time.Millisecond); time.Now().Before(end); {
		}
	}
	os.Exit(0)
}

// helperArgs is a pid probe's target: Go's register ABI passes its
// integers in x0, x1, x2 on arm64, as the C ABI does.
//
//go:noinline
func helperArgs(a, b, c int) int { return a*100 + b*10 + c }

// dtrace runs the static dtrace with this binary as its -c command, in
// mode helper, and returns its standard output.
func dtrace(t *testing.T, helper, script string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "/bin/dtrace", "-q", "-c", self, "-n", script)
	cmd.Env = append(os.Environ(), helperEnv+"="+helper)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("dtrace: %v\nstdout:\n%s\nstderr:\n%s", err, out, stderr.String())
	}
	return string(out)
}

func wantLines(t *testing.T, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w+"\n") {
			t.Errorf("no line %q in dtrace's output:\n%s", w, out)
		}
	}
}

// A system call's arguments come from orig_x0 and x1-x5, its number from
// syscallno, its return value on syscall:::return: openat's path (the
// second argument) and write's length and result.
func TestSyscall(t *testing.T) {
	if _, err := os.Stat("/bin/dtrace"); err != nil {
		t.Skip("no /bin/dtrace: see /dtrace.missing")
	}
	out := dtrace(t, "write", `
syscall::openat:entry /pid == $target && copyinstr(arg1) == "/dev/null"/ { printf("openat %s\n", copyinstr(arg1)); }
syscall::write:entry /pid == $target && arg2 == 7777/ { printf("write %d\n", arg2); self->w = 1; }
syscall::write:return /self->w/ { printf("return %d %d\n", arg0, arg1); self->w = 0; }`)
	wantLines(t, out, "openat /dev/null", "write 7777", "return 7777 7777")
}

// pid probes on a Go function of this binary, named by its absolute
// address (the VM's test binaries are stripped: there is no symbol to name
// it by): its arguments in x0-x2, uregs[] by arm64's names (a user-mode
// PSTATE, a stack pointer, the PC at the function).
func TestPid(t *testing.T) {
	if _, err := os.Stat("/bin/dtrace"); err != nil {
		t.Skip("no /bin/dtrace: see /dtrace.missing")
	}
	// A static executable, not position-independent: the child has the
	// function where this process has it.
	addr := reflect.ValueOf(helperArgs).Pointer()
	out := dtrace(t, "args", fmt.Sprintf(`
pid$target::-:%x {
	printf("args %%d %%d %%d\n", arg0, arg1, arg2);
	printf("el0 %%d sp %%d pc %%d\n", (uregs[R_PSTATE] & 0xf) == 0, uregs[R_SP] != 0, uregs[R_PC] == %#x);
	printf("fp %%d lr %%d\n", uregs[R_FP] == uregs[R_X29], uregs[R_X30] != 0);
}`, addr, addr))
	wantLines(t, out, "args 3 4 5", "el0 1 sp 1 pc 1", "fp 1 lr 1")
}

// profile tells a user-mode sample (arg1, PSTATE's EL0) from a kernel one.
func TestProfile(t *testing.T) {
	if _, err := os.Stat("/bin/dtrace"); err != nil {
		t.Skip("no /bin/dtrace: see /dtrace.missing")
	}
	out := dtrace(t, "spin", `
profile-997 /pid == $target && arg0 == 0 && arg1 != 0/ { u = 1; }
END { printf("user %d\n", u); }`)
	wantLines(t, out, "user 1")
}
