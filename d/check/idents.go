package check

import "github.com/godtrace/godtrace/attr"

// IdentKind says what a built-in identifier is.
type IdentKind uint8

// The kinds of built-in identifiers.
const (
	// Scalar is a built-in variable read as a value (pid, timestamp).
	Scalar IdentKind = iota + 1
	// ArrayVar is a built-in variable indexed with [] (args, uregs).
	ArrayVar
	// Subr is a subroutine: a function that returns a value (strlen).
	Subr
	// Action is an action: a function whose effect is to record data or
	// act on the system, used as a statement (trace, exit).
	Action
	// AggFunc is an aggregating function (count, quantize).
	AggFunc
	// ScopePtr is a scope keyword used with -> (self, this).
	ScopePtr
	// Macro is a macro variable ($pid, $target).
	Macro
)

// Stability is a DTrace stability level (package attr's); the zero value
// of an Ident's stability fields means Stable, what most built-ins are.
type Stability = attr.Stability

// Stability levels, in DTrace's order.
const (
	Internal = attr.Internal
	Private  = attr.Private
	Obsolete = attr.Obsolete
	External = attr.External
	Unstable = attr.Unstable
	Evolving = attr.Evolving
	Stable   = attr.Stable
	Standard = attr.Standard
)

// Ident is one entry of the built-in identifier table shared by the checker
// and the code generator.
type Ident struct {
	Name string
	Kind IdentKind
	// Proto is the C type of a variable ("int64_t", "vmlinux`struct
	// task_struct *") or the prototype of a function in DTrace's notation:
	// "string(const char *, int, [int])", where @ is a parameter of any
	// type, [T] an optional parameter and ... further arguments.
	Proto string
	// Name stability and data stability, as DTrace reports them with -v;
	// read them with Stability.
	NameStab, DataStab Stability
	// Destructive actions need the destructive option (-w).
	Destructive bool
}

