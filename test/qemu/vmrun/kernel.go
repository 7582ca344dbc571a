package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// kernel is an unpacked Debian kernel package in the cache.
type kernel struct {
	pkg, version string
	root         string // where the package is unpacked
	image        string // boot/vmlinuz-*
	modules      string // lib/modules/RELEASE
}

// imageDepends returns the linux-image package that a metapackage depends on, from the output
// of "apt-cache depends PKG", or "" when PKG is itself a kernel image (whose dependencies are
// tools like kmod, never another linux-image).
func imageDepends(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		dep, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "Depends: ")
		if ok && strings.HasPrefix(dep, "linux-image-") {
			// A foreign architecture's package (dpkg --add-architecture arm64)
			// is listed as NAME:ARCH; the bare name finds it in apt and names
			// its .deb.
			dep, _, _ = strings.Cut(strings.Trim(dep, "<>"), ":")
			return dep, nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("read apt-cache depends: %w", err)
	}
	return "", nil
}

// packageVersion finds the Version field in "apt-cache show --no-all-versions PKG" output.
func packageVersion(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "Version: "); ok {
			return strings.TrimSpace(v), nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("read apt-cache show: %w", err)
	}
	return "", fmt.Errorf("no Version field")
}

func command(name string, args ...string) ([]byte, error) {
	var stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// resolveKernel follows metapackages (linux-image-amd64, linux-image-cloud-amd64) down to the
// image package that holds a kernel, and returns its name and candidate version.
func resolveKernel(pkg string) (name, version string, err error) {
	for range 4 {
		out, err := command("apt-cache", "depends", pkg)
		if err != nil {
			return "", "", err
		}
		dep, err := imageDepends(bytes.NewReader(out))
		if err != nil {
			return "", "", err
		}
		if dep == "" {
			break
		}
		pkg = dep
	}
	out, err := command("apt-cache", "show", "--no-all-versions", pkg)
	if err != nil {
		return "", "", err
	}
	v, err := packageVersion(bytes.NewReader(out))
	if err != nil {
		return "", "", fmt.Errorf("apt-cache show %s: %w", pkg, err)
	}
	return pkg, v, nil
}

// fetchKernel returns the unpacked kernel package, downloading it with apt-get and unpacking it
// with dpkg-deb only when the cache does not hold that version yet.
func fetchKernel(cache, pkg string) (*kernel, error) {
	name, version, err := resolveKernel(pkg)
	if err != nil {
		// A suite's kernel may be newer than the package lists that
		// test/qemu/run found sufficient for the default one.
		fmt.Fprintf(os.Stderr, "vmrun: %s not found, running apt-get update\n", pkg)
		if _, uerr := command("apt-get", "update", "-qq"); uerr != nil {
			return nil, fmt.Errorf("find kernel package %s: %w (apt-get update: %w)", pkg, err, uerr)
		}
		name, version, err = resolveKernel(pkg)
	}
	if err != nil {
		return nil, fmt.Errorf("find kernel package %s: %w", pkg, err)
	}
	k := &kernel{pkg: name, version: version, root: filepath.Join(cache, "kernel", name+"_"+version)}
	if err := k.locate(); err == nil {
		return k, nil
	}
	dl := filepath.Join(cache, "download")
	if err := os.MkdirAll(dl, 0o755); err != nil {
		return nil, fmt.Errorf("kernel cache: %w", err)
	}
	fmt.Fprintf(os.Stderr, "vmrun: downloading %s %s\n", name, version)
	cmd := exec.Command("apt-get", "download", "-o", "APT::Sandbox::User=root", name+"="+version)
	cmd.Dir = dl
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("apt-get download %s: %w: %s", name, err, out)
	}
	debs, _ := filepath.Glob(filepath.Join(dl, name+"_*.deb"))
	if len(debs) == 0 {
		return nil, fmt.Errorf("apt-get download %s left no .deb in %s", name, dl)
	}
	tmp := k.root + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return nil, fmt.Errorf("kernel cache: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(tmp), 0o755); err != nil {
		return nil, fmt.Errorf("kernel cache: %w", err)
	}
	if _, err := command("dpkg-deb", "-x", debFor(debs, version), tmp); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, k.root); err != nil {
		return nil, fmt.Errorf("kernel cache: %w", err)
	}
	for _, d := range debs {
		os.Remove(d)
	}
	return k, k.locate()
}

// debFor picks the .deb of the wanted version among those downloaded; apt writes the ':' of an
// epoch as "%3a" in the file name.
func debFor(debs []string, version string) string {
	v := strings.ReplaceAll(version, ":", "%3a")
	for _, d := range debs {
		if strings.Contains(filepath.Base(d), "_"+v+"_") {
			return d
		}
	}
	return debs[len(debs)-1]
}

// locate finds the kernel image and the module tree in an unpacked package.
func (k *kernel) locate() error {
	images, _ := filepath.Glob(filepath.Join(k.root, "boot", "vmlinu[xz]-*"))
	if len(images) != 1 {
		return fmt.Errorf("%s: want one boot/vmlinuz-*, found %d", k.root, len(images))
	}
	k.image = images[0]
	release := strings.TrimPrefix(filepath.Base(k.image), "vmlinuz-")
	release = strings.TrimPrefix(release, "vmlinux-")
	for _, lib := range []string{"lib", "usr/lib"} {
		if d := filepath.Join(k.root, lib, "modules", release); isDir(d) {
			k.modules = d
		}
	}
	return nil
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// findModule returns the file of module name (as modprobe spells it; '-' and '_' are one) in
// the kernel's module tree, compressed or not.
func (k *kernel) findModule(name string) (string, error) {
	if k.modules == "" {
		return "", fmt.Errorf("module %s: %s has no module tree", name, k.pkg)
	}
	want := strings.ReplaceAll(name, "-", "_")
	var found string
	err := filepath.WalkDir(filepath.Join(k.modules, "kernel"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || found != "" {
			return err
		}
		base := d.Name()
		for _, ext := range []string{".ko", ".ko.xz", ".ko.zst", ".ko.gz"} {
			if strings.HasSuffix(base, ext) && strings.ReplaceAll(strings.TrimSuffix(base, ext), "-", "_") == want {
				found = p
			}
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("module %s: %w", name, err)
	}
	if found == "" {
		return "", fmt.Errorf("module %s not in %s", name, k.pkg)
	}
	return found, nil
}

// readModule returns a module's ELF bytes, decompressing with the tool Debian uses for it, so
// that the guest loads it with plain finit_module whatever its kernel's decompression support.
func readModule(p string) ([]byte, error) {
	switch {
	case strings.HasSuffix(p, ".xz"):
		return command("xz", "-dc", p)
	case strings.HasSuffix(p, ".zst"):
		return command("zstd", "-dc", p)
	case strings.HasSuffix(p, ".gz"):
		return command("gzip", "-dc", p)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("read module: %w", err)
	}
	return b, nil
}
