package fbt

import "github.com/godtrace/godtrace/provider"

// MayMatch: fbt probes are named entry and return. Listing the kernel's
// functions reads tens of thousands of lines, which a description such as
// BEGIN has no need of.
func (*Provider) MayMatch(d provider.Desc) bool {
	return provider.MayMatchName(d, entryName, returnName)
}
