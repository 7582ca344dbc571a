// Package arm64 is the test VM's arm64 suite (ARCH=arm64 test/qemu/run
// arm64): the static arm64 dtrace on Debian's arm64 kernel under
// qemu-system-aarch64. Its D scripts and pidtarget are the scripted
// checks; its Go tests (arm64_test.go) run dtrace with this test binary
// as the -c program: a system call's arguments and return value, a pid
// probe at a Go function's absolute address with arm64's uregs[] names,
// profile's user PC.
//
// Its tests carry the build tag qemu, so that "go test ./..." on the host
// leaves them alone.
package arm64
