package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/dtrace"

	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
)

// The exit statuses of dtrace(8).
const (
	exitSuccess = 0
	exitError   = 1
	exitUsage   = 2
)

// mode is what a dtrace(8) invocation does; -G, -h, -l and -V each choose
// one, and only one may be given.
type mode int

const (
	modeExec mode = iota
	modeVersion
	modeLink
	modeList
	modeHeader
)

// clause is one program given on the command line, by -s or by one of the
// probe-specifier options, compiled in command-line order.
type clause struct {
	file bool
	id   bool // given by -i, which names a probe by its ID
	spec dtrace.Spec
	arg  string
	prog *dtrace.Program
}

// command is one run of the dtrace(8) command line.
type command struct {
	pname          string
	stdout, stderr io.Writer
	h              *dtrace.Handle

	mode     mode
	ilp32    bool
	exec     bool
	verbose  int
	noOutput bool
	ofile    string
	clauses  []clause
	// interrupted is closed by the first SIGINT or SIGTERM of a run
	// (see catchSignals); nil when nothing is traced.
	interrupted chan struct{}
	// merged is the clauses' programs checked as one, when there are
	// several.
	merged *dtrace.Program
	// args are the macro arguments, $0 first; objects are the object
	// files that -G links, which take the place of the arguments.
	args    []string
	objects []string
}

// exit ends a command early with a status, once its message is printed.
type exit int

// Main runs the dtrace(8) command line argv (argv[0] is the command's own
// name) and returns its exit status: 0 on success, 1 on an error, 2 on a
// usage error.
func Main(argv []string, stdout, stderr io.Writer) (status int) {
	// Messages always say "dtrace:", whatever the binary is called:
	// scripts and tests match DTrace's output, and a renamed or side-by-side
	// build (dtrace-test, /tmp/dt) must print the same bytes.
	c := &command{stdout: stdout, stderr: stderr, exec: true, pname: "dtrace"}
	nameThreads(c.pname)
	// Errors end the command from deep in its passes, as DTrace's fatal()
	// does; the panic carries only the exit status and stops here.
	defer func() {
		r := recover()
		if c.h != nil {
			// As dtrace_close() does: kill what -c started, let go
			// what -p grabbed.
			c.h.Close()
		}
		if e, ok := r.(exit); ok {
			status = int(e)
		} else if r != nil {
			panic(r)
		}
	}()
	c.run(argv)
	return exitSuccess
}

// fatal prints "dtrace: MESSAGE" and ends the command with status 1.
func (c *command) fatal(format string, args ...any) {
	c.warn(format, args...)
	panic(exit(exitError))
}

func (c *command) warn(format string, args ...any) {
	fmt.Fprintf(c.stderr, "%s: %s\n", c.pname, strings.TrimSuffix(fmt.Sprintf(format, args...), "\n"))
}

// usage prints a message and the usage text and ends with status 2.
func (c *command) usage(msg string) {
	if msg != "" {
		c.warn("%s", msg)
	}
	usage(c.stderr, c.pname)
	panic(exit(exitUsage))
}

// usageError ends the command with status 2 after a message alone.
func (c *command) usageError(format string, args ...any) {
	c.warn(format, args...)
	panic(exit(exitUsage))
}

func (c *command) run(argv []string) {
	if len(argv) < 2 {
		c.usage("")
	}
	flags, words, err := getopt(argv[1:])
	if err != nil {
		c.usage(err.Error())
	}
	c.args = append([]string{argv[0]}, words...)
	c.firstPass(flags)
	if c.mode == modeVersion {
		fmt.Fprintf(c.stdout, "%s: %s\n", c.pname, dtrace.Version)
		if c.verbose > 0 {
			fmt.Fprintf(c.stdout, "This is godtrace, DTrace for Linux in Go\n")
		}
		return
	}

	if c.ilp32 {
		c.fatal("failed to initialize dtrace: %v", dtrace.NotSupported("32-bit D programs (-32)"))
	}
	c.h = dtrace.Open()
	if c.mode == modeExec && c.exec || c.mode == modeList {
		// Checked first, as DTrace checks when it opens: the providers
		// and the kernel would each refuse in words of their own.
		if err := dtrace.CheckPrivileges(); err != nil {
			c.fatal("failed to initialize dtrace: %s", dtrace.ErrorText(err))
		}
	}
	if c.mode == modeExec && c.exec {
		defer c.catchSignals()()
	}
	opts := c.h.Options()
	// dtrace(8), not the library, makes the buffers 4m by default.
	opts.Set("bufsize", "4m")
	opts.Set("aggsize", "4m")
	for _, d := range option.Defs() {
		if v, ok := os.LookupEnv("DTRACE_OPT_" + strings.ToUpper(d.Name)); ok {
			// As in DTrace, a bad value in the environment is ignored.
			_ = opts.SetArg(d.Name + "=" + v)
		}
	}
	switch c.mode {
	case modeLink, modeHeader, modeList:
		// -G, -h and -l imply -Z.
		opts.Set("zdefs", "")
	}
	if c.mode == modeLink {
		c.objects, c.args = c.args[1:], c.args[:1]
	}
	c.secondPass(flags)
	if _, ok := os.LookupEnv("_DTRACE_TESTING"); ok {
		c.h.SetTesting(true)
		opts.Set("quietresize", "")
	}
	c.thirdPass(flags)
	progs := make([]*dtrace.Program, len(c.clauses))
	for i := range c.clauses {
		c.compile(&c.clauses[i])
		progs[i] = c.clauses[i].prog
		if i > 0 {
			// Each program is checked with those before it, which are
			// enabled with it: a conflict is the later one's error.
			var err error
			if c.merged, err = c.h.Merge(progs[:i+1]...); err != nil {
				c.compileFailed(&c.clauses[i], err)
			}
		}
	}
	// An option accepted but of no effect here is said once, whether
	// -x, the environment or a pragma set it, never taken silently.
	for _, name := range opts.Ineffective() {
		c.warn("option %s has no effect on Linux", name)
	}
	c.finish()
}

