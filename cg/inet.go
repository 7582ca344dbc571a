package cg

import (
	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/format"
)

// inet_ntoa(), inet_ntoa6() and inet_ntop() are converted by the
// consumer: the clause records the address bytes and the consumer prints
// their text, which keeps the text conversion (and its IPv6 zero-run
// compression) out of the BPF program and its verifier time. The cost is
// that their value exists only in output: as the argument of trace() or
// printf() they work, anywhere else (a variable, a comparison, a key)
// code generation refuses them as not supported yet. Computing them in
// BPF, as DTrace for Linux does, would lift that limit.

// inetCall returns the kind and the size of the address that a call of
// e to one of the address conversions records, and the address argument.
func (g *gen) inetCall(e ast.Expr) (Kind, int, ast.Expr, bool) {
	call, ok := unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return 0, 0, nil, false
	}
	switch {
	case isCall(call, "inet_ntoa"):
		return KindInet4, 4, call.Args[0], true
	case isCall(call, "inet_ntoa6"):
		return KindInet6, 16, call.Args[0], true
	case isCall(call, "inet_ntop") && len(call.Args) == 2:
		ti := g.typeOf(call.Args[0])
		switch {
		case ti.Const && ti.Value == format.AFInet:
			return KindInet4, 4, call.Args[1], true
		case ti.Const && ti.Value == format.AFInet6:
			return KindInet6, 16, call.Args[1], true
		}
		g.unsupported(call, "inet_ntop() of an address family that is not AF_INET or AF_INET6")
	}
	return 0, 0, nil, false
}

// recordInet records the address bytes of an address conversion.
func (g *gen) recordInet(act bpfrt.Action, kind Kind, size int, addr ast.Expr) {
	g.expr(addr)
	off := g.record(act, size, 8, kind, -1)
	g.readMem(int(g.stageOff(off)), size)
}
