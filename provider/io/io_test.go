package io_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/io"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{io.New()}) }

// TestWriteFsync: a file written and fsynced in a disk-backed directory
// starts I/O from this process, and a bio it started completes.
func TestWriteFsync(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	dir, err := os.MkdirTemp("/var/tmp", "iotest")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "io:::", NArgs: 2}}, func() {
		f, err := os.Create(filepath.Join(dir, "data"))
		if err != nil {
			t.Error(err)
			return
		}
		defer f.Close()
		if _, err := f.Write(bytes.Repeat([]byte("godtrace"), 8192)); err != nil {
			t.Error(err)
		}
		if err := f.Sync(); err != nil {
			t.Error(err)
		}
	})
	started := map[uint64]bool{}
	for _, f := range stabletest.Of(fs, "io:vmlinux::start", os.Getpid()) {
		if f.Args[0] < 0xffff000000000000 || f.Args[1] != 0 {
			t.Errorf("start args %#x: want a bio and no file", f.Args)
		}
		started[f.Args[0]] = true
	}
	if len(started) == 0 {
		t.Fatalf("no io:::start in this process (%d firings)", len(fs))
	}
	done := 0
	for _, f := range stabletest.Of(fs, "io:vmlinux::done", 0) {
		if started[f.Args[0]] {
			done++
		}
	}
	if done == 0 {
		t.Error("no io:::done of a bio this process started")
	}
}

// TestListVerbose: -lv io:::start.
func TestListVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	stabletest.CheckListVerbose(t, table(), "io:::start", stabletest.WantVerbose("io", "vmlinux", "", "start", "ISA", "bufinfo_t *", "devinfo_t *", "fileinfo_t *"))
}

// TestWait: fsync of a block device waits for its flush in
// submit_bio_wait, which fires wait-start and then wait-done with the
// same bio, in the waiting thread; the probes are built on it with
// kprobes. The test needs a block device it may write: a RAM disk
// (/dev/ram0, from the brd module, as the QEMU suite loads it).
func TestWait(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint, feature.Kprobes)
	const dev = "/dev/ram0"
	f, err := os.OpenFile(dev, os.O_RDWR, 0)
	if err != nil {
		t.Skipf("needs a RAM disk to write: %v", err)
	}
	defer f.Close()
	var tid int
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "io:::wait-start", NArgs: 3}, {Desc: "io:::wait-done", NArgs: 3}}, stabletest.OnThread(&tid, func() {
		if _, err := f.WriteAt(make([]byte, 4096), 0); err != nil {
			t.Error(err)
		}
		if err := f.Sync(); err != nil {
			t.Error(err)
		}
	}))
	var started, done []uint64
	for _, fr := range fs {
		if fr.TID != uint32(tid) {
			continue
		}
		if fr.Args[0] < 1<<63 || fr.Args[1] != 0 {
			t.Errorf("%s: natives %#x, want a bio and no file", fr.Probe, fr.Args)
		}
		switch fr.Probe {
		case "io:vmlinux::wait-start":
			started = append(started, fr.Args[0])
		case "io:vmlinux::wait-done":
			done = append(done, fr.Args[0])
		}
	}
	if len(started) == 0 || !slices.Equal(started, done) {
		t.Errorf("waits started on bios %#x, done on %#x: want the same, at least one", started, done)
	}
}
