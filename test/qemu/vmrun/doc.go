// Command vmrun is the host side of the test VM: it owns everything from a suite's name to the
// verdict, and test/qemu/run is its front door.
//
//	vmrun [-timeout 10m] [-test-timeout 120s] [-m 1G] [-smp 2] SUITE
//
// It fetches the kernel from Debian's packages (KERNEL_PKG, default the package that
// linux-image-$ARCH depends on; ARCH defaults to amd64) into a cache (/var/cache/godtrace-qemu,
// or $XDG_CACHE_HOME/godtrace-qemu), builds the static guest init, the suite's Go test binaries
// and cmd/dtrace, packs them with the suite's D scripts and kernel modules into an initramfs,
// boots it in qemu (KVM when /dev/kvm works, software emulation otherwise), echoes the serial
// console, enforces the overall timeout, and ends with "N passed, M failed" and exit status 1
// when anything failed or the guest never finished.
package main
