package btfsrc

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/ctype"
)

// Source is a ctype.Source and ctype.VarSource over one BTF spec.
type Source struct {
	module string
	mu     sync.Mutex
	// spec is nil until load has made it, on the first lookup that
	// needs more than names.
	spec *btf.Spec
	load func() (*btf.Spec, error)
	// names, when not nil, are all the names of the ordinary namespace
	// (typedefs, integer and floating-point types): a lookup of any
	// other untagged name fails without loading the spec.
	names map[string]bool
	conv  map[btf.Type]*ctype.Type
	// enums, when not nil, indexes the enumerators of the spec's enums
	// by name, once, when one is first looked up.
	enums func() (map[string]int64, error)
}

// New returns a source named module over spec.
func New(module string, spec *btf.Spec) *Source {
	return &Source{module: module, spec: spec, conv: map[btf.Type]*ctype.Type{}}
}

// newLazy returns a source named module whose spec load makes when a
// lookup first needs it; names indexes its ordinary namespace.
func newLazy(module string, names map[string]bool, load func() (*btf.Spec, error)) *Source {
	return &Source{module: module, load: load, names: names, conv: map[btf.Type]*ctype.Type{}}
}

// specLocked returns the source's spec, loading it first if need be; s.mu
// is held.
func (s *Source) specLocked() (*btf.Spec, error) {
	if s.spec == nil {
		spec, err := s.load()
		if err != nil {
			return nil, fmt.Errorf("load %s BTF: %w", s.module, err)
		}
		s.spec, s.load = spec, nil
	}
	return s.spec, nil
}

// cache shares the decoded kernel BTF across every compilation of the
// process: decoding vmlinux costs tens of milliseconds.
var cache = btf.NewCache()

// kernelBTF is where the running kernel publishes its BTF, and where
// cilium/ebpf's cache.Kernel reads it from.
const kernelBTF = "/sys/kernel/btf/vmlinux"

var kernel = sync.OnceValues(func() (*Source, error) {
	// The parser asks about every identifier whether it names a type:
	// the names answer that without decoding the spec, which most
	// programs (BEGIN { exit(0); }) never need.
	if names, err := fileOrdinaryNames(kernelBTF); err == nil {
		s := newLazy(ctype.KernelModule, names, cache.Kernel)
		s.enums = sync.OnceValues(func() (map[string]int64, error) { return mapFile(kernelBTF, enumerators) })
		return s, nil
	}
	spec, err := cache.Kernel()
	if err != nil {
		return nil, fmt.Errorf("load kernel BTF: %w", err)
	}
	return New(ctype.KernelModule, spec), nil
})

// Kernel returns the process-wide source for the running kernel's vmlinux
// BTF. The error wraps btf.ErrNotSupported when the kernel has no BTF.
func Kernel() (*Source, error) { return kernel() }

var (
	modMu   sync.Mutex
	modules = map[string]*Source{}
)

