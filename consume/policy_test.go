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
