package consume

import (
	"context"
	"sync"
)

// syncs are the callers of Sync waiting for the consumer.
type syncs struct {
	mu      sync.Mutex
	running bool   // Run reads the buffers
	wake    func() // wakes Run's wait, set while running
	waiting []chan struct{}
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
	s.syncs.waiting = nil
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

// putBackSyncs returns Syncs taken before a read that did not empty the
// buffers, ahead of those that came since.
func (s *Session) putBackSyncs(w []chan struct{}) {
	if len(w) == 0 {
		return
	}
	s.syncs.mu.Lock()
	defer s.syncs.mu.Unlock()
	s.syncs.waiting = append(w, s.syncs.waiting...)
}

func releaseSyncs(w []chan struct{}) {
	for _, ch := range w {
		close(ch)
	}
}
