package dtrace

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/usdtgen"
)

// providers returns the USDT providers that progs define.
func providers(progs []*Program) []usdtgen.Provider {
	var out []usdtgen.Provider
	for _, p := range progs {
		for _, pi := range p.info.Providers {
			prov := usdtgen.Provider{Name: pi.Def.Name.Name}
			for _, pd := range pi.Probes {
				probe := usdtgen.Probe{Name: pd.Decl.Name.Name}
				for _, t := range pd.Args {
					a := usdtgen.Arg{Type: t.String()}
					switch {
					case ctype.IsString(t):
						a.Type, a.Size, a.Pointer = "char *", 8, true
					case ctype.IsPointer(t):
						a.Size, a.Pointer = 8, true
					case ctype.IsInteger(t):
						a.Size, a.Signed = int(t.Sizeof()), ctype.IsSigned(t)
					}
					probe.Args = append(probe.Args, a)
				}
				prov.Probes = append(prov.Probes, probe)
			}
			out = append(out, prov)
		}
	}
	return out
}

// WriteHeader writes the C header of the USDT providers progs define, as
// dtrace -h does; file is the header's name, which its include guard
// follows. The probe macros place stapsdt probe sites, which the usdt
// provider traces (see package usdtgen).
func WriteHeader(w io.Writer, file string, progs ...*Program) error {
	return usdtgen.WriteHeader(w, file, providers(progs))
}

// WriteObject writes the object file that dtrace -G makes for the USDT
// providers progs define, once it has checked that the objects a program
// is built from hold probe sites of them: the semaphores behind the
// is-enabled macros, which the program must link.
func WriteObject(w io.Writer, objects []string, progs ...*Program) error {
	provs := providers(progs)
	if err := usdtgen.Validate(provs); err != nil {
		return err
	}
	if err := usdtgen.CheckObjects(objects, provs); err != nil {
		return err
	}
	return usdtgen.WriteObject(w, provs)
}

// header does -h: one header for every program, in -o's file or in the
// script's name with .h for .d, in the current directory.
func (c *command) header() {
	name := c.ofile
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(c.clauses[0].arg), ".d") + ".h"
	}
	var progs []*Program
	for _, cl := range c.clauses {
		progs = append(progs, cl.prog)
	}
	f, err := os.Create(name)
	if err != nil {
		c.fatal("failed to open header file '%s'", name)
	}
	err = WriteHeader(f, name, progs...)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		c.fatal("failed to create header file %s: %s", name, errmsg(err))
	}
}

// link does -G: an object for each program, named after its script (.o
// for .d) or d.out, or the -o file for a single program or all of them.
func (c *command) link() {
	if c.ofile != "" && len(c.clauses) > 1 {
		var progs []*Program
		for _, cl := range c.clauses {
			progs = append(progs, cl.prog)
		}
		c.writeObject(c.ofile, &c.clauses[0], progs)
		return
	}
	for i := range c.clauses {
		cl := &c.clauses[i]
		name := c.ofile
		switch {
		case name != "":
		case cl.file && strings.HasSuffix(cl.arg, ".d"):
			name = strings.TrimSuffix(filepath.Base(cl.arg), ".d") + ".o"
		case len(c.clauses) > 1:
			name = fmt.Sprintf("d.out.%d", i)
		default:
			name = "d.out"
		}
		c.writeObject(name, cl, []*Program{cl.prog})
	}
}

func (c *command) writeObject(name string, cl *clause, progs []*Program) {
	what := "description"
	if cl.file {
		what = "script"
	}
	f, err := os.Create(name)
	if err != nil {
		c.fatal("failed to link %s %s: %s", what, cl.name(), errmsg(err))
	}
	err = WriteObject(f, c.objects, progs...)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		c.fatal("failed to link %s %s: %s", what, cl.name(), errmsg(err))
	}
}
