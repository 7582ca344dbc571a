package main

import (
	"fmt"
	"os"
	"runtime"
	"strings"

	"golang.org/x/sys/unix"
)

// arch is what differs between the guest architectures the harness knows.
type arch struct {
	goarch  string
	qemu    string // the emulator binary
	qemuPkg string // the Debian package that has it
	kernel  string // the kernel metapackage
	console string // the serial console device on the kernel command line
	machine []string
}

var arches = map[string]arch{
	"amd64": {goarch: "amd64", qemu: "qemu-system-x86_64", qemuPkg: "qemu-system-x86",
		kernel: "linux-image-amd64", console: "ttyS0"},
	"arm64": {goarch: "arm64", qemu: "qemu-system-aarch64", qemuPkg: "qemu-system-arm",
		kernel: "linux-image-arm64", console: "ttyAMA0", machine: []string{"-machine", "virt"}},
}

// useKVM decides the accelerator: ACCEL=kvm or ACCEL=tcg forces one; otherwise KVM is used
// when the guest is of the host's architecture, the CPU advertises virtualisation (vmx, svm)
// and /dev/kvm opens and creates a VM. The CPU flag matters: a nested host can offer a
// /dev/kvm that creates VMs and then stalls them, as on the machine this harness was built on.
func useKVM(goarch string) (bool, error) {
	switch a := os.Getenv("ACCEL"); a {
	case "kvm":
		return true, nil
	case "tcg":
		return false, nil
	case "", "auto":
	default:
		return false, fmt.Errorf("ACCEL=%s: want kvm, tcg or auto", a)
	}
	if goarch != runtime.GOARCH {
		return false, nil
	}
	if cpuinfo, err := os.ReadFile("/proc/cpuinfo"); err != nil || !hasVirtFlag(string(cpuinfo)) {
		return false, nil
	}
	fd, err := unix.Open("/dev/kvm", unix.O_RDWR|unix.O_CLOEXEC, 0)
	if err != nil {
		return false, nil
	}
	defer unix.Close(fd)
	const kvmCreateVM = 0xAE01 // _IO(KVMIO, 0x01)
	vm, err := unix.IoctlRetInt(fd, kvmCreateVM)
	if err != nil {
		return false, nil
	}
	unix.Close(vm)
	return true, nil
}

// hasVirtFlag says whether /proc/cpuinfo text lists hardware virtualisation among the flags.
func hasVirtFlag(cpuinfo string) bool {
	for _, line := range strings.Split(cpuinfo, "\n") {
		name, flags, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(name) != "flags" {
			continue
		}
		for _, f := range strings.Fields(flags) {
			if f == "vmx" || f == "svm" {
				return true
			}
		}
	}
	return false
}

// vmConfig is one boot of the test VM.
type vmConfig struct {
	arch        arch
	kvm         bool
	cpus        int
	memory      string
	image       string
	initrd      string
	testTimeout string
}

// qemuArgs is the qemu command line: no disk, no network, no display, the serial console on
// stdout, and an exit instead of a reboot so that power-off and panic both end qemu.
//
// Software emulation runs every vCPU in one host thread (thread=single): with a thread per
// vCPU, the guest's own code patching (jump labels, static calls and int3 breakpoints that
// attaching tracepoints and kprobes toggle) now and then left a vCPU running stale code, and
// the guest livelocked or crashed in the patched function (syscall_trace_enter, __schedule)
// in about one run in ten. One thread keeps the guest's SMP semantics, a little slower.
func (c vmConfig) qemuArgs() []string {
	accel, cpu := "tcg,thread=single", "max"
	if c.kvm {
		accel, cpu = "kvm", "host"
	}
	args := append([]string{}, c.arch.machine...)
	args = append(args,
		"-accel", accel, "-cpu", cpu,
		"-smp", fmt.Sprint(c.cpus), "-m", c.memory,
		"-nodefaults", "-nographic", "-serial", "stdio", "-no-reboot",
		"-kernel", c.image, "-initrd", c.initrd,
		"-append", strings.Join(c.kernelArgs(), " "))
	return args
}

// kernelArgs: quiet keeps boot messages off the console, panic=-1 turns a dead init into an
// immediate exit, and GTQ_TIMEOUT reaches init as an environment variable.
func (c vmConfig) kernelArgs() []string {
	return []string{"console=" + c.arch.console, "quiet", "panic=-1", "rdinit=/init",
		"GTQ_TIMEOUT=" + c.testTimeout}
}

func (c vmConfig) String() string {
	accel := "software emulation (tcg)"
	if c.kvm {
		accel = "KVM"
	}
	return fmt.Sprintf("%s, %s, -smp %d -m %s", c.arch.qemu, accel, c.cpus, c.memory)
}

func fileSize(p string) string {
	fi, err := os.Stat(p)
	if err != nil {
		return "?"
	}
	return fmt.Sprintf("%.1f MiB", float64(fi.Size())/(1<<20))
}
