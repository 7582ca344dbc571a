package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/godtrace/godtrace/test/qemu/console"
)

func main() {
	timeout := flag.Duration("timeout", 10*time.Minute, "the longest the whole VM run may take")
	testTimeout := flag.Duration("test-timeout", 120*time.Second, "the longest one test binary or script may take")
	memory := flag.String("m", "1G", "the VM's memory, as qemu's -m")
	cpus := flag.Int("smp", 2, "the VM's CPUs")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: vmrun [flags] SUITE  (environment: ARCH, KERNEL_PKG)")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	start := time.Now()
	sum, err := run(flag.Arg(0), *timeout, *testTimeout, *memory, *cpus)
	if err != nil {
		fmt.Println(console.Result{Status: console.Fail, Name: "vm", Why: err.Error()})
		sum.Failed++
	}
	fmt.Printf("vmrun: total %.1fs\n", time.Since(start).Seconds())
	fmt.Println(sum)
	if sum.Failed > 0 || err != nil {
		os.Exit(1)
	}
}

// run boots the VM for suite and returns the results it saw; the error says why the run as a
// whole failed (a test failing is counted in the summary, not returned).
func run(suiteName string, timeout, testTimeout time.Duration, memory string, cpus int) (console.Summary, error) {
	var none console.Summary
	archName := envOr("ARCH", "amd64")
	a, ok := arches[archName]
	if !ok {
		return none, fmt.Errorf("unknown ARCH %q", archName)
	}
	root, err := os.Getwd()
	if err != nil {
		return none, err
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return none, fmt.Errorf("run from the module root: %w", err)
	}
	s, err := readSuite(root, suiteName)
	if err != nil {
		return none, err
	}
	if _, err := exec.LookPath(a.qemu); err != nil {
		return none, fmt.Errorf("%s is not installed (apt-get install %s): %w", a.qemu, a.qemuPkg, err)
	}
	cache, err := cacheDir()
	if err != nil {
		return none, err
	}
	k, err := fetchKernel(cache, kernelPackage(a, s))
	if err != nil {
		return none, err
	}
	work, err := os.MkdirTemp("", "godtrace-qemu-")
	if err != nil {
		return none, err
	}
	defer os.RemoveAll(work)
	b := &builder{root: root, goarch: a.goarch, out: work}
	initrd := filepath.Join(work, "initramfs.cpio")
	if keep := os.Getenv("KEEP_INITRAMFS"); keep != "" {
		initrd = keep
	}
	t0 := time.Now()
	if err := initramfs(b, s, k, initrd); err != nil {
		return none, err
	}
	kvm, err := useKVM(a.goarch)
	if err != nil {
		return none, err
	}
	cfg := vmConfig{arch: a, kvm: kvm, cpus: cpus, memory: memory,
		image: k.image, initrd: initrd, testTimeout: testTimeout.String()}
	fmt.Printf("vmrun: suite %s: %d Go packages, %d D scripts, %d modules; initramfs %s built in %.1fs\n",
		s.name, len(s.packages), len(s.scripts), len(s.modules), fileSize(initrd), time.Since(t0).Seconds())
	fmt.Printf("vmrun: kernel %s %s; %s\n", k.pkg, k.version, cfg)
	return boot(cfg, timeout)
}

// boot runs qemu, echoing its console and timing the boot, and returns the guest's results.
func boot(cfg vmConfig, timeout time.Duration) (console.Summary, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, cfg.arch.qemu, cfg.qemuArgs()...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return console.Summary{}, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return console.Summary{}, fmt.Errorf("start %s: %w", cfg.arch.qemu, err)
	}
	var initAt, firstAt time.Duration
	echo := &lineWatcher{w: os.Stdout, line: func(l string) {
		// Contains, not HasPrefix: the firmware's terminal escapes may lead the first line.
		if initAt == 0 && strings.Contains(l, "godtrace-qemu: init at ") {
			initAt = time.Since(start)
		}
	}}
	res, scanErr := console.Scan(stdout, echo, func(console.Result) {
		if firstAt == 0 {
			firstAt = time.Since(start)
		}
	})
	// After the summary the guest only powers off; drain its last words so qemu never blocks.
	var drained sync.WaitGroup
	drained.Go(func() { _, _ = io.Copy(io.Discard, stdout) })
	waitErr := waitGrace(cmd, ctx, 30*time.Second)
	drained.Wait()
	fmt.Printf("vmrun: boot to init %s, to first result %s, qemu ran %.1fs\n",
		seconds(initAt), seconds(firstAt), time.Since(start).Seconds())
	sum := res.Counted()
	switch err := res.Err(); {
	case ctx.Err() != nil:
		return sum, fmt.Errorf("timed out after %v: %v", timeout, err)
	case scanErr != nil:
		return sum, scanErr
	case res.Summary == nil && waitErr != nil:
		return sum, fmt.Errorf("%s: %w; %v", cfg.arch.qemu, waitErr, err)
	case err != nil && sum.Failed == 0:
		return sum, err
	}
	return sum, nil
}

// seconds formats a time since qemu started, or says the moment never came.
func seconds(d time.Duration) string {
	if d == 0 {
		return "never"
	}
	return fmt.Sprintf("%.1fs", d.Seconds())
}

// waitGrace waits for qemu to exit, killing it when it outlives the power-off by grace.
func waitGrace(cmd *exec.Cmd, ctx context.Context, grace time.Duration) error {
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(grace):
		_ = cmd.Process.Kill()
		return errors.Join(errors.New("qemu did not exit after the guest finished"), <-done)
	case <-ctx.Done():
		return <-done
	}
}

// lineWatcher passes console lines on and shows each to line; console.Scan writes one line a
// call.
type lineWatcher struct {
	w    io.Writer
	line func(string)
}

func (l *lineWatcher) Write(p []byte) (int, error) {
	l.line(strings.TrimRight(string(p), "\n"))
	return l.w.Write(p)
}

// kernelPackage is KERNEL_PKG, else the suite's choice, else the architecture's default
// metapackage; "$ARCH" in a suite's choice is the Debian architecture.
func kernelPackage(a arch, s *suite) string {
	if p := os.Getenv("KERNEL_PKG"); p != "" {
		return p
	}
	if s.kernel != "" {
		return strings.ReplaceAll(s.kernel, "$ARCH", a.goarch)
	}
	return a.kernel
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// cacheDir is where kernels are kept between runs.
func cacheDir() (string, error) {
	dir := "/var/cache/godtrace-qemu"
	if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
		dir = filepath.Join(x, "godtrace-qemu")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("cache: %w", err)
	}
	return dir, nil
}
