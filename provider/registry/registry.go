package registry

import (
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/cpc"
	"github.com/godtrace/godtrace/provider/dtrace"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/provider/io"
	"github.com/godtrace/godtrace/provider/ip"
	"github.com/godtrace/godtrace/provider/lockstat"
	"github.com/godtrace/godtrace/provider/pid"
	"github.com/godtrace/godtrace/provider/proc"
	"github.com/godtrace/godtrace/provider/profile"
	"github.com/godtrace/godtrace/provider/rawtp"
	"github.com/godtrace/godtrace/provider/sched"
	"github.com/godtrace/godtrace/provider/sdt"
	"github.com/godtrace/godtrace/provider/syscall"
	"github.com/godtrace/godtrace/provider/tcp"
	"github.com/godtrace/godtrace/provider/udp"
	"github.com/godtrace/godtrace/provider/usdt"
)

// Providers returns new instances of every provider, in the order that
// fixes probe ids (see provider.Table): dtrace first, so BEGIN, END and
// ERROR are probes 1, 2 and 3 as in DTrace.
func Providers() []provider.Provider {
	return []provider.Provider{
		dtrace.New(),
		profile.New(),
		syscall.New(),
		proc.New(),
		sched.New(),
		io.New(),
		ip.New(),
		tcp.New(),
		udp.New(),
		lockstat.New(),
		cpc.New(),
		sdt.New(),
		rawtp.New(),
		pid.New(),
		usdt.New(),
		fbt.New(),
		fbt.NewRaw(),
	}
}

// NewTable returns a probe table over all providers.
func NewTable() *provider.Table { return provider.NewTable(Providers()) }
