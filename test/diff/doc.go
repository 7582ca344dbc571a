// Package diff owns the differential tests of dtrace's output: random
// cases, seeded and reproducible, run through the built dtrace binary and
// compared with an independent oracle — C's printf, compiled with gcc at
// test time, for printf() (after DTrace's own differences, which
// printf_test.go lists with where dt_printf.c implements them), and a Go
// model of DTrace's string subroutines written from their documented and
// implemented semantics for those (strings_test.go). They find wrong
// results that the example-based suites miss; each bug they found is also
// pinned by a test/unittest case.
//
// The tests need root (dtrace runs BEGIN) and skip under -short.
// DIFF_SEED=N reruns with another seed; DIFF_CASES=N changes the count.
package diff
