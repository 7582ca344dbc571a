//go:build !amd64

package syscall

// sysnum is empty where no syscall table is generated: the provider then
// lists no probes.
var sysnum = map[string]uint32{}
