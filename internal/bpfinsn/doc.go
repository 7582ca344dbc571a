// Package bpfinsn builds the BPF instructions that cilium/ebpf's asm
// package encodes wrongly, so that code generation, the runtime and the
// feature probes use one correct encoding: the 64-bit atomic operations
// that fetch the old value (compare-and-exchange, fetch-and-add), which
// cilium/ebpf v0.22.0 turns into plain atomic adds.
package bpfinsn
