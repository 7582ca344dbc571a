package output

import (
	"encoding/hex"
	"strconv"

	"github.com/godtrace/godtrace/format"
)

// lookup resolves pc of stack or address value v: in the kernel, or in
// process v.Pid for user stacks and addresses.
func lookup(sym format.Symbolizer, v format.Value, pc uint64) (format.Symbol, bool) {
	if sym == nil {
		return format.Symbol{}, false
	}
	switch v.Kind {
	case format.KindUStack, format.KindUSym, format.KindUMod, format.KindUAddr:
		return sym.User(v.Pid, pc)
	}
	return sym.Kernel(pc)
}

func hexAddr(addr uint64) string { return "0x" + strconv.FormatUint(addr, 16) }

// funcText names the function of a frame without the offset:
// module`function, module`0xaddr when only the module is known, else
// 0xaddr.
func funcText(s format.Symbol, ok bool, pc uint64) string {
	switch {
	case !ok || s.Module == "" && s.Name == "":
		return hexAddr(pc)
	case s.Name == "":
		return s.Module + "`" + hexAddr(pc)
	}
	return s.Module + "`" + s.Name
}

// frameText is DTrace's text of a frame: module`function+0xoff.
func frameText(s format.Symbol, ok bool, pc uint64) string {
	t := funcText(s, ok, pc)
	if ok && s.Name != "" && pc > s.Addr {
		t += "+" + hexAddr(pc-s.Addr)
	}
	return t
}

// KeyText is the text of an aggregation key that is not a stack, as one
// frame of a folded line, a pprof label or a metric's label: a string as
// it is, an integer in decimal, an address as its symbol (uaddr() with
// its offset), memory in hex.
func KeyText(sym format.Symbolizer, k format.Value) string { return keyText(sym, k) }

func keyText(sym format.Symbolizer, k format.Value) string {
	switch k.Kind {
	case format.KindString:
		return k.Str
	case format.KindInt:
		if k.Signed {
			return strconv.FormatInt(k.Int64(), 10)
		}
		return strconv.FormatUint(k.Uint64(), 10)
	case format.KindSym, format.KindUSym:
		s, ok := lookup(sym, k, k.Bits)
		return funcText(s, ok, k.Bits)
	case format.KindMod, format.KindUMod:
		if s, ok := lookup(sym, k, k.Bits); ok && s.Module != "" {
			return s.Module
		}
		return hexAddr(k.Bits)
	case format.KindUAddr:
		s, ok := lookup(sym, k, k.Bits)
		return frameText(s, ok, k.Bits)
	case format.KindFloat:
		return strconv.FormatFloat(k.Float, 'g', -1, 64)
	}
	return hex.EncodeToString(k.Bytes)
}
