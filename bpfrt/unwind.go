package bpfrt

import (
	"encoding/binary"
	"fmt"

	"github.com/cilium/ebpf"
)

// User stacks are unwound in BPF from the .eh_frame rows of package
// uelf/unwind, which the session loads into three maps when
// Config.UnwindRows asks for them, and a fourth through which the probes
// ask for the tables of a process:
//
//   - MapUProcs, a HASH from a process ID to a UProc: the range of
//     MapUMaps holding its executable mappings, sorted by address; none
//     (N 0): walk its stack by frame pointers;
//   - MapUMaps, an ARRAY of UMap: a mapping, the load bias of its object
//     and the range of MapURows holding the object's rows (none: unwind
//     it by frame pointers);
//   - MapURows, an ARRAY of URowSize-byte rows, sorted by PC per object;
//   - MapUWant, a HASH of process IDs (the value unused) a probe found
//     in no entry of MapUProcs: the session builds their tables, and
//     until then their stacks are walked by frame pointers.
//
// Every index is looked up through the map, never added to a pointer, so
// the verifier does not track the searches' bounds: it checks a search
// step once, whatever the number of rows.
const (
	MapUProcs = "dt_uprocs"
	MapUMaps  = "dt_umaps"
	MapURows  = "dt_urows"
	MapUWant  = "dt_uwant"
)

// Sizes of the unwind maps: processes, mappings over all processes.
const (
	UProcsMax = 4096
	UMapsMax  = 1 << 15
	// UWantMax bounds the processes asked for between two reads of
	// MapUWant by the session.
	UWantMax = 1024
	// UMapsPerProc bounds the mappings of one process, so that a binary
	// search over them takes UMapSteps steps.
	UMapsPerProc = 512
	UMapSteps    = 10
	// URowSteps is the steps of a binary search over one object's rows,
	// which are at most 1<<URowSteps - 1.
	URowSteps = 22
	// DefaultUnwindRows is the rows the row map holds by default, the
	// ustacktablesize option's 3 MB: python3.11 and libc take 93,000.
	DefaultUnwindRows = 1 << 18
)

// UProc is the value of MapUProcs: the process's mappings are
// MapUMaps[First, First+N).
type UProc struct {
	First, N uint32
}

// UProcSize is the size of a UProc.
const UProcSize = 8

// UMap is an element of MapUMaps: addresses [Start, End) hold an object
// whose ELF virtual address is the address minus Bias; its rows are
// MapURows[First, First+Count).
type UMap struct {
	Start, End, Bias uint64
	First, Count     uint32
}

// UMapSize is the size of a UMap; the fields' offsets follow.
const (
	UMapSize  = 32
	UMapStart = 0
	UMapEnd   = 8
	UMapBias  = 16
	UMapFirst = 24
	UMapCount = 28
)

// A row of MapURows: the first ELF virtual address it covers (u32), the
// offset of the CFA from its base register (s32), the offset from the CFA
// where the caller's frame pointer is saved (s16, 0: not saved), the
// kind of row (u8) and, for URowPLT, the split (u8, see package
// uelf/unwind).
const (
	URowSize  = 12
	URowPC    = 0
	URowCFA   = 4
	URowFPOff = 8
	URowKind  = 10
	URowSplit = 11
)

// Kinds of rows. The return address is always at CFA-8 (x86-64).
const (
	URowStop   = 0 // no rule known: the stack ends, truncated
	URowSP     = 1 // CFA = SP + off
	URowFP     = 2 // CFA = FP + off
	URowPLT    = 3 // CFA = SP + off (+8 past the PLT entry's push)
	URowSignal = 4 // a signal frame: registers in the ucontext at SP
	URowEnd    = 5 // the outermost frame: the stack ends there
)

// PutURow encodes a row at b.
func PutURow(b []byte, pc uint32, cfa int32, fp int16, kind, split uint8) {
	ne := binary.NativeEndian
	ne.PutUint32(b[URowPC:], pc)
	ne.PutUint32(b[URowCFA:], uint32(cfa))
	ne.PutUint16(b[URowFPOff:], uint16(fp))
	b[URowKind] = kind
	b[URowSplit] = split
}

// UnwindMaps are the maps a program unwinding user stacks uses.
type UnwindMaps struct {
	Procs, Maps, Rows, Want *ebpf.Map
}

// NewUnwindMaps creates the unwind maps for rows rows (a program's come
// with its Maps, when Config.UnwindRows asks for them).
func NewUnwindMaps(rows int) (*UnwindMaps, error) {
	u := &UnwindMaps{}
	for _, s := range []struct {
		dst  **ebpf.Map
		spec ebpf.MapSpec
	}{
		{&u.Procs, ebpf.MapSpec{Name: MapUProcs, Type: ebpf.Hash, KeySize: 4, ValueSize: UProcSize, MaxEntries: UProcsMax}},
		{&u.Maps, ebpf.MapSpec{Name: MapUMaps, Type: ebpf.Array, KeySize: 4, ValueSize: UMapSize, MaxEntries: UMapsMax}},
		{&u.Rows, ebpf.MapSpec{Name: MapURows, Type: ebpf.Array, KeySize: 4, ValueSize: URowSize, MaxEntries: uint32(rows)}},
		{&u.Want, ebpf.MapSpec{Name: MapUWant, Type: ebpf.Hash, KeySize: 4, ValueSize: 4, MaxEntries: UWantMax}},
	} {
		m, err := ebpf.NewMap(&s.spec)
		if err != nil {
			u.Close()
			return nil, fmt.Errorf("create map %s: %w", s.spec.Name, err)
		}
		*s.dst = m
	}
	return u, nil
}

// Close releases the maps.
func (u *UnwindMaps) Close() {
	for _, m := range []*ebpf.Map{u.Procs, u.Maps, u.Rows, u.Want} {
		if m != nil {
			m.Close()
		}
	}
}
