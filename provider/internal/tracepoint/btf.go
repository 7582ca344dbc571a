package tracepoint

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/cilium/ebpf/btf"
)

// kernelSpec is the running kernel's BTF. It is kept rather than asked
// of cilium/ebpf each time: LoadKernelSpec returns a fresh copy whose
// types are decoded again on every look-up (76ms per prototype, against
// microseconds on one kept spec).
var kernelSpec = sync.OnceValues(func() (*btf.Spec, error) {
	s, err := btf.LoadKernelSpec()
	if err != nil {
		return nil, fmt.Errorf("kernel BTF: %w", err)
	}
	return s, nil
})

// ErrNoPrototype says BTF has no prototype for a raw tracepoint.
var ErrNoPrototype = errors.New("no raw tracepoint prototype in BTF")

// Prototype returns the argument types of raw tracepoint name.
func Prototype(name string) ([]btf.Type, error) {
	s, err := kernelSpec()
	if err != nil {
		return nil, err
	}
	return prototype(s, name)
}

func prototype(s *btf.Spec, name string) ([]btf.Type, error) {
	var td *btf.Typedef
	if err := s.TypeByName("btf_trace_"+name, &td); err != nil {
		return nil, fmt.Errorf("raw tracepoint %s: %w: %w", name, ErrNoPrototype, err)
	}
	ptr, ok := td.Type.(*btf.Pointer)
	if !ok {
		return nil, fmt.Errorf("raw tracepoint %s: %w: typedef of %v", name, ErrNoPrototype, td.Type)
	}
	fp, ok := ptr.Target.(*btf.FuncProto)
	if !ok || len(fp.Params) == 0 {
		return nil, fmt.Errorf("raw tracepoint %s: %w: pointer to %v", name, ErrNoPrototype, ptr.Target)
	}
	types := make([]btf.Type, 0, len(fp.Params)-1)
	for _, p := range fp.Params[1:] {
		types = append(types, p.Type)
	}
	return types, nil
}

// Offset returns the byte offset of member in struct name, looking
// through anonymous struct and union members as C does; member may be a
// path "a.b" through nested structs and unions.
func Offset(name, member string) (uint32, error) {
	s, err := kernelSpec()
	if err != nil {
		return 0, err
	}
	var st *btf.Struct
	if err := s.TypeByName(name, &st); err != nil {
		return 0, fmt.Errorf("struct %s: %w", name, err)
	}
	var t btf.Type = st
	total := uint32(0)
	for m := range strings.SplitSeq(member, ".") {
		off, mt, ok := memberOffset(members(t), m)
		if !ok {
			return 0, fmt.Errorf("struct %s has no member %s", name, member)
		}
		total, t = total+off, mt
	}
	return total, nil
}

// members returns the members of a struct or union type, else none.
func members(t btf.Type) []btf.Member {
	switch t := btf.UnderlyingType(t).(type) {
	case *btf.Struct:
		return t.Members
	case *btf.Union:
		return t.Members
	}
	return nil
}

func memberOffset(ms []btf.Member, name string) (uint32, btf.Type, bool) {
	for _, m := range ms {
		if m.Name == name {
			return m.Offset.Bytes(), m.Type, true
		}
		if m.Name != "" {
			continue
		}
		if off, t, ok := memberOffset(members(m.Type), name); ok {
			return m.Offset.Bytes() + off, t, true
		}
	}
	return 0, nil, false
}

// TypeName writes t as a C type name ("struct task_struct *",
// "const char *", "void (*)(void)").
func TypeName(t btf.Type) string {
	var b strings.Builder
	writeType(&b, t, 0)
	return b.String()
}

// writeType writes t; depth bounds the recursion on malformed BTF.
func writeType(b *strings.Builder, t btf.Type, depth int) {
	if depth > 32 {
		b.WriteString("?")
		return
	}
	switch t := t.(type) {
	case nil, *btf.Void:
		b.WriteString("void")
	case *btf.Int:
		b.WriteString(t.Name)
	case *btf.Float:
		b.WriteString(t.Name)
	case *btf.Typedef:
		b.WriteString(t.Name)
	case *btf.Struct:
		b.WriteString("struct " + t.Name)
	case *btf.Union:
		b.WriteString("union " + t.Name)
	case *btf.Enum:
		if t.Name == "" {
			if t.Signed {
				b.WriteString("int")
			} else {
				b.WriteString("unsigned int")
			}
			return
		}
		b.WriteString("enum " + t.Name)
	case *btf.Fwd:
		b.WriteString(t.Kind.String() + " " + t.Name)
	case *btf.Const:
		if _, ptr := t.Type.(*btf.Pointer); ptr {
			writeType(b, t.Type, depth+1)
			b.WriteString(" const")
			return
		}
		b.WriteString("const ")
		writeType(b, t.Type, depth+1)
	case *btf.Volatile:
		b.WriteString("volatile ")
		writeType(b, t.Type, depth+1)
	case *btf.Restrict:
		writeType(b, t.Type, depth+1)
	case *btf.TypeTag:
		writeType(b, t.Type, depth+1)
	case *btf.Pointer:
		if fp, ok := t.Target.(*btf.FuncProto); ok {
			writeType(b, fp.Return, depth+1)
			b.WriteString(" (*)(")
			for i, p := range fp.Params {
				if i > 0 {
					b.WriteString(", ")
				}
				writeType(b, p.Type, depth+1)
			}
			if len(fp.Params) == 0 {
				b.WriteString("void")
			}
			b.WriteString(")")
			return
		}
		writeType(b, t.Target, depth+1)
		if s := b.String(); !strings.HasSuffix(s, "*") {
			b.WriteString(" ")
		}
		b.WriteString("*")
	case *btf.Array:
		writeType(b, t.Type, depth+1)
		fmt.Fprintf(b, " [%d]", t.Nelems)
	default:
		b.WriteString(t.TypeName())
	}
}
