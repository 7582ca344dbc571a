package ctf

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// Marshal encodes d as a CTF v3 dict in little-endian byte order, with
// every name in its own string table. Variables and named symbols are
// written sorted by name, as libctf's binary searches expect. With
// compress, the body after the header is zlib-compressed.
func Marshal(d *Dict, compress bool) ([]byte, error) {
	if len(d.Types) > MaxTypes {
		return nil, fmt.Errorf("ctf: %d types do not fit one dict", len(d.Types))
	}
	var w writer
	w.strs = map[string]uint32{"": 0}
	w.collect(d)

	vars := sortedSymbols(d.Vars)
	objs, objNamed := symbolsForWrite(d.Objects)
	funcs, funcNamed := symbolsForWrite(d.Funcs)

	var h header
	h.flags = flagNewFuncInfo
	if objNamed && funcNamed {
		h.flags |= flagIdxSorted
	}
	h.parLabel, h.parName, h.cuName = w.strs[d.ParentLabel], w.strs[d.ParentName], w.strs[d.CUName]
	b := &w.body
	h.lblOff = uint32(b.Len())
	for _, l := range d.Labels {
		w.u32(w.strs[l.Name], uint32(l.Type))
	}
	h.objtOff = uint32(b.Len())
	for _, s := range objs {
		w.u32(uint32(s.Type))
	}
	h.funcOff = uint32(b.Len())
	for _, s := range funcs {
		w.u32(uint32(s.Type))
	}
	h.objtIdxOff = uint32(b.Len())
	if objNamed {
		for _, s := range objs {
			w.u32(w.strs[s.Name])
		}
	}
	h.funcIdxOff = uint32(b.Len())
	if funcNamed {
		for _, s := range funcs {
			w.u32(w.strs[s.Name])
		}
	}
	h.varOff = uint32(b.Len())
	for _, s := range vars {
		w.u32(w.strs[s.Name], uint32(s.Type))
	}
	h.typeOff = uint32(b.Len())
	for i := range d.Types {
		if err := w.typ(&d.Types[i]); err != nil {
			return nil, fmt.Errorf("ctf: type %#x: %w", d.ID(i), err)
		}
	}
	h.strOff = uint32(b.Len())
	b.Write(w.strtab)
	h.strLen = uint32(len(w.strtab))
	if len(w.strtab) > maxName {
		return nil, fmt.Errorf("ctf: string table of %d bytes is too large", len(w.strtab))
	}
	if uint64(b.Len()) > maxBody {
		return nil, fmt.Errorf("ctf: dict body of %d bytes is too large", b.Len())
	}

	out := make([]byte, headerSize, headerSize+b.Len())
	binary.LittleEndian.PutUint16(out, magic)
	out[2] = version3
	body := b.Bytes()
	if compress {
		h.flags |= flagCompress
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		zw.Write(body)
		if err := zw.Close(); err != nil {
			return nil, fmt.Errorf("ctf: compressing dict: %w", err)
		}
		body = z.Bytes()
	}
	out[3] = h.flags
	for i, v := range []uint32{h.parLabel, h.parName, h.cuName, h.lblOff, h.objtOff,
		h.funcOff, h.objtIdxOff, h.funcIdxOff, h.varOff, h.typeOff, h.strOff, h.strLen} {
		binary.LittleEndian.PutUint32(out[4+4*i:], v)
	}
	return append(out, body...), nil
}

func sortedSymbols(s []Symbol) []Symbol {
	s = slices.Clone(s)
	slices.SortStableFunc(s, func(a, b Symbol) int { return strings.Compare(a.Name, b.Name) })
	return s
}

// symbolsForWrite sorts s by name and indexes it when any entry has a
// name; wholly unnamed symbols keep their (ELF symbol table) order and get
// no index.
func symbolsForWrite(s []Symbol) ([]Symbol, bool) {
	for _, x := range s {
		if x.Name != "" {
			return sortedSymbols(s), true
		}
	}
	return s, false
}

type writer struct {
	body   bytes.Buffer
	strs   map[string]uint32
	strtab []byte
	scr    [4]byte
}

