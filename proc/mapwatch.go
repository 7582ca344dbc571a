package proc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"golang.org/x/sys/unix"
)

// MapWatch follows the executable mappings a process makes, as the kernel
// reports them in perf mmap records: a software dummy event that counts
// nothing is attached to the process with the mmap, mmap2 and comm_exec
// bits set, and its ring buffer receives a record for each executable
// mapping and each execve. Unlike /proc/PID/maps, what was read stays
// readable after the process has exited, which is what symbolizing the
// stacks of a short-lived process needs (perf does the same).
type MapWatch struct {
	pid  int
	fd   int
	mem  []byte // the mmapped metadata page and data ring
	meta *unix.PerfEventMmapPage
	data []byte

	mu   sync.Mutex
	buf  []byte
	lost bool
}

// mapWatchPages is the data ring's size in pages: a record takes about a
// hundred bytes, and a process maps a few dozen files.
const mapWatchPages = 16

// WatchMaps starts following the mappings of process pid. The mappings
// it had before are not reported: read them from /proc/PID/maps.
func WatchMaps(pid int) (*MapWatch, error) {
	return watchMaps(pid, -1, mapWatchPages)
}

// watchMaps opens the dummy event of a process (pid, cpu -1), or of every
// process on a CPU (pid -1), which then reports exits too.
func watchMaps(pid, cpu, pages int) (*MapWatch, error) {
	attr := unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_SOFTWARE,
		Config: unix.PERF_COUNT_SW_DUMMY,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		// The side-band records come whatever the event counts; counting
		// nothing of the kernel lets an unprivileged tracer watch its own
		// children.
		Bits: unix.PerfBitMmap | unix.PerfBitMmap2 | unix.PerfBitComm | unix.PerfBitCommExec |
			unix.PerfBitExcludeKernel | unix.PerfBitExcludeHv,
	}
	what := fmt.Sprintf("pid %d", pid)
	if pid == -1 {
		attr.Bits |= unix.PerfBitTask
		what = fmt.Sprintf("all processes on CPU %d", cpu)
	}
	fd, err := unix.PerfEventOpen(&attr, pid, cpu, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("proc: watch the mappings of %s: perf_event_open: %w", what, err)
	}
	page := os.Getpagesize()
	mem, err := unix.Mmap(fd, 0, page*(1+pages), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("proc: watch the mappings of %s: mmap: %w", what, err)
	}
	w := &MapWatch{pid: pid, fd: fd, mem: mem, meta: (*unix.PerfEventMmapPage)(unsafe.Pointer(&mem[0])), data: mem[page:]}
	return w, nil
}

// Pid returns the process ID.
func (w *MapWatch) Pid() int { return w.pid }

// MapEvent is what a process did to its mappings.
type MapEvent struct {
	// Pid is the process's.
	Pid int
	// Exec is set for an execve: the mappings before it are gone.
	Exec bool
	// Exit is set when the process's main thread has exited, which only
	// a SystemMapWatch reports.
	Exit bool
	// Mapping is the new executable mapping, when Exec is not set.
	Mapping Mapping
}

// Read returns the events recorded since the last Read, in order. lost
// reports that the ring overflowed at some point, so that some mappings
// are missing.
func (w *MapWatch) Read() (events []MapEvent, lost bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.meta == nil {
		return nil, w.lost
	}
	head := atomic.LoadUint64(&w.meta.Data_head)
	tail := w.meta.Data_tail
	size := uint64(len(w.data))
	for tail < head {
		hdr := w.copyOut(tail, 8)
		typ := binary.NativeEndian.Uint32(hdr)
		misc := binary.NativeEndian.Uint16(hdr[4:])
		n := uint64(binary.NativeEndian.Uint16(hdr[6:]))
		if n < 8 || n > size {
			w.lost = true
			tail = head
			break
		}
		rec := w.copyOut(tail+8, n-8)
		tail += n
		switch typ {
		case unix.PERF_RECORD_MMAP2:
			if m, ok := parseMmap2(rec); ok && m.Perm&PermExec != 0 {
				events = append(events, MapEvent{Pid: recPid(rec), Mapping: m})
			}
		case unix.PERF_RECORD_COMM:
			if misc&unix.PERF_RECORD_MISC_COMM_EXEC != 0 {
				events = append(events, MapEvent{Pid: recPid(rec), Exec: true})
			}
		case unix.PERF_RECORD_EXIT:
			// pid, ppid, tid, ptid u32: the process is gone when its
			// main thread is.
			if len(rec) >= 12 && recPid(rec) == int(binary.NativeEndian.Uint32(rec[8:])) {
				events = append(events, MapEvent{Pid: recPid(rec), Exit: true})
			}
		case unix.PERF_RECORD_LOST:
			w.lost = true
		}
	}
	atomic.StoreUint64(&w.meta.Data_tail, tail)
	return events, w.lost
}

