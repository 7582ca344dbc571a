// Package fbt is the test VM's fbt suite: it owns the checks that the VM's kernel offers what an
// fbt provider attaches with (kprobes, kprobe.multi, fentry), and that the static dtrace binary
// runs there.
//
// Its tests carry the build tag qemu, so that "go test ./..." on a host whose kernel lacks
// kprobes does not run them; test/qemu/run fbt builds them with -tags qemu and runs them inside
// the VM.
package fbt
