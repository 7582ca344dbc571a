package tcp

import "testing"

// BuiltOnly has the established and refused probes, for the rest of t,
// find no segment and build their headers from the socket.
func BuiltOnly(t testing.TB) {
	builtOnly = true
	t.Cleanup(func() { builtOnly = false })
}
