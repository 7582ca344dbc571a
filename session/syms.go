package session

import (
	"encoding/binary"
	"sync"

	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/proc"
	"github.com/godtrace/godtrace/uelf"
)

// symbols resolves the addresses records and aggregation keys carry:
// kernel ones with the kernel's symbol table (nil when the program
// records none, since it takes time to read), user ones through the
// processes' mappings and ELF symbol tables.
type symbols struct {
	kernel *ksym.Table
	user   *userSyms
}

func (s symbols) Kernel(addr uint64) (format.Symbol, bool) {
	if s.kernel == nil {
		return format.Symbol{}, false
	}
	sym, _, ok := s.kernel.Lookup(addr)
	if !ok {
		return format.Symbol{}, false
	}
	return format.Symbol{Module: sym.Module, Name: sym.Name, Addr: sym.Addr}, true
}

func (s symbols) User(pid int, addr uint64) (format.Symbol, bool) { return s.user.lookup(pid, addr) }

// userSyms symbolizes user addresses, caching per process: the mappings
// of a process are read when one of its addresses is first looked up, and
// kept, with every address resolved, after it exits, so that what it
// recorded still prints as symbols; the ELF files are cached by package
// uelf, across processes, by device, inode and path. The processes of -c
// and -p are followed from the start (follow): their mappings are read
// while they are stopped, and those they make later come from the
// session's mapFeed, so that even a process that exits right after its
// last probe fires prints symbols. Another process that had exited before
// anything of it was looked up has its addresses printed raw, as DTrace
// prints them. A pid the kernel reuses for another process meanwhile
// would be read as the first one.
type userSyms struct {
	feed      *mapFeed
	mu        sync.Mutex
	procs     map[int]*uelf.Process // nil for a process that could not be read
	demangled map[string]string
}

func newUserSyms(feed *mapFeed) *userSyms {
	u := &userSyms{feed: feed, procs: map[int]*uelf.Process{}, demangled: map[string]string{}}
	feed.addSink(u.apply)
	return u
}

// follow reads the mappings of process pid now; the feed, which watches
// it already, brings those it makes from now on.
func (u *userSyms) follow(pid int) error {
	p, err := uelf.NewProcess(pid)
	if err != nil {
		return err
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	u.procs[pid] = p
	return nil
}

// apply is the feed's sink: the new mappings of a followed process.
func (u *userSyms) apply(pid int, events []proc.MapEvent) {
	u.mu.Lock()
	p := u.procs[pid]
	u.mu.Unlock()
	if p != nil {
		p.Apply(events)
	}
}

func (u *userSyms) lookup(pid int, addr uint64) (format.Symbol, bool) {
	if pid <= 0 {
		return format.Symbol{}, false
	}
	u.mu.Lock()
	p, seen := u.procs[pid]
	if !seen {
		p, _ = uelf.NewProcess(pid)
		u.procs[pid] = p
	}
	u.mu.Unlock()
	if p == nil {
		return format.Symbol{}, false
	}
	u.feed.sync()
	fr := p.Lookup(addr)
	if fr.Module == "" {
		return format.Symbol{}, false
	}
	s := format.Symbol{Module: fr.Module, Base: fr.Base}
	if fr.Symbol != "" {
		s.Name, s.Addr = u.demangle(fr.Symbol), addr-fr.Offset
	}
	return s, true
}

// demangle demangles C++ and Rust names, once each.
func (u *userSyms) demangle(name string) string {
	u.mu.Lock()
	defer u.mu.Unlock()
	d, ok := u.demangled[name]
	if !ok {
		d = uelf.Demangle(name)
		u.demangled[name] = d
	}
	return d
}

// warm resolves the user addresses of an aggregation key, as a key notice
// brings it while the process most likely still runs.
func (u *userSyms) warm(fields []cg.Field, key []byte) {
	for _, f := range fields {
		if !f.Kind.IsUser() || f.Offset+f.Size > len(key) || f.Size < 16 {
			continue
		}
		v := key[f.Offset : f.Offset+f.Size]
		pid := int(binary.NativeEndian.Uint64(v))
		for off := 8; off+8 <= len(v); off += 8 {
			addr := binary.NativeEndian.Uint64(v[off:])
			if addr == 0 {
				break
			}
			u.lookup(pid, addr)
		}
	}
}

// needsUserSymbols reports whether prog records user addresses.
func needsUserSymbols(prog *cg.Program) bool {
	for _, c := range prog.Clauses {
		for _, r := range c.Stmt.Recs {
			if cg.RecKind(r).IsUser() && (r.Action == cg.ActTrace || r.Action == cg.ActArg) {
				return true
			}
		}
	}
	for _, a := range prog.Aggs {
		for _, k := range a.Keys {
			if k.Kind.IsUser() {
				return true
			}
		}
	}
	return false
}

// needsKernelSymbols reports whether prog records kernel addresses, or
// formats a number as one with %a (printf or printa), so that the kernel's
// symbol table is loaded only then.
func needsKernelSymbols(prog *cg.Program) bool {
	for _, f := range prog.Formats {
		for _, c := range f.Convs {
			if c.Class() == format.ArgKernelAddr {
				return true
			}
		}
	}
	kernel := func(k cg.Kind) bool { return k == cg.KindStack || k == cg.KindSym || k == cg.KindMod }
	for _, c := range prog.Clauses {
		for _, r := range c.Stmt.Recs {
			if kernel(cg.RecKind(r)) && (r.Action == cg.ActTrace || r.Action == cg.ActArg) {
				return true
			}
		}
	}
	for _, a := range prog.Aggs {
		for _, k := range a.Keys {
			if kernel(k.Kind) {
				return true
			}
		}
	}
	return false
}
