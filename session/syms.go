package session

import (
	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/ksym"
)

// kernelSyms resolves kernel addresses for stack() with the kernel's
// symbol table.
type kernelSyms struct{ t *ksym.Table }

func (k kernelSyms) Kernel(addr uint64) (format.Symbol, bool) {
	s, _, ok := k.t.Lookup(addr)
	if !ok {
		return format.Symbol{}, false
	}
	return format.Symbol{Module: s.Module, Name: s.Name, Addr: s.Addr}, true
}

// User resolves nothing yet: no clause records user addresses.
func (kernelSyms) User(int, uint64) (format.Symbol, bool) { return format.Symbol{}, false }

// needsSymbols reports whether prog records kernel addresses, so that
// the symbol table, which takes time to read, is loaded only then.
func needsSymbols(prog *cg.Program) bool {
	for _, c := range prog.Clauses {
		for _, r := range c.Stmt.Recs {
			if k := cg.RecKind(r); (k == cg.KindStack || k == cg.KindSym || k == cg.KindMod) && (r.Action == cg.ActTrace || r.Action == cg.ActArg) {
				return true
			}
		}
	}
	for _, a := range prog.Aggs {
		for _, k := range a.Keys {
			if k.Kind == cg.KindStack || k.Kind == cg.KindSym || k.Kind == cg.KindMod {
				return true
			}
		}
	}
	return false
}
