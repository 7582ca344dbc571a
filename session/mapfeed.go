package session

import (
	"sync"

	"github.com/godtrace/godtrace/proc"
)

// mapFeed follows the mappings of the target processes (-c, -p), one
// proc.MapWatch each, and hands each batch it reads to every sink: the
// symbolizer and the unwinder read the same records, once. Whoever needs
// the latest mappings calls sync: the symbolizer before a lookup, the
// unwinder at each poll.
type mapFeed struct {
	mu      sync.Mutex
	watches map[int]*proc.MapWatch
	sinks   []func(pid int, events []proc.MapEvent)
}

func newMapFeed() *mapFeed { return &mapFeed{watches: map[int]*proc.MapWatch{}} }

// addSink makes sink receive the events of every watched process, in
// order, from the next sync on.
func (f *mapFeed) addSink(sink func(pid int, events []proc.MapEvent)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sinks = append(f.sinks, sink)
}

// watch starts following process pid's new mappings; those it has are
// for the sinks to read (while the process is stopped).
func (f *mapFeed) watch(pid int) error {
	w, err := proc.WatchMaps(pid)
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if old := f.watches[pid]; old != nil {
		old.Close()
	}
	f.watches[pid] = w
	return nil
}

// watchingAny reports whether any process is followed.
func (f *mapFeed) watchingAny() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.watches) > 0
}

// sync reads what the watches recorded and hands it to the sinks. The
// sinks run under the feed's lock, so that two syncs deliver in order:
// they must not call sync.
func (f *mapFeed) sync() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for pid, w := range f.watches {
		events, _ := w.Read()
		if len(events) == 0 {
			continue
		}
		for _, sink := range f.sinks {
			sink(pid, events)
		}
	}
}

// close stops the watches.
func (f *mapFeed) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for pid, w := range f.watches {
		w.Close()
		delete(f.watches, pid)
	}
}
