// Command guestinit is the init process of the test VM: it owns everything that happens inside
// the guest, from mounting the kernel's filesystems to powering the machine off.
//
// Built static (CGO_ENABLED=0) and placed at /init in the initramfs by vmrun, it mounts proc,
// sysfs, devtmpfs, tmpfs, debugfs, tracefs and bpffs, loads the suite's kernel modules from
// /modules, runs every Go test binary under /tests and every D script under /tests/d with a
// timeout, writes one result line per test and the closing summary on the serial console in
// the protocol of package console, and powers off.
//
// Settings come from the kernel command line, which the kernel hands to init as environment:
// GTQ_TIMEOUT is the time one test binary or script may take (a Go duration, default 120s).
package main