func (w *writer) u32(vs ...uint32) {
	for _, v := range vs {
		binary.LittleEndian.PutUint32(w.scr[:], v)
		w.body.Write(w.scr[:])
	}
}

// collect builds a sorted, deduplicated string table of every name in d.
func (w *writer) collect(d *Dict) {
	var names []string
	add := func(s string) {
		if _, ok := w.strs[s]; !ok {
			w.strs[s] = 0
			names = append(names, s)
		}
	}
	add(d.ParentName)
	add(d.ParentLabel)
	add(d.CUName)
	for _, l := range d.Labels {
		add(l.Name)
	}
	for _, list := range [][]Symbol{d.Objects, d.Funcs, d.Vars} {
		for _, s := range list {
			add(s.Name)
		}
	}
	for i := range d.Types {
		t := &d.Types[i]
		add(t.Name)
		for _, m := range t.Members {
			add(m.Name)
		}
		for _, e := range t.Enumerators {
			add(e.Name)
		}
	}
	slices.Sort(names)
	w.strtab = append(w.strtab, 0)
	for _, s := range names {
		w.strs[s] = uint32(len(w.strtab))
		w.strtab = append(w.strtab, s...)
		w.strtab = append(w.strtab, 0)
	}
}

func (w *writer) typ(t *Type) error {
	var vlen int
	switch t.Kind {
	case KindFunction:
		vlen = len(t.Params)
		if t.Variadic {
			vlen++
		}
	case KindStruct, KindUnion:
		vlen = len(t.Members)
	case KindEnum:
		vlen = len(t.Enumerators)
	case KindUnknown, KindInteger, KindFloat, KindPointer, KindArray, KindForward,
		KindTypedef, KindVolatile, KindConst, KindRestrict, KindSlice:
	default:
		return fmt.Errorf("unknown kind %d", t.Kind)
	}
	if vlen > maxVlen {
		return fmt.Errorf("%d members or arguments exceed the CTF limit of %d", vlen, maxVlen)
	}
	info := uint32(t.Kind)<<26 | uint32(vlen)
	if t.Root {
		info |= 1 << 25
	}
	ref := uint32(t.Ref)
	if t.Kind == KindForward {
		ref = uint32(t.FwdKind)
	}
	if t.Kind.hasSize() {
		if t.Size > maxSize {
			w.u32(w.strs[t.Name], info, lsizeSent, uint32(t.Size>>32), uint32(t.Size))
		} else {
			w.u32(w.strs[t.Name], info, uint32(t.Size))
		}
	} else {
		if ref == lsizeSent {
			return fmt.Errorf("referenced type %#x is not a valid ID", ref)
		}
		w.u32(w.strs[t.Name], info, ref)
	}
	switch t.Kind {
	case KindInteger, KindFloat:
		if t.BitOffset > 0xff {
			return fmt.Errorf("bit offset %d does not fit an encoding", t.BitOffset)
		}
		w.u32(uint32(t.Encoding)<<24 | uint32(t.BitOffset)<<16 | uint32(t.Bits))
	case KindSlice:
		w.u32(uint32(t.Ref), uint32(t.Bits)<<16|uint32(t.BitOffset))
	case KindArray:
		w.u32(uint32(t.Ref), uint32(t.Index), t.NElems)
	case KindFunction:
		for _, p := range t.Params {
			w.u32(uint32(p))
		}
		if t.Variadic {
			w.u32(0)
		}
		if vlen&1 == 1 {
			w.u32(0)
		}
	case KindStruct, KindUnion:
		for _, m := range t.Members {
			if t.Size >= lstructThres {
				w.u32(w.strs[m.Name], uint32(m.Offset>>32), uint32(m.Type), uint32(m.Offset))
			} else {
				if m.Offset > 0xffffffff {
					return fmt.Errorf("member %q offset %d needs a large struct", m.Name, m.Offset)
				}
				w.u32(w.strs[m.Name], uint32(m.Offset), uint32(m.Type))
			}
		}
	case KindEnum:
		for _, e := range t.Enumerators {
			w.u32(w.strs[e.Name], uint32(e.Value))
		}
	}
	return nil
}
