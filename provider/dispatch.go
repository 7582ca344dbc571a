package provider

import (
	"slices"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
)

// Dispatch emits a binary search of R9 over keys, which ascend, jumping
// to targets[i] when R9 is keys[i] and to the program's exit when it is
// none of them. It is how a unit serving many probes from one program
// (by attach cookie or syscall number) finds the probe that fired in
// log2(n) jumps, which the verifier walks far faster than a chain.
func Dispatch(b *bpfrt.Builder, keys []int32, targets []string) {
	if len(keys) == 1 {
		b.Emit(asm.JNE.Imm(asm.R9, keys[0], b.ExitLabel()), asm.Ja.Label(targets[0]))
		return
	}
	mid := len(keys) / 2
	upper := b.Label("dispatch_ge")
	b.Emit(asm.JGE.Imm(asm.R9, keys[mid], upper))
	Dispatch(b, keys[:mid], targets[:mid])
	b.Mark(upper)
	Dispatch(b, keys[mid:], targets[mid:])
}

// FireGroups emits the firing of probes, entered at entries[i] for
// probes[i]. Probes that run the same clauses share one
// bpfrt.Builder.FireGroup block, so the verifier checks those clause
// calls once instead of once per probe. Like FireGroup, it must be
// emitted where control does not fall through into it.
func FireGroups(b *bpfrt.Builder, probes []Enabled, entries []string, phase Phase) {
	for _, g := range SameClauses(probes) {
		refs := make([]bpfrt.ProbeRef, len(g))
		labels := make([]string, len(g))
		for k, i := range g {
			refs[k], labels[k] = probes[i].Probe.Ref(), entries[i]
		}
		b.FireGroup(refs, labels, phase.Activity(), probes[g[0]].Stmts)
	}
}

// SameClauses splits probes into the sets that run the same clauses, and
// returns each set as indices in probes, ascending; the sets come in the
// order of their first probes.
func SameClauses(probes []Enabled) [][]int {
	var groups [][]int
	for i, p := range probes {
		g := slices.IndexFunc(groups, func(g []int) bool { return slices.Equal(probes[g[0]].Stmts, p.Stmts) })
		if g < 0 {
			groups = append(groups, nil)
			g = len(groups) - 1
		}
		groups[g] = append(groups[g], i)
	}
	return groups
}
