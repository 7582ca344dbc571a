package dtrace

import (
	"errors"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/provider"
)

// Merge joins programs compiled in the handle into one, their clauses in
// the order given, for Exec to enable together, as dtrace(8) enables every
// program of its command line at once. The joined declarations are checked
// again as one program, so that the clauses share their variables and
// aggregations; positions resolve in the last program's file, where the
// errors of that check are when the programs before it were merged
// already; each position names its own program's file (the handle's
// files are one set). One program is returned as it is.
func (h *Handle) Merge(progs ...*Program) (*Program, error) {
	if len(progs) == 0 {
		return nil, errors.New("dtrace: Merge of no programs")
	}
	for _, p := range progs {
		if err := h.program(p); err != nil {
			return nil, err
		}
	}
	if len(progs) == 1 {
		return progs[0], nil
	}
	last := progs[len(progs)-1]
	joined := &ast.Program{File: last.ast.File}
	for _, p := range progs {
		joined.Decls = append(joined.Decls, p.ast.Decls...)
	}
	info, err := check.Check(joined, &check.Config{Types: h.types(), Probes: probeInfo{h.table(), h.opts.Bool("zdefs")}, Options: h.opts, Symbol: kernelSymbol, Module: kernelModule})
	if err != nil {
		// A program given on the command line has no file name.
		return nil, h.wordError(err, last.ast.File == nil || last.ast.File.Name() == "")
	}
	return &Program{h: h, ast: joined, info: info}, nil
}

// Destructive reports whether the program uses destructive actions, which
// Exec refuses unless the destructive option (-w) is set.
func (p *Program) Destructive() bool { return p != nil && p.info != nil && p.info.Destructive }

// Matched returns the count of dtrace(8)'s "matched N probes" notice:
// as DTrace counts, each probe description of each clause adds the probes
// it matches, so three BEGIN clauses match 3 probes, not 1.
func (h *Handle) Matched(p *Program) (int, error) {
	probes, err := h.Matches(p)
	return len(probes), err
}

// Stability returns the program's stability report, as dtrace -v prints
// it: the least attribute of its clauses' probe descriptions, and the
// least of their statements. A program without clauses has D's default
// attribute, Stable/Stable/Common.
func (p *Program) Stability() (desc, stmt provider.Attr) {
	if p == nil || p.info == nil || len(p.info.Clauses) == 0 {
		return check.DefaultAttr, check.DefaultAttr
	}
	d, s := p.info.Clauses[0].DescAttr, p.info.Clauses[0].StmtAttr
	for _, ci := range p.info.Clauses[1:] {
		d, s = d.Min(ci.DescAttr), s.Min(ci.StmtAttr)
	}
	return d, s
}