// firstPass reads the options that choose the mode.
func (c *command) firstPass(flags []flag) {
	modes := 0
	for _, f := range flags {
		switch f.letter {
		case '3', '6':
			c.ilp32 = f.letter == '3'
		case 'e':
			c.exec = false
		case 'h':
			c.mode, c.exec = modeHeader, false
			modes++
		case 'G':
			c.mode, c.exec = modeLink, false
			modes++
		case 'l':
			c.mode = modeList
			modes++
		case 'V':
			c.mode = modeVersion
			modes++
		case 'v':
			c.verbose++
		}
	}
	if modes > 1 {
		c.usageError("only one of the [-GhlV] options can be specified at a time")
	}
}

// secondPass applies the options that set DTrace options and collects the
// programs, in command-line order.
func (c *command) secondPass(flags []flag) {
	opts := c.h.Options()
	// Option letters without an argument turn an option on.
	set := func(name string, letter byte) {
		if err := opts.Set(name, ""); err != nil {
			c.fatal("failed to set -%c: %s", letter, dtrace.ErrorText(err))
		}
	}
	// An option letter's argument is always a value, even when empty.
	setArg := func(name string, f flag) {
		if err := opts.SetArg(name + "=" + f.arg); err != nil {
			c.fatal("failed to set -%c %s: %s", f.letter, f.arg, dtrace.ErrorText(err))
		}
	}
	for _, f := range flags {
		switch f.letter {
		case 'b':
			setArg("bufsize", f)
		case 'B':
			c.noOutput = true
		case 'C':
			set("cpp", 'C')
		case 'D':
			setArg("define", f)
		case 'f':
			c.clauses = append(c.clauses, clause{spec: dtrace.SpecFunction, arg: f.arg})
		case 'F':
			set("flowindent", 'F')
		case 'H':
			set("cpphdrs", 'H')
		case 'i':
			c.clauses = append(c.clauses, clause{spec: dtrace.SpecName, arg: f.arg, id: true})
		case 'n':
			c.clauses = append(c.clauses, clause{spec: dtrace.SpecName, arg: f.arg})
		case 'I':
			setArg("incdir", f)
		case 'L':
			setArg("libdir", f)
		case 'm':
			c.clauses = append(c.clauses, clause{spec: dtrace.SpecModule, arg: f.arg})
		case 'o':
			c.ofile = f.arg
		case 'P':
			c.clauses = append(c.clauses, clause{spec: dtrace.SpecProvider, arg: f.arg})
		case 'q':
			set("quiet", 'q')
		case 's':
			c.clauses = append(c.clauses, clause{file: true, arg: f.arg})
		case 'S':
			set("verbose", 'S')
		case 'U':
			setArg("undef", f)
		case 'w':
			set("destructive", 'w')
		case 'x':
			name, _, _ := strings.Cut(f.arg, "=")
			if err := opts.SetArg(f.arg); err != nil {
				c.fatal("failed to set -x %s: %s", name, dtrace.ErrorText(err))
			}
		case 'X':
			setArg("stdc", f)
		case 'Z':
			set("zdefs", 'Z')
		}
	}
	if c.noOutput && c.mode != modeExec {
		c.usageError("-B not valid in combination with [-Gl] options")
	}
	if c.noOutput && c.ofile != "" {
		c.usageError("-B not valid in combination with -o option")
	}
}

// thirdPass creates the processes of -c and grabs those of -p, stopped
// until tracing is active; each sets $target for the programs compiled
// after it, as DTrace creates them before it compiles.
func (c *command) thirdPass(flags []flag) {
	for _, f := range flags {
		switch f.letter {
		case 'c':
			argv := strings.Fields(f.arg)
			if len(argv) == 0 {
				argv = []string{f.arg}
			}
			if _, err := c.h.CreateProcess(argv); err != nil {
				c.fatal("%s", err)
			}
		case 'p':
			pid, err := strconv.ParseInt(f.arg, 10, 32)
			if err != nil {
				c.fatal("invalid pid: %s\n", f.arg)
			}
			if _, err := c.h.GrabProcess(int(pid)); err != nil {
				c.fatal("%s", err)
			}
		}
	}
}

