package ctype

import (
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"
)

// ErrNotFound is wrapped by every lookup that finds no type or variable.
var ErrNotFound = errors.New("not found")

// NotFound is the error of a lookup that found nothing. It is cheap to
// make, as lookups miss all the time while a name is searched for in each
// source in turn; its text is built only when printed.
type NotFound struct {
	Module, Name string
}

func (e *NotFound) Error() string {
	if e.Module == "" {
		return e.Name + ": " + ErrNotFound.Error()
	}
	return e.Module + "`" + e.Name + ": " + ErrNotFound.Error()
}

// Is makes errors.Is(err, ErrNotFound) true.
func (e *NotFound) Is(target error) bool { return target == ErrNotFound }

// Source supplies types by name. It is what the kernel's BTF, a CTF archive
// and the declarations of a script all implement.
type Source interface {
	// Module is the name D code uses with the backquote to pick this
	// source: "vmlinux", "C", "D", a kernel module's name.
	Module() string
	// LookupType finds a type by its C name: "int", "pid_t",
	// "struct task_struct", "union u", "enum e". It returns an error
	// wrapping ErrNotFound when the source has no such type.
	LookupType(name string) (*Type, error)
}

// VarSource is implemented by sources that know the types of global
// variables, such as kernel variables described by BTF VAR records.
type VarSource interface {
	// LookupVar returns the type of the named variable, or an error
	// wrapping ErrNotFound.
	LookupVar(name string) (*Type, error)
}

// EnumSource is implemented by sources that find the enumerators of their
// enums by name, such as the kernel's BTF.
type EnumSource interface {
	// LookupEnumerator returns the value of the named enumerator, or an
	// error wrapping ErrNotFound.
	LookupEnumerator(name string) (int64, error)
}

// Scope is a writable source: the declarations of a script, or a built-in
// module. It is safe for concurrent lookups once filled.
type Scope struct {
	module string
	mu     sync.RWMutex
	types  map[string]*Type
	vars   map[string]*Type
}

// NewScope returns an empty scope named module.
func NewScope(module string) *Scope {
	return &Scope{module: module, types: map[string]*Type{}, vars: map[string]*Type{}}
}

// Module implements Source.
func (s *Scope) Module() string { return s.module }

// LookupType implements Source.
func (s *Scope) LookupType(name string) (*Type, error) {
	s.mu.RLock()
	t, ok := s.types[name]
	s.mu.RUnlock()
	if !ok {
		return nil, &NotFound{s.module, name}
	}
	return t, nil
}

// LookupVar implements VarSource.
func (s *Scope) LookupVar(name string) (*Type, error) {
	s.mu.RLock()
	t, ok := s.vars[name]
	s.mu.RUnlock()
	if !ok {
		return nil, &NotFound{s.module, name}
	}
	return t, nil
}

// Define adds a type under its C name (see Source.LookupType), replacing
// nothing: it returns the existing type and false when the name is taken.
func (s *Scope) Define(name string, t *Type) (*Type, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.types[name]; ok {
		return old, false
	}
	if t.Module == "" {
		t.Module = s.module
	}
	s.types[name] = t
	return t, true
}

// DefineVar declares a variable's type; it returns the existing type and
// false when the name is taken.
func (s *Scope) DefineVar(name string, t *Type) (*Type, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.vars[name]; ok {
		return old, false
	}
	s.vars[name] = t
	return t, true
}

// Add defines in s each type and variable of from whose name s lacks.
func (s *Scope) Add(from *Scope) {
	from.mu.RLock()
	defer from.mu.RUnlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	for name, t := range from.types {
		if _, ok := s.types[name]; !ok {
			s.types[name] = t
		}
	}
	for name, t := range from.vars {
		if _, ok := s.vars[name]; !ok {
			s.vars[name] = t
		}
	}
}

// Universe is the ordered set of sources one compilation searches. An
// unscoped name is looked up in each source in order; a name scoped with
// the backquote (vmlinux`task_struct) only in the named module, which is
// loaded on demand through the module loader when it is not yet present.
type Universe struct {
	mu      sync.Mutex
	sources []Source
	byName  map[string]Source
	loader  func(module string) (Source, error)
	modules func() []string
	// moduleList is what modules returned, asked once.
	moduleList []string
	// broken are the modules SearchModules names that failed to load,
	// not tried again.
	broken map[string]bool
}

// SearchModules makes unscoped names that no source defines be looked up
// next in the modules names lists, in its order, each loaded through the
// loader on first use: DTrace searches the types of every module, not
// only the kernel's. A module that fails to load is passed over.
func (u *Universe) SearchModules(names func() []string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.modules, u.moduleList = names, nil
}

// moduleNames returns the names SearchModules gave, listed once.
func (u *Universe) moduleNames() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.modules != nil && u.moduleList == nil {
		u.moduleList = u.modules()
		if u.moduleList == nil {
			u.moduleList = []string{}
		}
	}
	return u.moduleList
}

