package check

import (
	"testing"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/ctype/btfsrc"
	"github.com/godtrace/godtrace/d/parser"
)

const oneLiner = "syscall::openat:entry { trace(curthread->real_parent->comm); }"

func compileOne(b *testing.B, u *ctype.Universe) {
	prog, err := parser.ParseFile("-n", []byte(oneLiner), &parser.Config{IsType: IsType(u)})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := Check(prog, &Config{Types: u}); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkOneLinerCold parses and checks a one-line script against a
// fresh BTF source each time: the kernel spec is decoded (shared, as in a
// process), but no kernel type has been converted yet.
func BenchmarkOneLinerCold(b *testing.B) {
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		b.Skipf("no kernel BTF: %v", err)
	}
	for b.Loop() {
		compileOne(b, ctype.NewUniverse(nil, ctype.NewC(), ctype.NewD(256), btfsrc.New("vmlinux", spec)))
	}
}

// BenchmarkOneLinerWarm checks the same script against the process-wide
// kernel source, whose types are already converted.
func BenchmarkOneLinerWarm(b *testing.B) {
	k, err := btfsrc.Kernel()
	if err != nil {
		b.Skipf("no kernel BTF: %v", err)
	}
	u := ctype.NewUniverse(btfsrc.Module, ctype.NewC(), ctype.NewD(256), k)
	compileOne(b, u)
	for b.Loop() {
		compileOne(b, u)
	}
}
