// Package io owns the io provider: DTrace's block I/O probes
// (io:vmlinux::NAME), built on raw tracepoints.
//
// Every probe leaves the same native arguments in args[], in the order
// the checker's translators expect: (bio: struct bio *, file: struct
// file *), args[0] and args[1] (bufinfo_t *, devinfo_t *) both made from
// the bio and args[2] (fileinfo_t *) from the file, which is always 0 on
// Linux, as in DTrace.
//
//	start  block_bio_queue (bio)
//	done   block_rq_complete (the request's first bio; a request
//	       without one, a flush, fires nothing) and
//	       block_bio_complete (bios completed without a request)
//
// wait-start and wait-done have no tracepoint (DTrace builds them on fbt
// probes of submit_bio_wait, or xfs's) and are absent until kprobes or
// fentry are usable; so are DTrace's NFS sources, whose tracepoints
// belong to a module.
package io