// searched returns the sources an unscoped name is looked up in: the
// universe's own, then the modules SearchModules names.
func (u *Universe) searched() iter.Seq[Source] {
	return func(yield func(Source) bool) {
		own := map[string]bool{}
		for _, s := range u.list() {
			if !yield(s) {
				return
			}
			own[s.Module()] = true
		}
		for _, n := range u.moduleNames() {
			u.mu.Lock()
			skip := own[n] || u.broken[n]
			u.mu.Unlock()
			if skip {
				continue
			}
			s, err := u.Module(n)
			if err != nil {
				u.mu.Lock()
				u.broken[n] = true
				u.mu.Unlock()
				continue
			}
			if !yield(s) {
				return
			}
		}
	}
}

// NewUniverse returns a universe searching srcs in order. loader, which may
// be nil, supplies modules named with the backquote that are not in srcs
// (for example kernel modules' BTF).
func NewUniverse(loader func(module string) (Source, error), srcs ...Source) *Universe {
	u := &Universe{byName: map[string]Source{}, loader: loader, broken: map[string]bool{}}
	for _, s := range srcs {
		u.Add(s)
	}
	return u
}

// Add appends a source to the search order.
func (u *Universe) Add(s Source) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.sources = append(u.sources, s)
	if _, ok := u.byName[s.Module()]; !ok {
		u.byName[s.Module()] = s
	}
}

// Module returns the source for a module name, loading it if needed.
func (u *Universe) Module(name string) (Source, error) {
	u.mu.Lock()
	s, ok := u.byName[name]
	u.mu.Unlock()
	if ok {
		return s, nil
	}
	if u.loader == nil {
		return nil, fmt.Errorf("module %s: %w", name, ErrNotFound)
	}
	s, err := u.loader(name)
	if err != nil {
		return nil, fmt.Errorf("module %s: %w", name, err)
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if old, ok := u.byName[name]; ok {
		return old, nil
	}
	u.byName[name] = s
	return s, nil
}

// SplitScope splits a possibly scoped name into module and name:
// "struct vmlinux`task_struct" is ("vmlinux", "struct task_struct"),
// "`jiffies" is ("vmlinux", "jiffies"): an empty module before the
// backquote means the kernel, as in DTrace. Unscoped names return "".
func SplitScope(name string) (module, rest string) {
	tag := ""
	for _, kw := range [...]string{"struct ", "union ", "enum "} {
		if strings.HasPrefix(name, kw) {
			tag, name = kw, strings.TrimLeft(name[len(kw):], " ")
			break
		}
	}
	i := strings.LastIndexByte(name, '`')
	if i < 0 {
		return "", tag + name
	}
	module = name[:i]
	if module == "" {
		module = KernelModule
	}
	return module, tag + name[i+1:]
}

// KernelModule is the module name of the core kernel's types.
const KernelModule = "vmlinux"

// LookupType finds a type by its C name, scoped or not.
func (u *Universe) LookupType(name string) (*Type, error) {
	module, name := SplitScope(name)
	if module != "" {
		s, err := u.Module(module)
		if err != nil {
			return nil, err
		}
		return s.LookupType(name)
	}
	for s := range u.searched() {
		t, err := s.LookupType(name)
		if err == nil {
			return t, nil
		}
		if !errors.Is(err, ErrNotFound) {
			return nil, err
		}
	}
	return nil, &NotFound{Name: name}
}

// LookupVar finds the type of a global variable, scoped or not, in the
// sources that know variables.
func (u *Universe) LookupVar(name string) (*Type, error) {
	return lookupIn(u, name, VarSource.LookupVar)
}

// LookupEnumerator finds the value of an enumerator of the kernel's enums,
// scoped or not, in the sources that know enumerators.
func (u *Universe) LookupEnumerator(name string) (int64, error) {
	return lookupIn(u, name, EnumSource.LookupEnumerator)
}

// lookupIn asks the sources of kind S (the named module's, or each
// searched one in turn) for name, scoped or not: the first answer that is
// not ErrNotFound is the result.
func lookupIn[S any, T any](u *Universe, name string, ask func(S, string) (T, error)) (T, error) {
	var zero T
	module, name := SplitScope(name)
	srcs := u.searched()
	if module != "" {
		s, err := u.Module(module)
		if err != nil {
			return zero, err
		}
		srcs = slices.Values([]Source{s})
	}
	for s := range srcs {
		ss, ok := s.(S)
		if !ok {
			continue
		}
		v, err := ask(ss, name)
		if err == nil {
			return v, nil
		}
		if !errors.Is(err, ErrNotFound) {
			return zero, err
		}
	}
	return zero, &NotFound{Name: name}
}

func (u *Universe) list() []Source {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]Source(nil), u.sources...)
}