// Builtins is the table of D's built-in variables, subroutines, actions and
// aggregating functions, sorted by name. Types follow DTrace for Linux.
var Builtins = []Ident{
	{Name: "alloca", Kind: Subr, Proto: "void *(size_t)"},
	{Name: "arg0", Kind: Scalar, Proto: "int64_t"},
	{Name: "arg1", Kind: Scalar, Proto: "int64_t"},
	{Name: "arg2", Kind: Scalar, Proto: "int64_t"},
	{Name: "arg3", Kind: Scalar, Proto: "int64_t"},
	{Name: "arg4", Kind: Scalar, Proto: "int64_t"},
	{Name: "arg5", Kind: Scalar, Proto: "int64_t"},
	{Name: "arg6", Kind: Scalar, Proto: "int64_t"},
	{Name: "arg7", Kind: Scalar, Proto: "int64_t"},
	{Name: "arg8", Kind: Scalar, Proto: "int64_t"},
	{Name: "arg9", Kind: Scalar, Proto: "int64_t"},
	{Name: "args", Kind: ArrayVar},
	{Name: "avg", Kind: AggFunc, Proto: "void(@)"},
	{Name: "basename", Kind: Subr, Proto: "string(const char *)"},
	{Name: "bcopy", Kind: Subr, Proto: "void(void *, void *, size_t)"},
	{Name: "breakpoint", Kind: Action, Proto: "void()", Destructive: true},
	{Name: "caller", Kind: Scalar, Proto: "uintptr_t"},
	{Name: "chill", Kind: Action, Proto: "void(int)", Destructive: true},
	{Name: "cleanpath", Kind: Subr, Proto: "string(const char *)"},
	{Name: "clear", Kind: Action, Proto: "void(@)"},
	{Name: "commit", Kind: Action, Proto: "void(int)"},
	{Name: "copyin", Kind: Subr, Proto: "void *(uintptr_t, size_t)"},
	{Name: "copyinstr", Kind: Subr, Proto: "string(uintptr_t, [size_t])"},
	{Name: "copyinto", Kind: Subr, Proto: "void(uintptr_t, size_t, void *)"},
	{Name: "copyout", Kind: Subr, Proto: "void(void *, uintptr_t, size_t)", Destructive: true},
	{Name: "copyoutstr", Kind: Subr, Proto: "void(char *, uintptr_t, size_t)", Destructive: true},
	{Name: "count", Kind: AggFunc, Proto: "void()"},
	{Name: "cpu", Kind: Scalar, Proto: "processorid_t"},
	{Name: "curcpu", Kind: Scalar, Proto: "cpuinfo_t *"},
	{Name: "curthread", Kind: Scalar, Proto: "vmlinux`struct task_struct *", DataStab: Private},
	{Name: "cwd", Kind: Scalar, Proto: "string"},
	{Name: "d_path", Kind: Subr, Proto: "string(struct path *)", NameStab: Evolving},
	{Name: "ddi_pathname", Kind: Subr, Proto: "string(void *, int64_t)", NameStab: Evolving},
	{Name: "denormalize", Kind: Action, Proto: "void(@)"},
	{Name: "dirname", Kind: Subr, Proto: "string(const char *)"},
	{Name: "discard", Kind: Action, Proto: "void(int)"},
	{Name: "epid", Kind: Scalar, Proto: "uint64_t"},
	{Name: "errno", Kind: Scalar, Proto: "int"},
	{Name: "execargs", Kind: Scalar, Proto: "string"},
	{Name: "execname", Kind: Scalar, Proto: "string"},
	{Name: "exit", Kind: Action, Proto: "void(int)"},
	{Name: "freopen", Kind: Action, Proto: "void(@, ...)", Destructive: true},
	{Name: "ftruncate", Kind: Action, Proto: "void()"},
	{Name: "func", Kind: Action, Proto: "_symaddr(uintptr_t)"},
	{Name: "getmajor", Kind: Subr, Proto: "vmlinux`dev_t(vmlinux`dev_t)", NameStab: Evolving},
	{Name: "getminor", Kind: Subr, Proto: "vmlinux`dev_t(vmlinux`dev_t)", NameStab: Evolving},
	{Name: "gid", Kind: Scalar, Proto: "gid_t"},
	{Name: "htonl", Kind: Subr, Proto: "uint32_t(uint32_t)", NameStab: Evolving},
	{Name: "htonll", Kind: Subr, Proto: "uint64_t(uint64_t)", NameStab: Evolving},
	{Name: "htons", Kind: Subr, Proto: "uint16_t(uint16_t)", NameStab: Evolving},
	{Name: "id", Kind: Scalar, Proto: "uint_t"},
	{Name: "index", Kind: Subr, Proto: "int(const char *, const char *, [int])"},
	{Name: "inet_ntoa", Kind: Subr, Proto: "string(ipaddr_t *)"},
	{Name: "inet_ntoa6", Kind: Subr, Proto: "string(struct in6_addr *, [int])"},
	{Name: "inet_ntop", Kind: Subr, Proto: "string(int, void *)"},
	{Name: "ipl", Kind: Scalar, Proto: "uint_t"},
	{Name: "jstack", Kind: Action, Proto: "stack([uint32_t], [uint32_t])"},
	{Name: "link_ntop", Kind: Subr, Proto: "string(int, void *)"},
	{Name: "llquantize", Kind: AggFunc, Proto: "void(@, int32_t, int32_t, int32_t, int32_t, ...)"},
	{Name: "lltostr", Kind: Subr, Proto: "string(int64_t, [int])"},
	{Name: "lquantize", Kind: AggFunc, Proto: "void(@, int32_t, int32_t, ...)"},
	{Name: "max", Kind: AggFunc, Proto: "void(@)"},
	{Name: "min", Kind: AggFunc, Proto: "void(@)"},
	{Name: "mod", Kind: Action, Proto: "_symaddr(uintptr_t)"},
	{Name: "msgdsize", Kind: Subr, Proto: "size_t(mblk_t *)"},
	{Name: "msgsize", Kind: Subr, Proto: "size_t(mblk_t *)"},
	{Name: "mutex_owned", Kind: Subr, Proto: "int(vmlinux`struct mutex *)", NameStab: Evolving},
	{Name: "mutex_owner", Kind: Subr, Proto: "vmlinux`struct task_struct *(vmlinux`struct mutex *)", NameStab: Evolving},
	{Name: "mutex_type_adaptive", Kind: Subr, Proto: "int(vmlinux`struct mutex *)", NameStab: Evolving},
	{Name: "mutex_type_spin", Kind: Subr, Proto: "int(vmlinux`struct mutex *)", NameStab: Evolving},
	{Name: "normalize", Kind: Action, Proto: "void(@, uint64_t)"},
	{Name: "ntohl", Kind: Subr, Proto: "uint32_t(uint32_t)", NameStab: Evolving},
	{Name: "ntohll", Kind: Subr, Proto: "uint64_t(uint64_t)", NameStab: Evolving},
	{Name: "ntohs", Kind: Subr, Proto: "uint16_t(uint16_t)", NameStab: Evolving},
	{Name: "panic", Kind: Action, Proto: "void()", Destructive: true},
	{Name: "pcap", Kind: Action, Proto: "void(void *, int)"},
	{Name: "pid", Kind: Scalar, Proto: "pid_t"},
	{Name: "ppid", Kind: Scalar, Proto: "pid_t"},
	{Name: "print", Kind: Action, Proto: "void(void *)"},
	{Name: "printa", Kind: Action, Proto: "void(@, ...)"},
	{Name: "printf", Kind: Action, Proto: "void(string, ...)"},
	{Name: "probefunc", Kind: Scalar, Proto: "string"},
	{Name: "probemod", Kind: Scalar, Proto: "string"},
	{Name: "probename", Kind: Scalar, Proto: "string"},
	{Name: "probeprov", Kind: Scalar, Proto: "string"},
	{Name: "progenyof", Kind: Subr, Proto: "int(pid_t)"},
	{Name: "quantize", Kind: AggFunc, Proto: "void(@, ...)"},
	{Name: "raise", Kind: Action, Proto: "void(int)", Destructive: true},
	{Name: "rand", Kind: Subr, Proto: "int()"},
	{Name: "rindex", Kind: Subr, Proto: "int(const char *, const char *, [int])"},
	{Name: "root", Kind: Scalar, Proto: "string"},
	{Name: "rw_iswriter", Kind: Subr, Proto: "int(vmlinux`rwlock_t *)", NameStab: Evolving},
	{Name: "rw_read_held", Kind: Subr, Proto: "int(vmlinux`rwlock_t *)", NameStab: Evolving},
	{Name: "rw_write_held", Kind: Subr, Proto: "int(vmlinux`rwlock_t *)", NameStab: Evolving},
	{Name: "self", Kind: ScopePtr, Proto: "void"},
	{Name: "setopt", Kind: Action, Proto: "void(const char *, [const char *])"},
	{Name: "speculate", Kind: Action, Proto: "void(int)"},
	{Name: "speculation", Kind: Subr, Proto: "int()"},
	{Name: "stack", Kind: Action, Proto: "stack([uint32_t])"},
	{Name: "stackdepth", Kind: Scalar, Proto: "uint32_t"},
	{Name: "stddev", Kind: AggFunc, Proto: "void(@)"},
	{Name: "stop", Kind: Action, Proto: "void()", Destructive: true},
	{Name: "strchr", Kind: Subr, Proto: "string(const char *, char)"},
	{Name: "strjoin", Kind: Subr, Proto: "string(const char *, const char *)"},
	{Name: "strlen", Kind: Subr, Proto: "size_t(const char *)"},
	{Name: "strrchr", Kind: Subr, Proto: "string(const char *, char)"},
	{Name: "strstr", Kind: Subr, Proto: "string(const char *, const char *)"},
	{Name: "strtok", Kind: Subr, Proto: "string(const char *, const char *)"},
	{Name: "substr", Kind: Subr, Proto: "string(const char *, int, [int])"},
	{Name: "sum", Kind: AggFunc, Proto: "void(@)"},
	{Name: "sym", Kind: Action, Proto: "_symaddr(uintptr_t)"},
	{Name: "system", Kind: Action, Proto: "void(@, ...)", Destructive: true},
	{Name: "this", Kind: ScopePtr, Proto: "void"},
	{Name: "tid", Kind: Scalar, Proto: "id_t"},
	{Name: "timestamp", Kind: Scalar, Proto: "uint64_t"},
	{Name: "tolower", Kind: Subr, Proto: "string(const char *)"},
	{Name: "toupper", Kind: Subr, Proto: "string(const char *)"},
	{Name: "trace", Kind: Action, Proto: "void(@)"},
	{Name: "tracemem", Kind: Action, Proto: "void(@, size_t, [size_t])"},
	{Name: "trunc", Kind: Action, Proto: "void(@, [int64_t])"},
	{Name: "uaddr", Kind: Action, Proto: "_usymaddr(uintptr_t)"},
	{Name: "ucaller", Kind: Scalar, Proto: "uint64_t"},
	{Name: "ufunc", Kind: Action, Proto: "_usymaddr(uintptr_t)"},
	{Name: "uid", Kind: Scalar, Proto: "uid_t"},
	{Name: "umod", Kind: Action, Proto: "_usymaddr(uintptr_t)"},
	{Name: "uregs", Kind: ArrayVar},
	{Name: "ustack", Kind: Action, Proto: "stack([uint32_t], [uint32_t])"},
	{Name: "ustackdepth", Kind: Scalar, Proto: "uint32_t"},
	{Name: "usym", Kind: Action, Proto: "_usymaddr(uintptr_t)"},
	{Name: "vtimestamp", Kind: Scalar, Proto: "uint64_t"},
	{Name: "walltimestamp", Kind: Scalar, Proto: "int64_t"},
}

// Macros are the macro variables DTrace defines; $1.. $n are the script's
// arguments and are handled apart.
var Macros = []string{"egid", "euid", "gid", "pgid", "pid", "ppid", "projid", "sid", "target", "taskid", "uid"}

var builtinIndex = func() map[string]*Ident {
	m := make(map[string]*Ident, len(Builtins))
	for i := range Builtins {
		m[Builtins[i].Name] = &Builtins[i]
	}
	return m
}()

// LookupBuiltin returns the built-in identifier of that name.
func LookupBuiltin(name string) (*Ident, bool) {
	id, ok := builtinIndex[name]
	return id, ok
}

// Stability returns the identifier's name and data stability.
func (id *Ident) Stability() (name, data Stability) {
	name, data = id.NameStab, id.DataStab
	if name == 0 {
		name = Stable
	}
	if data == 0 {
		data = Stable
	}
	return name, data
}
