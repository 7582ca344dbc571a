package consume

import (
	"fmt"

	"github.com/godtrace/godtrace/bpfrt"
)

// DefaultSpecSize is DTrace's default specsize: the bytes of records one
// speculation holds.
const DefaultSpecSize = 4 << 20

// SpecDrop is a kind of speculative loss, in the order DTrace reports
// them.
type SpecDrop int

const (
	// SpecDropFull: a speculative record did not fit in its speculation's
	// specsize.
	SpecDropFull SpecDrop = iota
	// SpecDropBusy: speculation() found no free buffer, but some were
	// committed or discarded and not yet released by the consumer.
	SpecDropBusy
	// SpecDropUnavail: speculation() found every buffer active.
	SpecDropUnavail
)

// SpecDropsMessage returns DTrace's message for n speculative losses of
// kind, after "dtrace: ".
func SpecDropsMessage(kind SpecDrop, n uint64) string {
	s := "s"
	if n == 1 {
		s = ""
	}
	switch kind {
	case SpecDropBusy:
		return fmt.Sprintf("%d failed speculation%s (available buffer(s) still busy)", n, s)
	case SpecDropUnavail:
		return fmt.Sprintf("%d failed speculation%s (no speculative buffer available)", n, s)
	}
	return fmt.Sprintf("%d speculative drop%s", n, s)
}

// speculation is what the consumer holds for one speculative buffer: the
// records tagged with its id, in the order they were read.
type speculation struct {
	recs []Record
	size int // bytes held, bounded by specsize
}

// specRecord holds a speculative record of buffer id until its commit or
// discard; a record beyond specsize is dropped and counted.
func (s *Session) specRecord(id uint32, r Record) {
	sp := s.specs[id]
	if sp == nil {
		sp = &speculation{}
		s.specs[id] = sp
	}
	if sp.size+bpfrt.RecHeaderSize+len(r.Data) > s.specSize {
		s.specFull++
		return
	}
	sp.size += bpfrt.RecHeaderSize + len(r.Data)
	r.Data = append([]byte(nil), r.Data...)
	sp.recs = append(sp.recs, r)
}

// specEnd handles a commit or discard control record: a commit hands the
// held records to h, and either releases the buffer for speculation().
func (s *Session) specEnd(word uint32, h Handler) error {
	id := word &^ bpfrt.SpecDiscard
	sp := s.specs[id]
	delete(s.specs, id)
	if err := s.maps.ReleaseSpec(id); err != nil {
		return err
	}
	if sp == nil || word&bpfrt.SpecDiscard != 0 {
		return nil
	}
	return s.commit(sp.recs, h)
}

// reportSpecDrops reports the speculative losses counted since the last
// report, in DTrace's order.
func (s *Session) reportSpecDrops(h Handler) error {
	f, err := s.maps.SpecFailures()
	if err != nil {
		return err
	}
	now := [...]uint64{SpecDropFull: s.specFull, SpecDropBusy: f.Busy, SpecDropUnavail: f.Unavail}
	for kind, n := range now {
		if n > s.specLast[kind] {
			if err := h.SpecDrops(SpecDrop(kind), n-s.specLast[kind]); err != nil {
				return err
			}
		}
	}
	s.specLast = now
	return nil
}
