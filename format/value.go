package format

import "encoding/binary"

// Kind says which field of a Value holds its data.
type Kind int

// The kinds of value a record decodes to.
const (
	// KindInt is an integer of Size bytes (1, 2, 4 or 8) held in Bits;
	// Signed says whether its C type is signed.
	KindInt Kind = iota
	// KindString is a D string in Str (no terminating NUL).
	KindString
	// KindBytes is raw memory in Bytes: a struct, union or array
	// traced by value, or tracemem() data.
	KindBytes
	// KindFloat is a floating-point value in Float.
	KindFloat
	// KindStack is a kernel stack() in Frames (innermost first; a 0
	// frame ends it early).
	KindStack
	// KindUStack is a ustack() of process Pid in Frames.
	KindUStack
	// KindSym is a kernel address from sym() in Bits.
	KindSym
	// KindMod is a kernel address from mod() in Bits.
	KindMod
	// KindUSym is a user address of process Pid from usym() or ufunc()
	// in Bits, printed as its symbol.
	KindUSym
	// KindUMod is a user address of process Pid from umod() in Bits.
	KindUMod
	// KindUAddr is a user address of process Pid from uaddr() (or an
	// integer printed with %A) in Bits, printed as symbol+offset.
	KindUAddr
	// KindHistogram is an aggregation value that prints itself as a
	// distribution table (the %@ conversion of quantize, lquantize and
	// llquantize); see Histogram.
	KindHistogram
)

// Value is one decoded datum, as the consumer hands it to this package.
type Value struct {
	Kind Kind
	// Bits holds an integer's bits, zero-extended from Size bytes, or an
	// address.
	Bits uint64
	// Size is the integer's size in bytes.
	Size int
	// Signed is set for integers of a signed C type.
	Signed bool
	Str    string
	// Bytes holds raw memory, or a string's whole record (the rawbytes
	// option prints it).
	Bytes  []byte
	Float  float64
	Frames []uint64
	Pid    int
	Hist   Histogram
}

// Histogram is an aggregation value drawn as a distribution table.
type Histogram interface {
	// AppendHistogram appends the table to dst, starting with the newline
	// that precedes its header line.
	AppendHistogram(dst []byte) []byte
}

// Int returns a signed integer Value of size bytes.
func Int(v int64, size int) Value {
	return Value{Kind: KindInt, Bits: truncate(uint64(v), size), Size: size, Signed: true}
}

// Uint returns an unsigned integer Value of size bytes.
func Uint(v uint64, size int) Value {
	return Value{Kind: KindInt, Bits: truncate(v, size), Size: size}
}

// String returns a string Value.
func String(s string) Value { return Value{Kind: KindString, Str: s} }

// Bytes returns a raw-memory Value.
func Bytes(b []byte) Value { return Value{Kind: KindBytes, Bytes: b} }

// Float returns a floating-point Value.
func Float(f float64) Value { return Value{Kind: KindFloat, Float: f} }

// IntFromBytes decodes a little-endian integer record of len(b) bytes
// (1, 2, 4 or 8); other lengths give a KindBytes Value.
func IntFromBytes(b []byte, signed bool) Value {
	var u uint64
	switch len(b) {
	case 1:
		u = uint64(b[0])
	case 2:
		u = uint64(binary.LittleEndian.Uint16(b))
	case 4:
		u = uint64(binary.LittleEndian.Uint32(b))
	case 8:
		u = binary.LittleEndian.Uint64(b)
	default:
		return Bytes(b)
	}
	return Value{Kind: KindInt, Bits: u, Size: len(b), Signed: signed}
}

func truncate(u uint64, size int) uint64 {
	if size <= 0 || size >= 8 {
		return u
	}
	return u & (1<<(8*uint(size)) - 1)
}

// Int64 returns the integer sign-extended from its size when Signed, and
// zero-extended otherwise.
func (v Value) Int64() int64 {
	if !v.Signed {
		return int64(v.Bits)
	}
	return signExtend(v.Bits, v.Size)
}

// SInt64 returns the integer sign-extended from its size, whatever its
// signedness (the view of a C signed conversion).
func (v Value) SInt64() int64 { return signExtend(v.Bits, v.Size) }

// Uint64 returns the integer zero-extended from its size.
func (v Value) Uint64() uint64 { return truncate(v.Bits, v.Size) }

func signExtend(u uint64, size int) int64 {
	switch size {
	case 1:
		return int64(int8(u))
	case 2:
		return int64(int16(u))
	case 4:
		return int64(int32(u))
	}
	return int64(u)
}

// FrameTruncated, as a frame of a ustack(), ends a stack that the
// unwinder could not follow further: a PC that no unwind table covers
// (JIT code, a corrupted stack), a frame that cannot be read. It prints
// as TruncatedText.
const FrameTruncated = ^uint64(0)

// TruncatedText is how a FrameTruncated frame prints.
const TruncatedText = "[truncated]"
