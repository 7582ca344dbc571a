package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/godtrace/godtrace/dtrace"
)

// header does -h: one header for every program, in -o's file or in the
// script's name with .h for .d, in the current directory.
func (c *command) header() {
	name := c.ofile
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(c.clauses[0].arg), ".d") + ".h"
	}
	var progs []*dtrace.Program
	for _, cl := range c.clauses {
		progs = append(progs, cl.prog)
	}
	f, err := os.Create(name)
	if err != nil {
		c.fatal("failed to open header file '%s'", name)
	}
	err = dtrace.WriteHeader(f, name, progs...)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		c.fatal("failed to create header file %s: %s", name, dtrace.ErrorText(err))
	}
}

// link does -G: an object for each program, named after its script (.o
// for .d) or d.out, or the -o file for a single program or all of them.
func (c *command) link() {
	if c.ofile != "" && len(c.clauses) > 1 {
		var progs []*dtrace.Program
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
		c.writeObject(name, cl, []*dtrace.Program{cl.prog})
	}
}

func (c *command) writeObject(name string, cl *clause, progs []*dtrace.Program) {
	what := "description"
	if cl.file {
		what = "script"
	}
	f, err := os.Create(name)
	if err != nil {
		c.fatal("failed to link %s %s: %s", what, cl.name(), dtrace.ErrorText(err))
	}
	err = dtrace.WriteObject(f, c.objects, progs...)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		c.fatal("failed to link %s %s: %s", what, cl.name(), dtrace.ErrorText(err))
	}
}