// compile compiles one clause, reporting failure as dtrace(8) does.
func (c *command) compile(cl *clause) {
	var err error
	if !cl.file {
		text := cl.arg
		if cl.id {
			// -i names a probe by its ID, which is the description of
			// that probe for the compiler.
			p, err := c.h.ProbeByID(cl.arg)
			switch {
			case err != nil:
				c.fatal("invalid probe specifier %s: %s", cl.arg, dtrace.ErrorText(err))
			case p != nil:
				text = p.Desc.String()
			}
		}
		if cl.prog, err = c.h.CompileString(text, cl.spec, c.args); err != nil {
			c.compileFailed(cl, err)
		}
		return
	}
	f, err := os.Open(cl.arg)
	if err != nil {
		c.fatal("failed to open %s: %s", cl.arg, dtrace.ErrorText(err))
	}
	defer f.Close()
	args := append([]string{cl.arg}, c.args[1:]...)
	// The preprocessor's messages go where dtrace's own do.
	opts := &dtrace.CompileOptions{Args: args, CppStderr: c.stderr}
	if cl.prog, err = c.h.CompileFileContext(context.Background(), cl.arg, f, opts); err != nil {
		c.compileFailed(cl, err)
	}
}

// compileFailed reports that a clause failed to compile, as dtrace(8)
// words it for a script or a program given on the command line.
func (c *command) compileFailed(cl *clause, err error) {
	if cl.file {
		c.fatal("failed to compile script %s: %s", cl.arg, dtrace.ErrorText(err))
	}
	c.fatal("invalid probe specifier %s: %s", cl.arg, dtrace.ErrorText(err))
}

// finish does what the mode asks of the compiled programs.
func (c *command) finish() {
	switch c.mode {
	case modeLink:
		if len(c.clauses) == 0 {
			c.usageError("-G requires one or more scripts or enabling options")
		}
		c.link()
		return
	case modeHeader:
		if len(c.clauses) == 0 {
			c.usageError("-h requires one or more scripts or enabling options")
		}
		if c.ofile == "" {
			if len(c.clauses) > 1 {
				c.usageError("-h requires an output file if multiple scripts are specified")
			}
			if !c.clauses[0].file || !strings.HasSuffix(c.clauses[0].arg, ".d") {
				c.usageError("-h requires an output file if no scripts are specified")
			}
		}
		c.header()
		return
	case modeList:
		c.list()
		return
	}
	out := c.openOutput()
	defer out.Close()
	if !c.exec {
		// -e compiles all the way, code generation included, and loads
		// nothing; with -S it lists the code.
		if len(c.clauses) > 0 {
			c.disassemble(c.generate(false))
		}
		if c.verbose > 0 {
			for i := range c.clauses {
				c.stabilityReport(out, &c.clauses[i])
				c.descReport(out, &c.clauses[i])
			}
		}
		return
	}
	if len(c.clauses) == 0 {
		c.fatal("no probes specified")
	}
	c.execute(out)
}

// list lists the probes the programs match, or every probe when there
// are none, as -l does. A description that fails to match is reported and
// the listing goes on, as in DTrace.
func (c *command) list() {
	out := c.openOutput()
	defer out.Close()
	var probes []*provider.Probe
	if len(c.clauses) == 0 {
		all, err := c.h.AllProbes()
		if err != nil {
			c.fatal("failed to list probes: %s", dtrace.ErrorText(err))
		}
		probes = all
	}
	for _, cl := range c.clauses {
		matched, err := c.h.Matches(cl.prog)
		if err != nil {
			c.warn("%s", dtrace.ErrorText(err))
		}
		probes = append(probes, matched...)
	}
	if err := provider.WriteList(out, probes, c.verbose > 0); err != nil {
		c.fatal("failed to list probes: %s", dtrace.ErrorText(err))
	}
	if c.verbose > 0 {
		c.listAbsent()
	}
}

// listAbsent says, for -lv, which probes the listing lacks because this
// kernel cannot build them, and why: a user looking for sched:::on-cpu
// learns it is missing here, not from godtrace.
func (c *command) listAbsent() {
	var absent []provider.Absent
	if len(c.clauses) == 0 {
		absent, _ = c.h.Absentees(nil)
	}
	for _, cl := range c.clauses {
		as, _ := c.h.Absentees(cl.prog)
		absent = append(absent, as...)
	}
	for _, a := range absent {
		c.notice("%s is unavailable: it %s", a.Desc, a.Why)
	}
}

// openOutput opens the -o file, for appending as DTrace does; without -o
// it is standard output.
func (c *command) openOutput() io.WriteCloser {
	if c.ofile == "" {
		return nopCloser{c.stdout}
	}
	f, err := os.OpenFile(c.ofile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		c.fatal("failed to open output file '%s': %s", c.ofile, dtrace.ErrorText(err))
	}
	return f
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// name is how messages name a clause: a script by its file, a specifier
// up to its predicate or actions.
func (cl *clause) name() string {
	if cl.file {
		return cl.arg
	}
	if i := strings.IndexAny(cl.arg, "{/;"); i >= 0 {
		return cl.arg[:i]
	}
	return cl.arg
}
