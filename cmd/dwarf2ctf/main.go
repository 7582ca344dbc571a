package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/godtrace/godtrace/ctf"
	"github.com/godtrace/godtrace/ctf/fromdwarf"
)

func main() {
	out := flag.String("o", "vmlinux.ctfa", "output archive")
	jobs := flag.Int("j", 0, "parallel workers (default: all CPUs)")
	parent := flag.String("parent", fromdwarf.DefaultParent, "archive member name of the shared parent dict")
	compress := flag.Bool("z", false, "zlib-compress members larger than 4 KiB")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: dwarf2ctf [-o vmlinux.ctfa] [-j N] [-z] BUILD_TREE|vmlinux [module.ko ...]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*out, *jobs, *parent, *compress, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "dwarf2ctf:", err)
		os.Exit(1)
	}
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
