package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"

	"github.com/godtrace/godtrace/ctf"
	"github.com/godtrace/godtrace/ctf/fromdwarf"
)

func main() {
	out := flag.String("o", "vmlinux.ctfa", "output archive")
	jobs := flag.Int("j", 0, "parallel workers (default: all CPUs)")
	parent := flag.String("parent", fromdwarf.DefaultParent, "archive member name of the shared parent dict")
	compress := flag.Bool("z", false, "zlib-compress members larger than 4 KiB")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the conversion to `file`")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: dwarf2ctf [-o vmlinux.ctfa] [-j N] [-z] [-cpuprofile FILE] BUILD_TREE|vmlinux [module.ko ...]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		// The conversion allocates canonical forms that mostly die
		// young: collecting at 5x the live heap rather than 2x saves a
		// sixth of a kernel's CPU time (400 MB of heap for vmlinux,
		// where pahole -J takes 940 MB), and the soft limit brings
		// collections back to the default pace when every module's
		// types make the live heap large.
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(1 << 30)
	}
	err := func() error {
		if *cpuprofile != "" {
			stop, err := startProfile(*cpuprofile)
			if err != nil {
				return err
			}
			defer stop()
		}
		return run(*out, *jobs, *parent, *compress, flag.Args())
	}()
	if err != nil {
		fmt.Fprintln(os.Stderr, "dwarf2ctf:", err)
		os.Exit(1)
	}
}

// startProfile starts the CPU profile that -cpuprofile asks for.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

func run(out string, jobs int, parent string, compress bool, args []string) error {
	inputs, err := fromdwarf.Inputs(args)
	if err != nil {
		return err
	}
	members, err := fromdwarf.Convert(inputs, &fromdwarf.Options{ParentName: parent, Workers: jobs})
	if err != nil {
		return err
	}
	opts := &ctf.ArchiveOptions{}
	if compress {
		opts.CompressAbove = 4096
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".dwarf2ctf-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 1<<20)
	if err := ctf.WriteArchive(w, members, opts); err != nil {
		tmp.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), out)
}