// Module returns the source for a kernel module's BTF, or for vmlinux. It
// has the signature of ctype.NewUniverse's loader.
func Module(name string) (ctype.Source, error) {
	if name == ctype.KernelModule {
		return Kernel()
	}
	modMu.Lock()
	defer modMu.Unlock()
	if s, ok := modules[name]; ok {
		return s, nil
	}
	spec, err := cache.Module(name)
	if errors.Is(err, os.ErrNotExist) {
		// No such module, or one without BTF: its names are unknown.
		return nil, fmt.Errorf("module %s has no BTF: %w", name, ctype.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load BTF of module %s: %w", name, err)
	}
	s := New(name, spec)
	modules[name] = s
	return s, nil
}

// Module implements ctype.Source.
func (s *Source) Module() string { return s.module }

// LookupType implements ctype.Source. Names are C names; integer types are
// found by their canonical names ("unsigned long" finds BTF's
// "long unsigned int").
func (s *Source) LookupType(name string) (*ctype.Type, error) {
	want, bare := wantKind(name)
	if want == nil && s.names != nil && !s.names[bare] && !s.names[btfIntName(bare)] {
		return nil, &ctype.NotFound{Module: s.module, Name: name}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	spec, err := s.specLocked()
	if err != nil {
		return nil, err
	}
	cands, err := spec.AnyTypesByName(bare)
	if err != nil && !errors.Is(err, btf.ErrNotFound) {
		return nil, fmt.Errorf("%s`%s: %w", s.module, name, err)
	}
	if len(cands) == 0 && want == nil {
		if alt := btfIntName(bare); alt != "" {
			cands, _ = spec.AnyTypesByName(alt)
		}
	}
	var fwd btf.Type
	for _, c := range cands {
		ok, isFwd := matches(c, want)
		switch {
		case ok && !isFwd:
			return s.convert(c), nil
		case ok:
			fwd = c
		}
	}
	if fwd != nil {
		return s.convert(fwd), nil
	}
	return nil, &ctype.NotFound{Module: s.module, Name: name}
}

// LookupVar implements ctype.VarSource from BTF VAR records. This kernel's
// BTF describes only per-CPU variables that way.
func (s *Source) LookupVar(name string) (*ctype.Type, error) {
	return lookupRecord(s, name, func(v *btf.Var) btf.Type { return v.Type })
}

// LookupEnumerator implements ctype.EnumSource for the kernel's vmlinux,
// whose BTF file it indexes; other sources know no enumerators.
func (s *Source) LookupEnumerator(name string) (int64, error) {
	if s.enums == nil {
		return 0, &ctype.NotFound{Module: s.module, Name: name}
	}
	enums, err := s.enums()
	if err != nil {
		return 0, err
	}
	v, ok := enums[name]
	if !ok {
		return 0, &ctype.NotFound{Module: s.module, Name: name}
	}
	return v, nil
}

// LookupFunc returns the function type of a kernel function from its BTF
// FUNC record.
func (s *Source) LookupFunc(name string) (*ctype.Type, error) {
	return lookupRecord(s, name, func(f *btf.Func) btf.Type { return f.Type })
}

// lookupRecord converts the type of the first BTF record of kind R named
// name, as typeOf gives it.
func lookupRecord[R btf.Type](s *Source, name string, typeOf func(R) btf.Type) (*ctype.Type, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	spec, err := s.specLocked()
	if err != nil {
		return nil, err
	}
	cands, _ := spec.AnyTypesByName(name)
	for _, c := range cands {
		if r, ok := c.(R); ok {
			return s.convert(typeOf(r)), nil
		}
	}
	return nil, &ctype.NotFound{Module: s.module, Name: name}
}

// wantKind splits a C name into the tag kind it asks for (nil for the
// ordinary namespace of typedefs and base types) and the bare name.
func wantKind(name string) (*ctype.Kind, string) {
	for _, k := range [...]ctype.Kind{ctype.Struct, ctype.Union, ctype.Enum} {
		if rest, ok := strings.CutPrefix(name, k.String()+" "); ok {
			return &k, strings.TrimSpace(rest)
		}
	}
	return nil, name
}

// btfIntName is the name GCC's DWARF, and so BTF, gives a C base type
// whose canonical name differs ("unsigned long" is "long unsigned int").
func btfIntName(name string) string {
	switch name {
	case "unsigned int":
		return "unsigned int"
	case "short":
		return "short int"
	case "unsigned short":
		return "short unsigned int"
	case "long":
		return "long int"
	case "unsigned long":
		return "long unsigned int"
	case "long long":
		return "long long int"
	case "unsigned long long":
		return "long long unsigned int"
	}
	return ""
}

// matches reports whether a BTF type answers a lookup in the namespace
// want, and whether it is only a forward declaration.
func matches(t btf.Type, want *ctype.Kind) (ok, fwd bool) {
	if want == nil {
		switch t.(type) {
		case *btf.Typedef, *btf.Int, *btf.Float:
			return true, false
		}
		return false, false
	}
	switch t := t.(type) {
	case *btf.Struct:
		return *want == ctype.Struct, false
	case *btf.Union:
		return *want == ctype.Union, false
	case *btf.Enum:
		return *want == ctype.Enum, len(t.Values) == 0
	case *btf.Fwd:
		return (t.Kind == btf.FwdStruct && *want == ctype.Struct) ||
			(t.Kind == btf.FwdUnion && *want == ctype.Union), true
	}
	return false, false
}

// ModuleNames lists the kernel modules that have BTF, from
// /sys/kernel/btf, for ctype.Universe.SearchModules: unscoped names are
// looked up in every module, as DTrace looks them up in every module's
// CTF. It returns none when the directory cannot be read.
func ModuleNames() []string { return moduleNames(os.DirFS("/sys/kernel/btf")) }

// moduleNames lists the BTF files of fsys (a /sys/kernel/btf) other than
// the kernel's own, in name order.
func moduleNames(fsys fs.FS) []string {
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if e.Name() != ctype.KernelModule && !e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}
