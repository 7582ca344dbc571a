package consume

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

// ringReader reads the CPUs' BPF ring buffers in place: each ring's
// consumer page is mapped writable, its producer page and data read-only,
// the data twice in a row (as the kernel maps it), so a record that wraps
// around the end is contiguous. Records are handed to the handler where
// they lie, without a copy, and the consumer position moves past them
// once handled. One epoll instance waits on all rings and on an eventfd
// that wake writes to.
type ringReader struct {
	rings  []ring
	epfd   int
	events []unix.EpollEvent
	// mu guards evfd, which wake may write from another goroutine
	// while close closes it.
	mu   sync.Mutex
	evfd int
}

// ring is one CPU's ring buffer, mapped.
type ring struct {
	cpu        int
	cons, prod *uint64 // the consumer and producer positions
	data       []byte  // the data area, mapped twice
	mask       uint64
	consMem    []byte
	prodMem    []byte
}

// The bits of a record header's length word.
const (
	ringBusy    = 1 << 31
	ringDiscard = 1 << 30
	ringHdrSize = 8
)

func newRingReader(rings []*ebpf.Map) (_ *ringReader, err error) {
	r := &ringReader{epfd: -1, evfd: -1}
	defer func() {
		if err != nil {
			r.close()
		}
	}()
	if r.epfd, err = unix.EpollCreate1(unix.EPOLL_CLOEXEC); err != nil {
		return nil, fmt.Errorf("epoll: %w", err)
	}
	if r.evfd, err = unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK); err != nil {
		return nil, fmt.Errorf("eventfd: %w", err)
	}
	if err := unix.EpollCtl(r.epfd, unix.EPOLL_CTL_ADD, r.evfd, &unix.EpollEvent{Events: unix.EPOLLIN, Fd: -1}); err != nil {
		return nil, fmt.Errorf("epoll: %w", err)
	}
	page := os.Getpagesize()
	for cpu, m := range rings {
		size := int(m.MaxEntries())
		fd := m.FD()
		rg := ring{cpu: cpu, mask: uint64(size - 1)}
		if rg.consMem, err = unix.Mmap(fd, 0, page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED); err != nil {
			return nil, fmt.Errorf("map ring buffer of CPU %d: %w", cpu, err)
		}
		if rg.prodMem, err = unix.Mmap(fd, int64(page), page+2*size, unix.PROT_READ, unix.MAP_SHARED); err != nil {
			unix.Munmap(rg.consMem)
			return nil, fmt.Errorf("map ring buffer of CPU %d: %w", cpu, err)
		}
		rg.cons = (*uint64)(unsafe.Pointer(&rg.consMem[0]))
		rg.prod = (*uint64)(unsafe.Pointer(&rg.prodMem[0]))
		rg.data = rg.prodMem[page:]
		r.rings = append(r.rings, rg)
		if err := unix.EpollCtl(r.epfd, unix.EPOLL_CTL_ADD, fd, &unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(cpu)}); err != nil {
			return nil, fmt.Errorf("epoll: %w", err)
		}
	}
	r.events = make([]unix.EpollEvent, len(rings)+1)
	return r, nil
}

// wait blocks until a ring wakes the reader (it passed its fill mark, or
// tracing stopped), wake is called or the deadline passes, and reports
// whether it was woken rather than timed out.
func (r *ringReader) wait(deadline time.Time) (bool, error) {
	ms := -1
	if !deadline.IsZero() {
		d := time.Until(deadline)
		if d <= 0 {
			return false, nil
		}
		ms = int((d + time.Millisecond - 1) / time.Millisecond)
	}
	n, err := unix.EpollWait(r.epfd, r.events, ms)
	if errors.Is(err, unix.EINTR) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("wait for buffers: %w", err)
	}
	for _, ev := range r.events[:n] {
		if ev.Fd == -1 {
			var b [8]byte
			unix.Read(r.evfd, b[:])
		}
	}
	return n > 0, nil
}

// wakeFunc returns wake as a func, nil for a nil reader.
func (r *ringReader) wakeFunc() func() {
	if r == nil {
		return nil
	}
	return r.wake
}

// wake makes a wait return now; it may be called from any goroutine.
func (r *ringReader) wake() {
	var one [8]byte
	*(*uint64)(unsafe.Pointer(&one[0])) = 1
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evfd >= 0 {
		unix.Write(r.evfd, one[:])
	}
}

// read hands fn every record the rings hold, one CPU's after the
// other's, each CPU's in the order written, and returns how many it
// handed. A ring is read up to where its producer was when its turn
// came, so a flood on one CPU does not starve the others.
func (r *ringReader) read(fn func(cpu int, rec []byte) error) (int, error) {
	n := 0
	for i := range r.rings {
		k, err := r.rings[i].read(fn)
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

func (rg *ring) read(fn func(cpu int, rec []byte) error) (int, error) {
	cons := atomic.LoadUint64(rg.cons)
	prod := atomic.LoadUint64(rg.prod)
	n := 0
	// The consumer position is published every quarter ring rather than
	// at every record: the producer reads it at each reservation, and
	// each store takes the cache line from the producer's CPU.
	published := cons
	quarter := (rg.mask + 1) / 4
	for cons < prod {
		off := cons & rg.mask
		hdr := atomic.LoadUint32((*uint32)(unsafe.Pointer(&rg.data[off])))
		if hdr&ringBusy != 0 {
			break // being written: the rest comes at the next read
		}
		size := uint64(hdr &^ (ringBusy | ringDiscard))
		var err error
		if hdr&ringDiscard == 0 {
			err = fn(rg.cpu, rg.data[off+ringHdrSize:off+ringHdrSize+size:off+ringHdrSize+size])
			n++
		}
		cons += (size + ringHdrSize + 7) &^ 7
		if err != nil {
			atomic.StoreUint64(rg.cons, cons)
			return n, err
		}
		if cons-published >= quarter {
			atomic.StoreUint64(rg.cons, cons)
			published = cons
		}
	}
	if cons != published {
		atomic.StoreUint64(rg.cons, cons)
	}
	return n, nil
}

func (r *ringReader) close() error {
	for _, rg := range r.rings {
		unix.Munmap(rg.consMem)
		unix.Munmap(rg.prodMem)
	}
	r.rings = nil
	if r.epfd >= 0 {
		unix.Close(r.epfd)
		r.epfd = -1
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.evfd >= 0 {
		unix.Close(r.evfd)
		r.evfd = -1
	}
	return nil
}
