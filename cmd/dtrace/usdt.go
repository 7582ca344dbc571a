package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

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
		c.writeObject(c.ofile, &c.clauses[0], c.clauses[0].name(), progs)
		return
	}
	for i := range c.clauses {
		cl := &c.clauses[i]
		name, label := c.ofile, cl.name()
		switch {
		case name != "":
		case cl.file && strings.HasSuffix(cl.arg, ".d"):
			name = strings.TrimSuffix(filepath.Base(cl.arg), ".d") + ".o"
			// DTrace strips the suffix off the script's own name to
			// make the object's, and its errors then name it so.
			label = strings.TrimSuffix(cl.arg, ".d")
		case len(c.clauses) > 1:
			name = fmt.Sprintf("d.out.%d", i)
		default:
			name = "d.out"
		}
		c.writeObject(name, cl, label, []*dtrace.Program{cl.prog})
	}
}

// writeObject writes the object of progs to name; label names the
// program in errors. With the ldpath option, the object is then linked
// by that link editor (ldpath -o NAME -r OBJECT, through the shell, as
// DTrace runs ld to link its DOF object), so a linker of the user's
// choice makes the final object.
func (c *command) writeObject(name string, cl *clause, label string, progs []*dtrace.Program) {
	what := "description"
	if cl.file {
		what = "script"
	}
	ld := c.h.Options().Text("ldpath")
	out := name
	if ld != "" {
		tmp, err := os.CreateTemp("", "dtrace-*.o")
		if err != nil {
			c.fatal("failed to link %s %s: %s", what, label, dtrace.ErrorText(err))
		}
		tmp.Close()
		out = tmp.Name()
		defer os.Remove(out)
	}
	f, err := os.Create(out)
	if err != nil {
		c.fatal("failed to link %s %s: %s", what, label, dtrace.ErrorText(err))
	}
	err = dtrace.WriteObject(f, c.objects, progs...)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && ld != "" {
		err = linkWith(ld, name, out, c.stderr)
	}
	if err != nil {
		os.Remove(out)
		os.Remove(name)
		c.fatal("failed to link %s %s: %s", what, label, dtrace.ErrorText(err))
	}
}

// linkWith runs the link editor ld to make the relocatable object name of
// obj, its messages (and the shell's) going to stderr, and words its
// failure as DTrace does.
func linkWith(ld, name, obj string, stderr io.Writer) error {
	cmd := exec.Command("/bin/sh", "-c", ld+" -o "+shellQuote(name)+" -r "+shellQuote(obj))
	cmd.Stdout, cmd.Stderr = stderr, stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exit) && exit.Exited():
		return fmt.Errorf("failed to link %s: %s exited with status %d", name, ld, exit.ExitCode())
	case errors.As(err, &exit):
		sig := -1
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok {
			sig = int(ws.Signal())
		}
		return fmt.Errorf("failed to link %s: %s failed due to signal %d", name, ld, sig)
	}
	return fmt.Errorf("failed to run %s: %w", ld, err)
}

// shellQuote quotes s as one word of the shell.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
