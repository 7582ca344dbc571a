package consume

import (
	"slices"
	"testing"
)

// policyRecords feeds records of 4 data bytes (8 by DTrace's measure),
// numbered 0..n-1, alternately from CPUs 0 and 1, to a session under
// policy with a bufsize of 20, and returns the numbers h saw, in order,
// with what the policy dropped.
func policyRecords(t *testing.T, policy Policy, n int) ([]int, []uint64) {
	s := &Session{policy: policyState{policy: policy, size: 20}}
	var c collector
	for i := range n {
		if err := s.record(Record{CPU: i % 2, Data: []byte{byte(i), 0, 0, 0}}, &c); err != nil {
			t.Fatal(err)
		}
	}
	s.policy.ending = true
	if err := s.record(Record{CPU: 0, Data: []byte{100, 0, 0, 0}}, &c); err != nil {
		t.Fatal(err)
	}
	if policy == PolicyRing {
		if err := s.flushRing(&c); err != nil {
			t.Fatal(err)
		}
	}
	var got []int
	for _, r := range c.recs {
		got = append(got, int(r.Data[0]))
	}
	return got, s.policy.dropped
}

// TestPolicies checks the consumer's fill and ring policies: fill takes
// what fits in each CPU's buffer and stops tracing at the first record
// that does not (END's still go in); ring keeps each CPU's most recent
// records and hands them over at the end, one CPU after the other.
func TestPolicies(t *testing.T) {
	got, _ := policyRecords(t, PolicyFill, 10)
	if want := []int{0, 1, 2, 3, 100}; !slices.Equal(got, want) {
		t.Errorf("fill: records %v, want %v", got, want)
	}
	got, dropped := policyRecords(t, PolicyRing, 10)
	// CPU 0 saw 0 2 4 6 8 then END's 100, CPU 1 saw 1 3 5 7 9: each
	// keeps two.
	if want := []int{8, 100, 7, 9}; !slices.Equal(got, want) {
		t.Errorf("ring: records %v, want %v", got, want)
	}
	if slices.ContainsFunc(dropped, func(n uint64) bool { return n != 0 }) {
		t.Errorf("ring: drops %v, want none", dropped)
	}
	got, _ = policyRecords(t, PolicySwitch, 3)
	if want := []int{0, 1, 2, 100}; !slices.Equal(got, want) {
		t.Errorf("switch: records %v, want %v", got, want)
	}
}

// TestCommitPolicies checks that committed speculations count against
// the principal buffers as DTrace counts them: each CPU's share of a
// commit goes in whole or not at all. Under fill, a share that does not
// fit stops tracing; under ring, committed records make room like any
// others, and a share larger than the buffer is one drop.
func TestCommitPolicies(t *testing.T) {
	rec := func(cpu int, n byte, size int) Record {
		d := make([]byte, size)
		d[0] = n
		return Record{CPU: cpu, Data: d}
	}
	numbers := func(c *collector) []int {
		var got []int
		for _, r := range c.recs {
			got = append(got, int(r.Data[0]))
		}
		return got
	}
	// A bufsize of 20 holds two records of 4 bytes (8 each).
	held := func(s *Session, id uint32, recs ...Record) []Record {
		s.specs = map[uint32]*speculation{}
		s.specSize = DefaultSpecSize
		for _, r := range recs {
			s.specRecord(id, r)
		}
		return s.specs[id].recs
	}

	s := &Session{policy: policyState{policy: PolicyFill, size: 20}}
	var c collector
	if err := s.record(rec(0, 0, 4), &c); err != nil {
		t.Fatal(err)
	}
	// CPU 1's share fits (16 of 20), CPU 0's does not (8 + 16).
	if err := s.commit(held(s, 1, rec(0, 1, 4), rec(1, 2, 4), rec(0, 3, 4), rec(1, 4, 4)), &c); err != nil {
		t.Fatal(err)
	}
	if got, want := numbers(&c), []int{0, 2, 4}; !slices.Equal(got, want) {
		t.Errorf("fill: records %v, want %v", got, want)
	}
	if !s.policy.filled {
		t.Error("fill: a commit that does not fit did not stop tracing")
	}
	if s.policy.used[0] != 8 || s.policy.used[1] != 16 {
		t.Errorf("fill: buffers hold %v bytes, want [8 16]", s.policy.used)
	}

	s = &Session{policy: policyState{policy: PolicyRing, size: 20}}
	c = collector{}
	for i := range 3 {
		if err := s.record(rec(0, byte(i), 4), &c); err != nil {
			t.Fatal(err)
		}
	}
	// CPU 0's committed record pushes out the oldest; CPU 1's share of
	// 24 bytes is more than its buffer: one drop, none of it kept.
	if err := s.commit(held(s, 2, rec(0, 10, 4), rec(1, 11, 4), rec(1, 12, 4), rec(1, 13, 4)), &c); err != nil {
		t.Fatal(err)
	}
	if len(c.recs) != 0 {
		t.Errorf("ring: %d records handed before the end", len(c.recs))
	}
	if err := s.flushRing(&c); err != nil {
		t.Fatal(err)
	}
	if got, want := numbers(&c), []int{2, 10}; !slices.Equal(got, want) {
		t.Errorf("ring: records %v, want %v", got, want)
	}
	if want := []uint64{0, 1}; !slices.Equal(s.policy.dropped, want) {
		t.Errorf("ring: drops %v, want %v", s.policy.dropped, want)
	}

	s = &Session{policy: policyState{policy: PolicySwitch, size: 20}}
	c = collector{}
	if err := s.commit(held(s, 3, rec(0, 1, 4), rec(1, 2, 4), rec(0, 3, 4), rec(0, 4, 4)), &c); err != nil {
		t.Fatal(err)
	}
	if got, want := numbers(&c), []int{1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("switch: records %v, want %v", got, want)
	}
}
