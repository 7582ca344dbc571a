package cg

import "github.com/godtrace/godtrace/internal/feature"

// Target is what generated code may use of the kernel it is to run on.
// Code generation takes it as input and probes nothing itself, so that a
// program compiles the same way for the same target wherever it is
// compiled: tests choose theirs, dtrace probes the running kernel
// (HostTarget).
type Target struct {
	// V4 allows the fourth version of the BPF instruction set (Linux
	// 6.6): signed division and remainder, sign-extending moves. Without
	// it the same operations take longer sequences of older instructions.
	V4 bool
	// FetchAtomics allows BPF's atomic operations that return the old
	// value (Linux 5.12), with which min(), max() and stddev() cannot
	// lose what a firing nested in theirs stored between their load and
	// store.
	FetchAtomics bool
	// WriteUser is nil when BPF programs may write user memory
	// (bpf_probe_write_user, for copyout() and copyoutstr()); else why
	// not, which compiling either reports. An error matching
	// feature.ErrNotSupported says the kernel refuses (it may be in
	// lockdown).
	WriteUser error
	// KernelData says whether the kernel gives the addresses of its
	// variables, which a read of one (`max_pfn) needs; nil, as it
	// returns an error, says it does not: the kernel has none to give
	// (built without CONFIG_KALLSYMS_ALL, it lists functions only) or
	// hides them. A call runs only when a program reads a kernel
	// variable, as the probe reads all of /proc/kallsyms.
	KernelData func() error
}

// HostTarget is the target of the running kernel, probed once.
func HostTarget() Target {
	return Target{
		V4:           feature.V4ISA.Check() == nil,
		FetchAtomics: feature.FetchAtomics.Check() == nil,
		WriteUser:    feature.WriteUser.Check(),
		KernelData:   feature.KernelData.Check,
	}
}