// recPid is the pid that begins a record's body.
func recPid(rec []byte) int {
	if len(rec) < 4 {
		return 0
	}
	return int(binary.NativeEndian.Uint32(rec))
}

// copyOut returns n bytes of the ring from position pos, which may wrap
// around its end, in a buffer valid until the next call.
func (w *MapWatch) copyOut(pos, n uint64) []byte {
	size := uint64(len(w.data))
	w.buf = w.buf[:0]
	for n > 0 {
		off := pos % size
		k := min(n, size-off)
		w.buf = append(w.buf, w.data[off:off+k]...)
		pos, n = pos+k, n-k
	}
	return w.buf
}

// parseMmap2 decodes a PERF_RECORD_MMAP2 body (without sample_id):
// pid, tid u32; addr, len, pgoff u64; maj, min u32; ino, ino_generation
// u64; prot, flags u32; filename, NUL-padded.
func parseMmap2(b []byte) (Mapping, bool) {
	if len(b) < 64 {
		return Mapping{}, false
	}
	u64 := func(o int) uint64 { return binary.NativeEndian.Uint64(b[o:]) }
	u32 := func(o int) uint32 { return binary.NativeEndian.Uint32(b[o:]) }
	m := Mapping{Start: u64(8), Offset: u64(24), Major: u32(32), Minor: u32(36), Inode: u64(40)}
	m.End = m.Start + u64(16)
	prot := u32(56)
	if prot&unix.PROT_READ != 0 {
		m.Perm |= PermRead
	}
	if prot&unix.PROT_WRITE != 0 {
		m.Perm |= PermWrite
	}
	if prot&unix.PROT_EXEC != 0 {
		m.Perm |= PermExec
	}
	if u32(60)&unix.MAP_SHARED != 0 {
		m.Perm |= PermShared
	}
	name := b[64:]
	if i := bytes.IndexByte(name, 0); i >= 0 {
		name = name[:i]
	}
	m.Path = string(name)
	if p, ok := bytes.CutSuffix(name, []byte(" (deleted)")); ok {
		m.Path, m.Deleted = string(p), true
	}
	return m, true
}

// Close stops watching.
func (w *MapWatch) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.mem == nil {
		return nil
	}
	err := unix.Munmap(w.mem)
	w.mem, w.data, w.meta = nil, nil, nil
	if cerr := unix.Close(w.fd); err == nil {
		err = cerr
	}
	return err
}

// SystemMapWatch follows the executable mappings, execs and exits of
// every process, one dummy event per CPU, as perf record -a does: one
// watch serves any number of processes. The CPUs' rings are read one
// after the other, so that the events of a process that moved between
// CPUs may come out of order: what needs the order re-reads
// /proc/PID/maps after a batch. It needs CAP_PERFMON (or
// perf_event_paranoid <= 0).
type SystemMapWatch struct {
	cpus []*MapWatch
}

// systemWatchPages is a CPU ring's size in pages: a burst of process
// starts maps a few dozen objects each.
const systemWatchPages = 64

// WatchSystemMaps starts following the mappings of all processes.
func WatchSystemMaps() (*SystemMapWatch, error) {
	n, err := onlineCPUs()
	if err != nil {
		return nil, err
	}
	s := &SystemMapWatch{}
	for _, cpu := range n {
		w, err := watchMaps(-1, cpu, systemWatchPages)
		if err != nil {
			s.Close()
			return nil, err
		}
		s.cpus = append(s.cpus, w)
	}
	return s, nil
}

// Read returns the events recorded since the last Read, each CPU's in
// order; lost reports that a ring overflowed since the last Read, so
// that some events are missing.
func (s *SystemMapWatch) Read() (events []MapEvent, lost bool) {
	for _, w := range s.cpus {
		ev, l := w.Read()
		events = append(events, ev...)
		lost = lost || l
		w.mu.Lock()
		w.lost = false
		w.mu.Unlock()
	}
	return events, lost
}

// Close stops watching.
func (s *SystemMapWatch) Close() error {
	var err error
	for _, w := range s.cpus {
		if cerr := w.Close(); err == nil {
			err = cerr
		}
	}
	s.cpus = nil
	return err
}

// onlineCPUs lists the online CPUs, from /sys/devices/system/cpu/online
// ("0-3,5").
func onlineCPUs() ([]int, error) {
	b, err := os.ReadFile("/sys/devices/system/cpu/online")
	if err != nil {
		return nil, fmt.Errorf("proc: online CPUs: %w", err)
	}
	var cpus []int
	for _, r := range strings.Split(strings.TrimSpace(string(b)), ",") {
		lo, hi, found := strings.Cut(r, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("proc: online CPUs %q: %w", b, err)
		}
		z := a
		if found {
			if z, err = strconv.Atoi(hi); err != nil {
				return nil, fmt.Errorf("proc: online CPUs %q: %w", b, err)
			}
		}
		for c := a; c <= z; c++ {
			cpus = append(cpus, c)
		}
	}
	return cpus, nil
}
