package io

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable"
)

// New returns the io provider.
func New() *stable.Provider { return stable.New("io", "vmlinux", stable.Attrs, probes) }

var args = []provider.Arg{
	stable.Arg("struct bio *", "bufinfo_t *", 0),
	stable.Arg("struct bio *", "devinfo_t *", 0),
	stable.Arg("struct file *", "fileinfo_t *", 1),
}

// waits remembers, per thread, the bio submit_bio_wait waits for.
var waits = stable.NewStash("dt_io_wait")

// pastBio clears the register arguments a kprobe left past the bio.
var pastBio = stable.Seq(stable.Zero(1), stable.Zero(2), stable.Zero(3), stable.Zero(4), stable.Zero(5))

var probes = []stable.Probe{
	{Name: "done", Sources: []stable.Source{
		{Group: "block", Tracepoint: "block_rq_complete", Rewrite: stable.Seq(
			// A request without a bio (a flush) has nothing to describe.
			stable.Read(0, 0, "request", "bio", 8), stable.Skip(0, asm.JEq, 0), stable.Zero(1), stable.Zero(2))},
		{Group: "block", Tracepoint: "block_bio_complete", Rewrite: stable.Seq(stable.Move(1), stable.Zero(1))},
	}, Args: args},
	{Name: "start", Sources: []stable.Source{{Group: "block", Tracepoint: "block_bio_queue", Rewrite: stable.Zero(1)}}, Args: args},
	// A thread waits for a bio in submit_bio_wait, as DTrace has it, with
	// kprobes: wait-done needs the bio at the return, which the entry
	// stashes.
	{Name: "wait-done", Sources: []stable.Source{
		{Functions: []string{"submit_bio_wait"}, Rewrite: stable.StashArg(waits, 0)},
		{Functions: []string{"submit_bio_wait"}, Return: true, Rewrite: stable.Seq(stable.Unstash(waits, 0), pastBio)},
	}, Args: args},
	{Name: "wait-start", Sources: []stable.Source{{Functions: []string{"submit_bio_wait"}, Rewrite: pastBio}}, Args: args},
}
