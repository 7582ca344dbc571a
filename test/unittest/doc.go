// Package unittest owns the end-to-end D tests: one folder per area, each
// case a D script with the output dtrace must print for it, run through the
// built dtrace binary by unittest_test.go. It is the one runner of D test
// cases, for these and for the recorded conformance cases alike, with one
// normalisation (normalise: pointers, BPF pcs and the CPU column masked,
// probe IDs under @@ids, lines sorted unless the case says @@nosort).
package unittest
