package ctf

// On-disk constants of CTF version 3 (binutils include/ctf.h).
const (
	magic      = 0xdff2
	version3   = 4 // CTF_VERSION_3 is stored as 4
	headerSize = 4 + 12*4

	flagCompress    = 0x1
	flagNewFuncInfo = 0x2
	flagIdxSorted   = 0x4
	flagDynStr      = 0x8

	maxSize      = 0xfffffffe // larger sizes use the long type header
	lsizeSent    = 0xffffffff
	lstructThres = 536870912 // structs at least this big use long members
	maxVlen      = 0xffffff
	maxName      = 0x7fffffff

	// archive layout (libctf ctf-archive.c): all little-endian uint64
	archiveMagic  = 0x8b47f2a4d7623eeb
	archiveHeader = 5 * 8
	archiveModent = 2 * 8
)

// ChildBase is the first type ID of a child dict: IDs at or above it name
// the child's own types, IDs below it name its parent's.
const ChildBase TypeID = 0x80000000

// MaxTypes is the largest number of types one dict can hold.
const MaxTypes = 0x7fffffff

// Model is the data model an archive records for its dicts.
type Model uint64

// Data models known to libctf.
const (
	ModelILP32 Model = 1
	ModelLP64  Model = 2
)

// Integer encoding flags (Type.Encoding of a KindInteger).
const (
	IntSigned  = 0x01
	IntChar    = 0x02
	IntBool    = 0x04
	IntVarargs = 0x08
)

// Float encodings (Type.Encoding of a KindFloat).
const (
	FloatSingle  = 1
	FloatDouble  = 2
	FloatCplx    = 3
	FloatDCplx   = 4
	FloatLDCplx  = 5
	FloatLDouble = 6
	FloatIntrvl  = 7
	FloatDIntrvl = 8
	FloatLDIntrv = 9
	FloatImagry  = 10
	FloatDImagry = 11
	FloatLDImagr = 12
)
