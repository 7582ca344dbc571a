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
//	wait-start  submit_bio_wait entry (bio), with a kprobe
//	wait-done   submit_bio_wait return, with a kretprobe: the bio is
//	            the one the thread's entry stashed
//
// wait-start and wait-done have no tracepoint: as DTrace does, they are
// built on submit_bio_wait, and are absent where the kernel has no
// kprobes. DTrace's NFS and xfs sources, whose functions and tracepoints
// belong to modules, are absent.
package io
