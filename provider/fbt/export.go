package fbt

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
)

// What other providers build on kernel functions (the stable providers'
// probes that no tracepoint serves) take from this one: the list of
// traceable functions, and the arguments of a kprobe.

// Traceable returns the traceable kernel functions the shell pattern
// names (compiler-made names such as finish_task_switch.isra.0
// included), in the order tracefs lists them, without the excluded ones.
func Traceable(pattern string) ([]string, error) {
	fs, err := funcs()
	if err != nil {
		return nil, err
	}
	var out []string
	seen := map[string]bool{}
	for _, f := range fs {
		if !seen[f.Name] && provider.Gmatch(f.Name, pattern) {
			seen[f.Name] = true
			out = append(out, f.Name)
		}
	}
	return out, nil
}

// LoadKprobeArgs copies a kprobe's arguments from the registers its
// context points at into args[]: on entry the six argument registers,
// on return the return value into args[0]; the rest are zeroed.
func LoadKprobeArgs(b *bpfrt.Builder, entry bool) {
	n := 1
	if entry {
		n = maxArgs
		for i, off := range argRegs {
			b.Emit(
				asm.LoadMem(asm.R1, bpfrt.RegCtx, off, asm.DWord),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R1, asm.DWord))
		}
	} else {
		b.Emit(
			asm.LoadMem(asm.R1, bpfrt.RegCtx, regAX, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(0), asm.R1, asm.DWord))
	}
	for i := n; i < bpfrt.NumArgs; i++ {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
	}
}
