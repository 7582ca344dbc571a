// Command dwarf2ctf owns the command line of the DWARF to CTF conversion:
// it turns a kernel build tree (vmlinux and every module under it), or any
// ELF files with DWARF, into one deduplicated CTF archive.
//
//	dwarf2ctf [-o vmlinux.ctfa] [-j N] [-z] [-parent NAME] [-cpuprofile FILE] BUILD_TREE|vmlinux [module.ko ...]
//
// The archive holds a parent dict (shared_ctf) with every type that is the
// same everywhere and one child dict per input, named as the kernel names
// modules, with its own types and its global variables. The work is done by
// package ctf/fromdwarf; the archive format is package ctf's.
package main
