package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/godtrace/godtrace/ksym"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	p := ksym.SystemPaths()
	fs := flag.NewFlagSet("kallmodsyms", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&p.Kallsyms, "kallsyms", p.Kallsyms, "kallsyms `file`")
	fs.StringVar(&p.Ranges, "ranges", p.Ranges, "modules.builtin.ranges `file`")
	fs.StringVar(&p.Builtin, "builtin", p.Builtin, "modules.builtin `file`")
	fs.StringVar(&p.VMLinux, "vmlinux", p.VMLinux, "vmlinux ELF `file` (for sizes)")
	fs.StringVar(&p.SystemMap, "system-map", p.SystemMap, "System.map `file`")
	fs.StringVar(&p.ProcModules, "proc-modules", p.ProcModules, "/proc/modules `file`")
	fs.StringVar(&p.SysModule, "sys-module", p.SysModule, "/sys/module `directory`")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kallmodsyms: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	// Only the defaults may be missing.
	fs.Visit(func(f *flag.Flag) { delete(p.Optional, f.Value.String()) })
	t, err := ksym.Load(p)
	if err != nil {
		fmt.Fprintf(stderr, "kallmodsyms: %v\n", err)
		return 1
	}
	w := bufio.NewWriter(stdout)
	if err := t.WriteKallmodsyms(w); err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "kallmodsyms: %v\n", err)
		return 1
	}
	return 0
}
