package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestImageDepends(t *testing.T) {
	meta := "linux-image-6.12-amd64\n  Depends: linux-image-6.12.117+deb12-amd64\n"
	image := "linux-image-6.12.117+deb12-amd64\n  Depends: kmod\n  Depends: linux-base\n" +
		"  Depends: <initramfs-tools>\n  Recommends: firmware-linux-free\n  Breaks: <linux-image-6.12-amd64-unsigned>\n"
	for _, c := range []struct{ in, want string }{
		{meta, "linux-image-6.12.117+deb12-amd64"},
		{image, ""},
		{"", ""},
		{"linux-image-arm64:arm64\n  Depends: linux-image-6.1.0-57-arm64:arm64\n", "linux-image-6.1.0-57-arm64"},
	} {
		got, err := imageDepends(strings.NewReader(c.in))
		if err != nil || got != c.want {
			t.Errorf("imageDepends(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestPackageVersion(t *testing.T) {
	got, err := packageVersion(strings.NewReader("Package: linux-image-amd64\nSource: linux-signed-amd64 (6.1.192+3)\nVersion: 6.1.192-3\nInstalled-Size: 13\n"))
	if err != nil || got != "6.1.192-3" {
		t.Errorf("packageVersion = %q, %v", got, err)
	}
	if _, err := packageVersion(strings.NewReader("Package: x\n")); err == nil {
		t.Error("no Version field: want an error")
	}
}

func TestDebFor(t *testing.T) {
	debs := []string{"/d/linux-image-x_1%3a6.1-2_amd64.deb", "/d/linux-image-x_1%3a6.1-3_amd64.deb"}
	if got := debFor(debs, "1:6.1-2"); got != debs[0] {
		t.Errorf("debFor = %q", got)
	}
}

// fakeKernel lays out an unpacked kernel package with one plain and one xz-compressed module.
func fakeKernel(t *testing.T) *kernel {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"boot/vmlinuz-6.12.1-amd64":                          "kernel",
		"boot/config-6.12.1-amd64":                           "",
		"lib/modules/6.12.1-amd64/kernel/net/9p/9pnet.ko":    "\x7fELF 9pnet",
		"lib/modules/6.12.1-amd64/kernel/fs/9p/9p.ko.xz":     "",
		"lib/modules/6.12.1-amd64/kernel/drivers/virtio.txt": "",
	}
	writeFiles(t, root, files)
	k := &kernel{pkg: "linux-image-test", root: root}
	if err := k.locate(); err != nil {
		t.Fatal(err)
	}
	return k
}

func TestLocate(t *testing.T) {
	k := fakeKernel(t)
	if filepath.Base(k.image) != "vmlinuz-6.12.1-amd64" || filepath.Base(k.modules) != "6.12.1-amd64" {
		t.Errorf("image %q, modules %q", k.image, k.modules)
	}
	if err := (&kernel{root: t.TempDir()}).locate(); err == nil {
		t.Error("empty package: want an error")
	}
}

func TestFindModule(t *testing.T) {
	k := fakeKernel(t)
	p, err := k.findModule("9pnet")
	if err != nil || !strings.HasSuffix(p, "net/9p/9pnet.ko") {
		t.Errorf("findModule(9pnet) = %q, %v", p, err)
	}
	data, err := readModule(p)
	if err != nil || string(data) != "\x7fELF 9pnet" {
		t.Errorf("readModule = %q, %v", data, err)
	}
	if p, err := k.findModule("9p"); err != nil || !strings.HasSuffix(p, "fs/9p/9p.ko.xz") {
		t.Errorf("findModule(9p) = %q, %v", p, err)
	}
	if _, err := k.findModule("virtio"); err == nil {
		t.Error("findModule(virtio): want an error, there is no such module")
	}
}

func TestReadModuleXZ(t *testing.T) {
	if _, err := exec.LookPath("xz"); err != nil {
		t.Skip("xz is not installed (apt-get install xz-utils)")
	}
	p := filepath.Join(t.TempDir(), "m.ko")
	if err := os.WriteFile(p, []byte("\x7fELF module"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("xz", p).CombinedOutput(); err != nil {
		t.Fatalf("xz: %v: %s", err, out)
	}
	data, err := readModule(p + ".xz")
	if err != nil || !bytes.Equal(data, []byte("\x7fELF module")) {
		t.Errorf("readModule = %q, %v", data, err)
	}
}
