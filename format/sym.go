package format

import "strconv"

// Symbol is what a Symbolizer knows about an address.
type Symbol struct {
	// Module is the kernel module or the user object's base name.
	Module string
	// Name is the symbol; empty when only the containing module is known.
	Name string
	// Addr is the symbol's start address.
	Addr uint64
	// Base is, for a user address, the start of the mapping that holds
	// it, from which the noresolve option counts offsets.
	Base uint64
}

// Symbolizer resolves addresses for %a, %A, %k, stack(), sym() and their
// relatives. The consumer provides it (over ksym and proc); a nil
// Symbolizer leaves every address as hex.
type Symbolizer interface {
	// Kernel looks up a kernel address.
	Kernel(addr uint64) (Symbol, bool)
	// User looks up an address in process pid; it reports false when
	// the address is in no file the process maps (or the process is
	// gone), and a Symbol without Name when the file has no symbol there.
	User(pid int, addr uint64) (Symbol, bool)
}

func hex(addr uint64) string { return "0x" + strconv.FormatUint(addr, 16) }

// addrText is DTrace's text of a code address: module`symbol+0xoff,
// module`symbol when it is the symbol's start, module`0xaddr when only the
// module is known, else 0xaddr.
func addrText(s Symbol, ok bool, addr uint64) string {
	switch {
	case !ok || s.Module == "" && s.Name == "":
		return hex(addr)
	case s.Name == "":
		return s.Module + "`" + hex(addr)
	case addr > s.Addr:
		return s.Module + "`" + s.Name + "+" + hex(addr-s.Addr)
	default:
		return s.Module + "`" + s.Name
	}
}

// symText is the text of sym()/usym(): the symbol without offset, else
// what addrText gives.
func symText(s Symbol, ok bool, addr uint64) string {
	if ok && s.Name != "" {
		return s.Module + "`" + s.Name
	}
	return addrText(s, ok, addr)
}

// modText is the text of mod()/umod(): the module alone.
func modText(s Symbol, ok bool, addr uint64) string {
	if !ok || s.Module == "" {
		return hex(addr)
	}
	return s.Module
}

// userAddrText is the text of a user address in ustack() frames, uaddr()
// and %A: addrText's, or with noresolve "module:0xoff", the offset in the
// module's mapping.
func (p *Printer) userAddrText(pid int, addr uint64) string {
	s, ok := p.user(pid, addr)
	if p.NoResolve {
		return offsetText(s, ok, addr)
	}
	return addrText(s, ok, addr)
}

// userSymText is the text of usym() and ufunc(): the address taken back
// to the start of its symbol, then printed as userAddrText does.
func (p *Printer) userSymText(pid int, addr uint64) string {
	s, ok := p.user(pid, addr)
	if !p.NoResolve {
		return symText(s, ok, addr)
	}
	if ok && s.Name != "" {
		addr = s.Addr
	}
	return offsetText(s, ok, addr)
}

// offsetText is noresolve's text of a user address: module:0xoff.
func offsetText(s Symbol, ok bool, addr uint64) string {
	if !ok || s.Module == "" {
		return hex(addr)
	}
	return s.Module + ":" + hex(addr-s.Base)
}

func (p *Printer) kernel(addr uint64) (Symbol, bool) {
	if p.Sym == nil {
		return Symbol{}, false
	}
	return p.Sym.Kernel(addr)
}

func (p *Printer) user(pid int, addr uint64) (Symbol, bool) {
	if p.Sym == nil {
		return Symbol{}, false
	}
	return p.Sym.User(pid, addr)
}

// appendStack appends a stack as dt_print_stack does: a newline, then one
// line per frame, indented, each frame's text formatted by s.
func (p *Printer) appendStack(dst []byte, v Value, indent int, s spec) []byte {
	dst = append(dst, '\n')
	for _, pc := range v.Frames {
		if pc == 0 {
			break
		}
		dst = appendRepeat(dst, ' ', indent)
		switch {
		case v.Kind == KindUStack && pc == FrameTruncated:
			dst = appendStr(dst, s, TruncatedText)
		case v.Kind == KindUStack:
			dst = appendStr(dst, s, p.userAddrText(v.Pid, pc))
		default:
			sym, ok := p.kernel(pc)
			dst = appendStr(dst, s, addrText(sym, ok, pc))
		}
		dst = append(dst, '\n')
	}
	return dst
}
