// Package conformance locates the shared conformance cases (D scripts with
// the output DTrace printed for them) for the tests that compare against
// them. They live in ../shared/conformance beside the repository, where the
// development machines and CI both put the project's shared folder.
package conformance
