package consume

import (
	"context"
	"errors"
	"os"
	"sync"

	"github.com/cilium/ebpf/perf"
)

// syncs are the callers of Sync waiting for the consumer.
type syncs struct {
	mu      sync.Mutex
	running bool   // Run reads the buffers
	wake    func() // wakes Run's wait, set while running
	waiting []chan struct{}
	// With perf rings, pass holds the Syncs taken when the reader began
	// a pass over the rings (inPass); they are released when it ends.
	// Only Run's goroutine uses them.
	pass   []chan struct{}
	inPass bool
}

// Sync returns once the consumer has read the buffers empty and flushed
// its Handler after the call, so that what the caller then prints
// elsewhere (a notice of a process's exit on standard error) comes after
// the records written before it; at once when Run is not reading the
// buffers. It may be called from any goroutine; it returns ctx's error
// when ctx is done first.
func (s *Session) Sync(ctx context.Context) error {
	s.syncs.mu.Lock()
	if !s.syncs.running {
		s.syncs.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	s.syncs.waiting = append(s.syncs.waiting, ch)
	wake := s.syncs.wake
	s.syncs.mu.Unlock()
	wake()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// startSyncs lets Sync wait for the consumer, which wake wakes.
func (s *Session) startSyncs(wake func()) {
	s.syncs.mu.Lock()
	defer s.syncs.mu.Unlock()
	s.syncs.running, s.syncs.wake = true, wake
}

// stopSyncs releases every Sync: the buffers are read no more.
func (s *Session) stopSyncs() {
	s.syncs.mu.Lock()
	defer s.syncs.mu.Unlock()
	s.syncs.running, s.syncs.wake = false, nil
	releaseSyncs(s.syncs.waiting)
	releaseSyncs(s.syncs.pass)
	s.syncs.waiting, s.syncs.pass = nil, nil
}

// takeSyncs returns the Syncs waiting now, to be released once the
// buffers have been read empty from here on.
func (s *Session) takeSyncs() []chan struct{} {
	s.syncs.mu.Lock()
	defer s.syncs.mu.Unlock()
	w := s.syncs.waiting
	s.syncs.waiting = nil
	return w
}

// perfRead is the perf rings' ReadInto, releasing the Syncs as the
// reader's passes end. The reader loads every ring's head when a pass
// begins, after its wait, hands the records up to them one a call, and
// ends the pass with an error (its deadline, or a Flush: Sync's wake);
// so the Syncs that were waiting when a pass began are released, h
// flushed, when it ends, and not before: a flood never empties the
// rings, but each pass ends.
func (s *Session) perfRead(rec *perf.Record, h Handler) error {
	sy := &s.syncs
	if !sy.inPass {
		sy.pass = append(sy.pass, s.takeSyncs()...)
		sy.inPass = true
	}
	err := s.rd.ReadInto(rec)
	if err == nil {
		return nil
	}
	sy.inPass = false
	if len(sy.pass) > 0 && (errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, perf.ErrFlushed)) {
		if err := flush(h); err != nil {
			return err
		}
		releaseSyncs(sy.pass)
		sy.pass = nil
	}
	return err
}

func releaseSyncs(w []chan struct{}) {
	for _, ch := range w {
		close(ch)
	}
}
