package kprobe

import (
	"sync"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/internal/ptregs"
	"github.com/godtrace/godtrace/provider"
)

// Funcs is the running kernel's traceable functions less the excluded
// ones, read once per process: fbt, rawfbt and the stable providers of
// every table share it.
var Funcs = sync.OnceValues(func() ([]Func, error) {
	fs, err := kernelFuncs()
	if err != nil {
		return nil, err
	}
	bl := kernelBlacklist()
	out := fs[:0]
	for _, f := range fs {
		if !Excluded(f.Name, bl) {
			out = append(out, f)
		}
	}
	return out, nil
})

// Traceable returns the traceable kernel functions the shell pattern
// names (compiler-made names such as finish_task_switch.isra.0
// included), in the order tracefs lists them, without the excluded ones.
// A pattern without glob characters is looked up, not matched against
// every function: the stable providers ask for dozens of names.
func Traceable(pattern string) ([]string, error) {
	names, err := traceableNames()
	if err != nil {
		return nil, err
	}
	if !provider.IsGlob(pattern) {
		if names.set[pattern] {
			return []string{pattern}, nil
		}
		return nil, nil
	}
	var out []string
	for _, n := range names.list {
		if provider.Gmatch(n, pattern) {
			out = append(out, n)
		}
	}
	return out, nil
}

// nameIndex is the names of funcs, each once, in order and as a set.
type nameIndex struct {
	list []string
	set  map[string]bool
}

var traceableNames = sync.OnceValues(func() (nameIndex, error) {
	var names nameIndex
	fs, err := Funcs()
	if err != nil {
		return names, err
	}
	names.set = make(map[string]bool, len(fs))
	for _, f := range fs {
		if !names.set[f.Name] {
			names.set[f.Name] = true
			names.list = append(names.list, f.Name)
		}
	}
	return names, nil
})

// MaxArgs is how many arguments the calling convention passes in
// registers, the ones an entry probe can give: six on x86-64, eight on
// arm64.
const MaxArgs = len(ptregs.CallArgs)

// argRegs are the pt_regs offsets of the argument registers.
var argRegs = ptregs.CallArgs

// LoadArgs copies a kprobe's arguments from the registers its
// context points at into args[]: on entry the six argument registers,
// on return the return value into args[0]; the rest are zeroed.
func LoadArgs(b *bpfrt.Builder, entry bool) {
	n := 1
	if entry {
		n = MaxArgs
		for i, off := range argRegs {
			b.Emit(
				asm.LoadMem(asm.R1, bpfrt.RegCtx, off, asm.DWord),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R1, asm.DWord))
		}
	} else {
		b.Emit(
			asm.LoadMem(asm.R1, bpfrt.RegCtx, ptregs.Ret, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(0), asm.R1, asm.DWord))
	}
	for i := n; i < bpfrt.NumArgs; i++ {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
	}
}
