package consume

import "fmt"

// Policy is DTrace's bufpolicy: what becomes of the principal buffers'
// records as they fill.
type Policy int

const (
	// PolicySwitch (DTrace's default): records are read as they come, a
	// record that finds its CPU's buffer full is dropped.
	PolicySwitch Policy = iota
	// PolicyFill: each CPU's buffer fills once; the first record that
	// does not fit ends tracing, as exit() would (END fires and its
	// records print): it and those read after it are after the end.
	PolicyFill
	// PolicyRing: each CPU's buffer keeps its most recent records, the
	// older ones giving way; they print when tracing ends, END's
	// included.
	PolicyRing
)

// ParsePolicy returns the Policy a bufpolicy value names.
func ParsePolicy(s string) (Policy, error) {
	switch s {
	case "", "switch":
		return PolicySwitch, nil
	case "fill":
		return PolicyFill, nil
	case "ring":
		return PolicyRing, nil
	}
	return 0, fmt.Errorf("bufpolicy %q is not switch, fill or ring", s)
}

// The fill and ring policies are kept by the consumer, on the records it
// reads: the BPF side writes records as under switch, the consumer
// counting each against its CPU's buffer of bufsize bytes as DTrace
// counts it (its EPID and its data: recordCost), so that a buffer holds
// the records it holds in DTrace. Under fill, the first record that
// finds its CPU's buffer full stops tracing; under ring, the oldest
// records make room, and only a record larger than the whole buffer is a
// drop. The consumer is woken when a ring holds half of bufsize (see
// bpfrt's RingMark), so fill stops tracing before the kernel's ring, at
// least a page, overflows.

// recordCost is what a data record takes of its buffer by DTrace's
// measure: a 4-byte EPID and the data.
func recordCost(r Record) int { return 4 + len(r.Data) }

// policyState is the consumer's side of the fill and ring policies.
type policyState struct {
	policy Policy
	size   int   // bufsize: the bytes of each CPU's buffer
	used   []int // by CPU: the bytes its records take
	// filled says that a record found its CPU's buffer full (fill):
	// tracing stops.
	filled bool
	// dropped are the records ring could not keep, by CPU, reported as
	// drops.
	dropped []uint64
	// kept are the records ring keeps, by CPU, oldest first from
	// head[cpu].
	kept [][]Record
	head []int
	// ending: END is firing, whose records always go in (DTrace
	// reserves room for them).
	ending bool
}

func (p *policyState) grow(cpu int) {
	for len(p.used) <= cpu {
		p.used = append(p.used, 0)
		p.dropped = append(p.dropped, 0)
		p.kept = append(p.kept, nil)
		p.head = append(p.head, 0)
	}
}

// record applies the policy to data record r: under fill it goes to h
// or is dropped, under ring it is kept for the end.
func (s *Session) record(r Record, h Handler) error {
	p := &s.policy
	switch p.policy {
	case PolicyFill:
		p.grow(r.CPU)
		cost := recordCost(r)
		if !p.ending && (p.filled || p.used[r.CPU]+cost > p.size) {
			// Tracing stops here: what comes after the full buffer
			// is after the end, not a drop (DTrace for Linux reports
			// none).
			p.filled = true
			return nil
		}
		p.used[r.CPU] += cost
	case PolicyRing:
		p.grow(r.CPU)
		cost := recordCost(r)
		if cost > p.size {
			p.dropped[r.CPU]++
			return nil
		}
		p.keep(r, true)
		return nil
	}
	return h.Record(r)
}

// keep adds r to its CPU's records under ring, the oldest giving way to
// it; copy says that r.Data lies in the principal buffer.
func (p *policyState) keep(r Record, copy bool) {
	if copy {
		r.Data = append([]byte(nil), r.Data...)
	}
	p.kept[r.CPU] = append(p.kept[r.CPU], r)
	p.used[r.CPU] += recordCost(r)
	for p.used[r.CPU] > p.size {
		old := p.kept[r.CPU][p.head[r.CPU]]
		p.kept[r.CPU][p.head[r.CPU]] = Record{}
		p.head[r.CPU]++
		p.used[r.CPU] -= recordCost(old)
	}
	// The records given way are let go now and then.
	if h := p.head[r.CPU]; h > 1024 && h > len(p.kept[r.CPU])/2 {
		p.kept[r.CPU] = append(p.kept[r.CPU][:0], p.kept[r.CPU][h:]...)
		p.head[r.CPU] = 0
	}
}

// commit applies the policy to the records of a committed speculation,
// in the order read. DTrace copies a CPU's speculative records into that
// CPU's principal buffer at once, in one reservation of their total
// size: they go in together or not at all. So under fill a CPU's
// records that do not all fit stop tracing and none of them is handed
// (as a record that finds its buffer full); under ring they make room
// together, and those larger than the whole buffer are one drop, as
// DTrace counts a commit that fails.
func (s *Session) commit(recs []Record, h Handler) error {
	p := &s.policy
	if p.policy == PolicySwitch || len(recs) == 0 {
		for _, r := range recs {
			if err := h.Record(r); err != nil {
				return err
			}
		}
		return nil
	}
	// Each CPU's share: its total cost, then whether it goes in.
	var cost []int
	for _, r := range recs {
		p.grow(r.CPU)
		for len(cost) <= r.CPU {
			cost = append(cost, 0)
		}
		cost[r.CPU] += recordCost(r)
	}
	// The shares are committed at one instant, each into its own
	// CPU's buffer: one that does not fit does not keep the others out.
	in := make([]bool, len(cost))
	filled := p.filled
	for cpu, c := range cost {
		if c == 0 {
			continue
		}
		switch p.policy {
		case PolicyFill:
			if !p.ending && (filled || p.used[cpu]+c > p.size) {
				p.filled = true
				continue
			}
			p.used[cpu] += c
		case PolicyRing:
			if c > p.size {
				p.dropped[cpu]++
				continue
			}
		}
		in[cpu] = true
	}
	for _, r := range recs {
		if !in[r.CPU] {
			continue
		}
		if p.policy == PolicyRing {
			// The speculation's copy is the ring's from now on.
			p.keep(r, false)
			continue
		}
		if err := h.Record(r); err != nil {
			return err
		}
	}
	return nil
}

// flushRing hands h the records the ring policy kept, each CPU's in
// order, one CPU after the other.
func (s *Session) flushRing(h Handler) error {
	p := &s.policy
	for cpu := range p.kept {
		recs := p.kept[cpu][p.head[cpu]:]
		p.kept[cpu], p.head[cpu], p.used[cpu] = nil, 0, 0
		for _, r := range recs {
			if err := h.Record(r); err != nil {
				return err
			}
		}
	}
	return nil
}
