package main

import (
	"strings"
	"testing"
)

func TestQemuArgs(t *testing.T) {
	c := vmConfig{arch: arches["amd64"], cpus: 2, memory: "1G", image: "/k/vmlinuz", initrd: "/w/initramfs.cpio", testTimeout: "2m0s"}
	want := "-accel tcg,thread=single -cpu max -smp 2 -m 1G -nodefaults -nographic -serial stdio -no-reboot " +
		"-kernel /k/vmlinuz -initrd /w/initramfs.cpio " +
		"-append console=ttyS0 quiet panic=-1 rdinit=/init GTQ_TIMEOUT=2m0s"
	if got := strings.Join(c.qemuArgs(), " "); got != want {
		t.Errorf("amd64 tcg:\n got %s\nwant %s", got, want)
	}
	c.arch, c.kvm = arches["arm64"], true
	got := strings.Join(c.qemuArgs(), " ")
	if !strings.HasPrefix(got, "-machine virt -accel kvm -cpu host ") || !strings.Contains(got, "console=ttyAMA0 ") {
		t.Errorf("arm64 kvm: %s", got)
	}
}

func TestHasVirtFlag(t *testing.T) {
	for in, want := range map[string]bool{
		"processor\t: 0\nflags\t\t: fpu vme de pse tsc msr vmx ssse3\n": true,
		"flags\t\t: fpu svm\n":                              true,
		"flags\t\t: fpu vme hypervisor\nvmx flags\t: ept\n": false,
		"": false,
	} {
		if got := hasVirtFlag(in); got != want {
			t.Errorf("hasVirtFlag(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestUseKVMOverride(t *testing.T) {
	t.Setenv("ACCEL", "tcg")
	if kvm, err := useKVM("amd64"); kvm || err != nil {
		t.Errorf("ACCEL=tcg: %v, %v", kvm, err)
	}
	t.Setenv("ACCEL", "kvm")
	if kvm, err := useKVM("amd64"); !kvm || err != nil {
		t.Errorf("ACCEL=kvm: %v, %v", kvm, err)
	}
	t.Setenv("ACCEL", "hvf")
	if _, err := useKVM("amd64"); err == nil {
		t.Error("ACCEL=hvf: want an error")
	}
	t.Setenv("ACCEL", "")
	if kvm, _ := useKVM("riscv64"); kvm {
		t.Error("a foreign guest architecture cannot use KVM")
	}
}
