package registry

import (
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtrace"
	"github.com/godtrace/godtrace/provider/profile"
	"github.com/godtrace/godtrace/provider/syscall"
)

// Providers returns new instances of every provider, in the order that
// fixes probe ids (see provider.Table): dtrace first, so BEGIN, END and
// ERROR are probes 1, 2 and 3 as in DTrace.
func Providers() []provider.Provider {
	return []provider.Provider{
		dtrace.New(),
		profile.New(),
		syscall.New(),
	}
}

// NewTable returns a probe table over all providers.
func NewTable() *provider.Table { return provider.NewTable(Providers()) }
