// Package diff owns the differential tests of dtrace's output: random
// cases, seeded and reproducible, run through the built dtrace binary and
// compared with an independent oracle: C's printf, compiled with gcc at
// test time, for printf() (after DTrace's own differences, which
// printf_test.go lists with where dt_printf.c implements them). They find
// wrong results that the example-based suites miss; a bug they find is
// also pinned by a test/unittest case.
//
// The tests need root (dtrace runs BEGIN) and skip under -short.
// DIFF_SEED=N reruns with another seed; DIFF_CASES=N changes the count.
package diff
