package lockstat_test

import (
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/lockstat"
	"github.com/godtrace/godtrace/provider/stable/stabletest"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{lockstat.New()}) }

// contend runs threads OS threads that each do n rounds of what body
// does, all at once, so they fight over the kernel locks body takes.
func contend(threads, n int, body func()) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range threads {
		wg.Go(func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			<-start
			for range n {
				body()
			}
		})
	}
	close(start)
	wg.Wait()
}

// TestContention: threads writing one pipe fight over its mutex, and
// threads writing one file and mapping memory in one process over the
// inode's and the mm's rw-semaphores: mutex and rw-semaphore contentions
// of this process fire with the lock's address and a positive time.
func TestContention(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	var p [2]int
	if err := unix.Pipe(p[:]); err != nil {
		t.Fatal(err)
	}
	defer unix.Close(p[0])
	defer unix.Close(p[1])
	f, err := os.Create(filepath.Join(t.TempDir(), "data"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 4096)
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "lockstat:::", NArgs: 2}}, func() {
		done := make(chan struct{})
		go func() {
			for {
				if _, err := unix.Read(p[0], make([]byte, 65536)); err != nil {
					return
				}
				select {
				case <-done:
					return
				default:
				}
			}
		}()
		contend(8, 2000, func() {
			unix.Write(p[1], buf)
			f.WriteAt(buf, 0)
			m, err := unix.Mmap(-1, 0, 4096, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
			if err == nil {
				m[0] = 1
				unix.Munmap(m)
			}
		})
		close(done)
		unix.Write(p[1], buf)
	})
	count := map[string]int{}
	for _, f := range fs {
		if f.PID != uint32(os.Getpid()) {
			continue
		}
		count[f.Probe]++
		if f.Args[0] == 0 || int64(f.Args[1]) <= 0 {
			t.Errorf("%s: lock %#x, time %d ns: want a lock address and a positive time", f.Probe, f.Args[0], int64(f.Args[1]))
		}
	}
	t.Logf("firings in this process: %v", count)
	if count["lockstat:vmlinux::adaptive-block"]+count["lockstat:vmlinux::adaptive-spin"] == 0 {
		t.Errorf("no mutex contention fired (%v)", count)
	}
	if count["lockstat:vmlinux::rw-block"] == 0 {
		t.Errorf("no rw-semaphore contention fired (%v)", count)
	}
}

// TestListVerbose: -lv lockstat:::adaptive-block.
func TestListVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	got := stabletest.ListVerbose(t, table(), "lockstat:::adaptive-block")
	want := stabletest.WantVerbose("lockstat", "vmlinux", "", "adaptive-block", "ISA", "struct mutex *", "uint64_t")
	if got != want {
		t.Errorf("listing\n%s\nwant\n%s", got, want)
	}
}
