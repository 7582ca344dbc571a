package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/test/qemu/console"
)

// Where vmrun puts things in the initramfs.
const (
	testsDir      = "/tests"
	modulesDir    = "/modules"
	dtraceBin     = "/bin/dtrace"
	dtraceMissing = "/dtrace.missing" // why the host could not build dtrace, when it could not
	flagsFile     = "/tests/flags"    // arguments for every Go test binary, one a line
)

// readFlags reads the suite's flags for the Go test binaries: one a line, none when the file
// is absent.
func readFlags(p string) ([]string, error) {
	b, err := os.ReadFile(p)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read flags: %w", err)
	}
	var flags []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			flags = append(flags, l)
		}
	}
	return flags, nil
}

func main() {
	out := os.Stdout
	if os.Getpid() != 1 {
		fmt.Fprintln(os.Stderr, "guestinit: not process 1; this is the test VM's init and would power the machine off")
		os.Exit(2)
	}
	fmt.Fprintf(out, "godtrace-qemu: init at %ss uptime\n", uptime())
	timeout := 120 * time.Second
	if v := os.Getenv("GTQ_TIMEOUT"); v != "" {
		if d, err := time.ParseDuration(v); err == nil && d > 0 {
			timeout = d
		} else {
			fmt.Fprintf(out, "godtrace-qemu: bad GTQ_TIMEOUT %q, using %v\n", v, timeout)
		}
	}
	r := &runner{out: out, timeout: timeout, grace: 10 * time.Second}
	err := setup(out)
	if err == nil {
		r.flags, err = readFlags(flagsFile)
	}
	if err != nil {
		r.report(console.Result{Status: console.Fail, Name: "setup", Why: err.Error()})
	} else {
		runSuite(r)
	}
	fmt.Fprintln(out, r.summary.String())
	powerOff(out)
}

func runSuite(r *runner) {
	bins, scripts, err := suiteTests(testsDir)
	if err != nil {
		r.report(console.Result{Status: console.Fail, Name: "suite", Why: err.Error()})
		return
	}
	for _, b := range bins {
		r.goTest(b)
	}
	for _, s := range scripts {
		r.dScript(dtraceBin, s)
	}
}

// setup gives the tests the machine they expect: the kernel's filesystems mounted where tools
// look for them, the suite's modules loaded, no memlock limit for BPF maps, and a PATH.
func setup(out io.Writer) error {
	mounts := []struct{ fstype, dir string }{
		{"proc", "/proc"},
		{"sysfs", "/sys"},
		{"devtmpfs", "/dev"},
		{"tmpfs", "/tmp"},
		{"tmpfs", "/run"},
		{"debugfs", "/sys/kernel/debug"},
		{"tracefs", "/sys/kernel/tracing"},
		{"bpf", "/sys/fs/bpf"},
	}
	for _, m := range mounts {
		if m.fstype == "proc" && procMounted {
			continue
		}
		if err := os.MkdirAll(m.dir, 0o755); err != nil {
			return fmt.Errorf("mkdir %s: %w", m.dir, err)
		}
		if err := unix.Mount(m.fstype, m.dir, m.fstype, 0, ""); err != nil && err != unix.EBUSY {
			return fmt.Errorf("mount %s on %s: %w", m.fstype, m.dir, err)
		}
	}
	inf := unix.Rlimit{Cur: unix.RLIM_INFINITY, Max: unix.RLIM_INFINITY}
	if err := unix.Setrlimit(unix.RLIMIT_MEMLOCK, &inf); err != nil {
		return fmt.Errorf("setrlimit memlock: %w", err)
	}
	os.Setenv("PATH", "/bin")
	os.Setenv("HOME", "/tmp")
	os.Setenv("TMPDIR", "/tmp")
	if err := loopbackUp(); err != nil {
		return err
	}
	return loadModules(out)
}

// loopbackUp brings the loopback interface up, as a booted system has it,
// for tests that talk over 127.0.0.1 and ::1; the VM has no other network.
func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("loopback: %w", err)
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return fmt.Errorf("loopback: %w", err)
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return fmt.Errorf("loopback flags: %w", err)
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	if err := unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr); err != nil {
		return fmt.Errorf("loopback up: %w", err)
	}
	return nil
}

// loadModules loads /modules/*.ko in name order: vmrun numbers them so that a module comes
// after those it depends on.
func loadModules(out io.Writer) error {
	mods, err := filepath.Glob(filepath.Join(modulesDir, "*.ko"))
	if err != nil {
		return fmt.Errorf("list modules: %w", err)
	}
	sort.Strings(mods)
	for _, m := range mods {
		f, err := os.Open(m)
		if err != nil {
			return fmt.Errorf("open module: %w", err)
		}
		err = unix.FinitModule(int(f.Fd()), "", 0)
		f.Close()
		if err != nil && err != unix.EEXIST {
			return fmt.Errorf("load module %s: %w", filepath.Base(m), err)
		}
		fmt.Fprintf(out, "godtrace-qemu: loaded %s\n", filepath.Base(m))
	}
	return nil
}

// procMounted records that uptime mounted /proc, which it needs before setup runs.
var procMounted bool

func uptime() string {
	if err := os.MkdirAll("/proc", 0o755); err != nil {
		return "?"
	}
	if err := unix.Mount("proc", "/proc", "proc", 0, ""); err != nil {
		return "?"
	}
	procMounted = true
	b, err := os.ReadFile("/proc/uptime")
	if err != nil {
		return "?"
	}
	up, _, _ := strings.Cut(string(b), " ")
	return up
}

func powerOff(out io.Writer) {
	unix.Sync()
	if err := unix.Reboot(unix.LINUX_REBOOT_CMD_POWER_OFF); err != nil {
		fmt.Fprintf(out, "godtrace-qemu: power off: %v\n", err)
	}
	// Returning from init panics the kernel, which with panic=-1 and qemu's -no-reboot also
	// ends the VM: the fallback when power-off is refused.
}
