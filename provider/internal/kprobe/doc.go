// Package kprobe holds the mechanics of kernel functions that fbt,
// rawfbt and the stable providers build on, so that none imports
// another: the traceable functions tracefs lists (named by their
// modules, less those a probe must never fire in), the look-up of a
// pattern among them, and the load of a kprobe's arguments from the
// x86-64 registers into args[].
package kprobe
