// Package conformance locates the conformance cases (D scripts with the
// output DTrace printed for them, in test/conformance of this repository)
// for the tests that compare against them. They live in the repository so
// that a fresh clone's tests need nothing beside it.
package conformance
