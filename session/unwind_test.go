package session

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/internal/testutil"
)

// TestSpans: ranges of the mappings map are taken first fit and merge
// with their neighbours when given back, whatever the order.
func TestSpans(t *testing.T) {
	s := spans{{0, 100}}
	var got []uint32
	for _, n := range []uint32{10, 20, 30} {
		first, ok := s.alloc(n)
		if !ok {
			t.Fatalf("alloc(%d) failed in %v", n, s)
		}
		got = append(got, first)
	}
	if !slices.Equal(got, []uint32{0, 10, 30}) || !slices.Equal(s, spans{{60, 40}}) {
		t.Fatalf("took %v, left %v", got, s)
	}
	if _, ok := s.alloc(41); ok {
		t.Errorf("alloc(41) of %v succeeded", s)
	}
	s.release(span{10, 20})
	if first, ok := s.alloc(15); !ok || first != 10 {
		t.Errorf("alloc(15) = %d, %v: want the freed range's start", first, ok)
	}
	s.release(span{0, 10}, span{30, 30}, span{}, span{10, 15})
	if !slices.Equal(s, spans{{0, 100}}) {
		t.Errorf("all given back: %v, want one range", s)
	}
}

// TestUnwinderReclaims follows a process, then drops it as its exit
// would: its objects' rows and its mappings are freed two polls later,
// and a second process mapping the same objects shares their rows.
func TestUnwinderReclaims(t *testing.T) {
	testutil.RequireRoot(t)
	const rows = 1 << 18
	maps, err := bpfrt.NewUnwindMaps(rows)
	if err != nil {
		t.Fatal(err)
	}
	defer maps.Close()
	u := &unwinder{maps: maps, objects: map[string]*object{}, procs: map[int]*unwindProc{},
		free: spans{{0, bpfrt.UMapsMax}}, rowFree: spans{{0, rows}}}
	var pids []int
	for range 2 {
		cmd := exec.Command("sleep", "10")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() {
			cmd.Process.Kill()
			cmd.Wait()
		}()
		// Its libraries are mapped once it is in nanosleep.
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/wchan", cmd.Process.Pid)); strings.Contains(string(b), "nanosleep") {
				break
			}
		}
		if err := u.add(cmd.Process.Pid, false); err != nil {
			t.Fatal(err)
		}
		pids = append(pids, cmd.Process.Pid)
	}
	built := u.stats.Rows
	if built == 0 || len(u.objects) < 2 {
		t.Fatalf("%d rows built, %d objects", built, len(u.objects))
	}
	for _, o := range u.objects {
		if o.refs != 2 {
			t.Errorf("object %+v: want both processes' references", *o)
		}
	}
	used := func() (n uint32) {
		n = rows
		for _, s := range u.rowFree {
			n -= s.n
		}
		return n
	}
	if used() != uint32(built) {
		t.Errorf("%d rows in use, %d built once", used(), built)
	}
	for _, pid := range pids {
		u.drop(pid, u.procs[pid], true)
	}
	if used() != uint32(built) {
		t.Errorf("%d rows in use right after the drops, want them kept for a poll", used())
	}
	u.release()
	u.release()
	if !slices.Equal(u.rowFree, spans{{0, rows}}) || !slices.Equal(u.free, spans{{0, bpfrt.UMapsMax}}) || len(u.objects) != 0 {
		t.Errorf("after two polls: rows free %v, mappings free %v, %d objects", u.rowFree, u.free, len(u.objects))
	}
	var pv [bpfrt.UProcSize]byte
	if err := maps.Procs.Lookup(uint32(pids[0]), &pv); err == nil {
		t.Errorf("pid %d keeps its entry", pids[0])
	}
}
