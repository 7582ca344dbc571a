// Package unittest owns the end-to-end D tests: one folder per area, each
// case a D script with the output dtrace must print for it, run through the
// built dtrace binary by unittest_test.go.
package unittest
