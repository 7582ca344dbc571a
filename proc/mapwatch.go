package proc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
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
	fd, err := unix.PerfEventOpen(&attr, pid, -1, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("proc: watch the mappings of pid %d: perf_event_open: %w", pid, err)
	}
	page := os.Getpagesize()
	mem, err := unix.Mmap(fd, 0, page*(1+mapWatchPages), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		unix.Close(fd)
		return nil, fmt.Errorf("proc: watch the mappings of pid %d: mmap: %w", pid, err)
	}
	w := &MapWatch{pid: pid, fd: fd, mem: mem, meta: (*unix.PerfEventMmapPage)(unsafe.Pointer(&mem[0])), data: mem[page:]}
	return w, nil
}

// Pid returns the process ID.
func (w *MapWatch) Pid() int { return w.pid }

// MapEvent is what a process did to its mappings.
type MapEvent struct {
	// Exec is set for an execve: the mappings before it are gone.
	Exec bool
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
				events = append(events, MapEvent{Mapping: m})
			}
		case unix.PERF_RECORD_COMM:
			if misc&unix.PERF_RECORD_MISC_COMM_EXEC != 0 {
				events = append(events, MapEvent{Exec: true})
			}
		case unix.PERF_RECORD_LOST:
			w.lost = true
		}
	}
	atomic.StoreUint64(&w.meta.Data_tail, tail)
	return events, w.lost
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
