package option

import (
	"math"
	"sort"
	"strings"
)

// Class says when an option is read, and so when it may still change.
type Class int

const (
	// Compile options steer the compiler; a script may set them with
	// #pragma D option before the clauses they affect.
	Compile Class = iota
	// Runtime options are read when tracing starts and are fixed after.
	Runtime
	// Dynamic options may change while tracing, e.g. from setopt().
	Dynamic
)

// Syntax says how an option's value is written.
type Syntax int

const (
	// Flag options take no value: -x zdefs.
	Flag Syntax = iota
	// Bool options are on/off or a count: no value or yes, on, true,
	// enable(d), set turn them on; no, off, false, disable(d), unset or an
	// empty value turn them off; a number sets a count (nspec=2).
	Bool
	// Size options take a byte count with an optional k, m, g or t suffix.
	Size
	// Rate options take a time (500ms, 1s, bare nanoseconds) or a
	// frequency (10hz), held in nanoseconds.
	Rate
	// Keyword options take one of Def.Keywords.
	Keyword
	// Text options take a free string: a path, a name, a list of words.
	Text
	// Int options take a small decimal integer.
	Int
)

// Def describes one option of the catalogue.
type Def struct {
	Name   string
	Class  Class
	Syntax Syntax
	// Keywords are the accepted values of a Keyword option.
	Keywords []string
	// Default is the value a numeric option has until it is set, or Unset.
	Default int64
	// CommandLineOnly options configure the preprocessor or the search
	// paths, so a script's own #pragma D option comes too late for them.
	CommandLineOnly bool
	// Doc says in a few words what the option does.
	Doc string
	// NoEffect options are accepted, as DTrace accepts them, but change
	// nothing here (illumos features, rates of work the kernel does on
	// its own, libdtrace's code generator, linker and debugging settings,
	// files of its internal types, permission for undefined symbols,
	// which are always errors here, lockmem, since the kernel charges BPF
	// memory to the memory cgroup and not to RLIMIT_MEMLOCK): setting
	// one is recorded, for a warning (Ineffective).
	NoEffect bool

	// set parses and stores a value; nil means the generic handling of
	// Syntax.
	set func(o *Options, d *Def, value string, has bool) error
}

// catalogue lists every option, sorted by name.
var catalogue = []*Def{
	// Aggregations.
	{Name: "aggpercpu", Class: Compile, Syntax: Flag, Doc: "keep aggregations per CPU"},
	// aggrate warns of nothing: aggregations are read whenever they are
	// printed, the freshest a short aggrate asks for, and scripts set it
	// to be sure of that (DTrace's own tests among them).
	{Name: "aggrate", Class: Dynamic, Syntax: Rate, Doc: "rate of aggregation reading"},
	{Name: "aggsize", Class: Runtime, Syntax: Size, Doc: "aggregation buffer size"},
	{Name: "aggsortkey", Class: Dynamic, Syntax: Bool, Doc: "sort aggregations by key"},
	{Name: "aggsortkeypos", Class: Dynamic, Syntax: Bool, Doc: "position of the aggregation key to sort by"},
	{Name: "aggsortpos", Class: Dynamic, Syntax: Bool, Doc: "position of the aggregation to sort by in printa()"},
	{Name: "aggsortrev", Class: Dynamic, Syntax: Bool, Doc: "sort aggregations in reverse order"},
	{Name: "agghist", Class: Dynamic, Syntax: Bool, Doc: "print aggregations as histograms (illumos)"},
	{Name: "aggpack", Class: Dynamic, Syntax: Bool, Doc: "print quantizations packed on one line (illumos)"},
	{Name: "aggzoom", Class: Dynamic, Syntax: Bool, Doc: "scale histograms to the largest bucket (illumos)"},

	// Compiler and preprocessor.
	{Name: "amin", Class: Compile, Syntax: Text, Doc: "minimum stability attributes of a program", set: setAttr},
	{Name: "argref", Class: Compile, Syntax: Flag, Doc: "allow references to unused macro arguments"},
	{Name: "core", Class: Compile, Syntax: Flag, Doc: "dump core on exit (debugging)"},
	{Name: "cpp", Class: Compile, Syntax: Flag, Doc: "run the C preprocessor on scripts (-C)"},
	{Name: "cppargs", Class: Compile, Syntax: Text, CommandLineOnly: true, Doc: "extra preprocessor arguments", set: setCppArgs},
	{Name: "cpphdrs", Class: Compile, Syntax: Flag, CommandLineOnly: true, Doc: "print included files (-H)", set: setCppHdrs},
	{Name: "cpppath", Class: Compile, Syntax: Text, CommandLineOnly: true, Doc: "path of the preprocessor"},
	{Name: "ctfpath", Class: Compile, Syntax: Text, CommandLineOnly: true, Doc: "path of the kernel CTF archive"},
	{Name: "ctypes", Class: Compile, Syntax: Text, Doc: "file to write the C types of the program to", NoEffect: true},
	{Name: "debug", Class: Compile, Syntax: Flag, Doc: "print libdtrace debugging output", NoEffect: true},
	{Name: "debugassert", Class: Compile, Syntax: Keyword, Keywords: []string{"mutexes"}, Doc: "enable internal assertions", NoEffect: true},
	{Name: "define", Class: Compile, Syntax: Text, CommandLineOnly: true, Doc: "define a preprocessor macro (-D)", set: cppOpt("-D")},
	{Name: "defaultargs", Class: Compile, Syntax: Flag, Doc: "unset macro arguments are 0 or \"\""},
	{Name: "disasm", Class: Compile, Syntax: Int, Doc: "disassembly listing modes", set: setInt(0, math.MaxInt32), NoEffect: true},
	{Name: "droptags", Class: Compile, Syntax: Flag, Doc: "print tags with drop messages", set: setIgnoringValue},
	{Name: "dtypes", Class: Compile, Syntax: Text, Doc: "file to write the D types of the program to", NoEffect: true},
	{Name: "empty", Class: Compile, Syntax: Flag, Doc: "permit compiling empty programs"},
	{Name: "encoding", Class: Compile, Syntax: Keyword, Keywords: []string{"ascii", "utf8"}, Doc: "characters distributions are drawn with (illumos)"},
	{Name: "errtags", Class: Compile, Syntax: Flag, Doc: "prefix error messages with their D_* tag"},
	{Name: "evaltime", Class: Compile, Syntax: Keyword, Keywords: []string{"exec", "preinit", "postinit", "main"}, Doc: "when to stop a -c process to evaluate the program"},
	{Name: "incdir", Class: Compile, Syntax: Text, CommandLineOnly: true, Doc: "add an include directory (-I)", set: cppOpt("-I")},
	{Name: "iregs", Class: Compile, Syntax: Int, Doc: "number of integer registers for code generation", set: setInt(1, 8), NoEffect: true},
	{Name: "kdefs", Class: Compile, Syntax: Flag, Doc: "undefined kernel symbols are errors", set: clearFlag("knodefs")},
	{Name: "knodefs", Class: Compile, Syntax: Flag, Doc: "permit undefined kernel symbols", NoEffect: true},
	{Name: "late", Class: Compile, Syntax: Keyword, Keywords: []string{"dynamic", "static"}, Doc: "translator binding mode", NoEffect: true},
	{Name: "lazyload", Class: Compile, Syntax: Flag, Doc: "load USDT providers lazily", set: setIgnoringValue, NoEffect: true},
	{Name: "ldpath", Class: Compile, Syntax: Text, CommandLineOnly: true, Doc: "link editor that -G links its object with"},
	{Name: "libdir", Class: Compile, Syntax: Text, Doc: "add a D library directory (-L)", set: setLibdir},
	{Name: "linkmode", Class: Compile, Syntax: Keyword, Keywords: []string{"kernel", "dynamic", "static"}, Doc: "how kernel symbols are linked", NoEffect: true},
	{Name: "linknommap", Class: Compile, Syntax: Flag, Doc: "do not mmap object files when linking", set: setIgnoringValue, NoEffect: true},
	{Name: "linktype", Class: Compile, Syntax: Keyword, Keywords: []string{"elf", "dof"}, Doc: "output type of -G: elf (dof is refused)", set: setLinktype},
	{Name: "modpath", Class: Compile, Syntax: Text, CommandLineOnly: true, Doc: "path of the kernel modules", NoEffect: true},
	{Name: "nolibs", Class: Compile, Syntax: Flag, Doc: "do not load the D libraries"},
	{Name: "pgmax", Class: Compile, Syntax: Int, Doc: "number of processes to keep grabbed", set: setInt(0, math.MaxInt32), NoEffect: true},
	{Name: "preallocate", Class: Compile, Syntax: Size, Doc: "memory to preallocate", set: setPreallocate, NoEffect: true},
	{Name: "procfspath", Class: Compile, Syntax: Text, CommandLineOnly: true, Doc: "path of procfs", NoEffect: true},
	{Name: "pspec", Class: Compile, Syntax: Flag, Doc: "interpret ambiguous specifiers as probe descriptions"},
	{Name: "stdc", Class: Compile, Syntax: Keyword, Keywords: []string{"a", "c", "s", "t"}, CommandLineOnly: true, Doc: "ISO C conformance of the preprocessor (-X)"},
	{Name: "strip", Class: Compile, Syntax: Flag, Doc: "strip non-loadable sections from -G output", NoEffect: true},
	{Name: "syslibdir", Class: Compile, Syntax: Text, Doc: "the system D library directory", NoEffect: true},
	{Name: "sysslice", Class: Compile, Syntax: Text, Doc: "systemd slice of system processes", NoEffect: true},
	{Name: "tree", Class: Compile, Syntax: Int, Doc: "print parse trees (debugging)", set: setInt(1, math.MaxInt32), NoEffect: true},
	{Name: "tregs", Class: Compile, Syntax: Int, Doc: "number of tuple registers, which bound the keys of a tuple", set: setInt(1, math.MaxInt32)},
	{Name: "udefs", Class: Compile, Syntax: Flag, Doc: "undefined user symbols are errors", set: clearFlag("unodefs")},
	{Name: "undef", Class: Compile, Syntax: Text, CommandLineOnly: true, Doc: "undefine a preprocessor macro (-U)", set: cppOpt("-U")},
	{Name: "unodefs", Class: Compile, Syntax: Flag, Doc: "permit undefined user symbols", NoEffect: true},
	{Name: "useruid", Class: Compile, Syntax: Int, Doc: "uid of user processes to trace", set: setInt(0, math.MaxInt32), NoEffect: true},
	{Name: "verbose", Class: Compile, Syntax: Flag, Doc: "print the generated code (-S)"},
	{Name: "version", Class: Compile, Syntax: Text, Doc: "D language version to compile for", set: setVersion},
	{Name: "zdefs", Class: Compile, Syntax: Flag, Doc: "permit probe descriptions that match no probes (-Z)"},
	{Name: "zone", Class: Compile, Syntax: Text, Doc: "zone to trace (illumos)", NoEffect: true},

	// Buffers and tracing.
	{Name: "bpflog", Class: Runtime, Syntax: Bool, Doc: "print the BPF verifier log"},
	{Name: "bpflogsize", Class: Runtime, Syntax: Size, Doc: "size of the BPF verifier log", NoEffect: true},
	{Name: "bufpolicy", Class: Runtime, Syntax: Keyword, Keywords: []string{"ring", "fill", "switch"}, Doc: "principal buffer policy"},
	{Name: "bufresize", Class: Runtime, Syntax: Keyword, Keywords: []string{"auto", "manual"}, Doc: "buffer resizing policy"},
	{Name: "bufsize", Class: Runtime, Syntax: Size, Doc: "principal buffer size (-b)"},
	{Name: "cleanrate", Class: Runtime, Syntax: Rate, Default: 1000000000 / 101, Doc: "rate of dynamic variable cleaning", NoEffect: true},
	{Name: "cpu", Class: Runtime, Syntax: Bool, Doc: "trace only this CPU"},
	{Name: "destructive", Class: Runtime, Syntax: Bool, Doc: "permit destructive actions (-w)"},
	{Name: "dynvarsize", Class: Runtime, Syntax: Size, Default: 1 << 20, Doc: "dynamic variable space size"},
	{Name: "exporter", Class: Runtime, Syntax: Text, Doc: "serve the aggregations as Prometheus metrics over HTTP at this address (host:port)"},
	{Name: "exporterframes", Class: Runtime, Syntax: Int, Default: 32, Doc: "most stack frames in an exporter's stack label", set: setInt(1, math.MaxInt32)},
	{Name: "exporterlabels", Class: Runtime, Syntax: Text, Doc: "names of an aggregation's keys as metric labels: agg:name,name... (adds to earlier ones)", set: setExporterLabels},
	{Name: "flowindent", Class: Dynamic, Syntax: Bool, Doc: "indent function entry and return (-F)"},
	{Name: "grabanon", Class: Runtime, Syntax: Bool, Doc: "claim anonymous tracing state (-a)", NoEffect: true},
	{Name: "jstackframes", Class: Runtime, Syntax: Bool, Default: 50, Doc: "default number of jstack() frames"},
	{Name: "jstackstrsize", Class: Runtime, Syntax: Size, Default: 512, Doc: "default jstack() string space", NoEffect: true},
	{Name: "lockmem", Class: Runtime, Syntax: Size, Doc: "locked memory limit, or unlimited", set: setLockmem, NoEffect: true},
	{Name: "maxframes", Class: Runtime, Syntax: Bool, Default: 127, Doc: "most stack frames any stack() may take"},
	{Name: "nocopyretry", Class: Compile, Syntax: Bool, Doc: "report a copyin() or copyinstr() that fails at a system call's entry at once, rather than retrying it at the call's return"},
	{Name: "noresolve", Class: Runtime, Syntax: Bool, Doc: "do not resolve addresses to symbols"},
	{Name: "nspec", Class: Runtime, Syntax: Bool, Default: 1, Doc: "number of speculations"},
	{Name: "oformat", Class: Dynamic, Syntax: Keyword, Keywords: []string{"text", "json", "xml", "html"}, Doc: "output format: text, or json lines (FreeBSD; its xml and html are refused)", set: setOformat},
	{Name: "pcapsize", Class: Runtime, Syntax: Size, Doc: "bytes of packets pcap() captures", set: setRounded(8, 1, 65535, 1600)},
	{Name: "pprof", Class: Runtime, Syntax: Text, Doc: "write the stack aggregations as a pprof profile to this file"},
	{Name: "printsize", Class: Dynamic, Syntax: Size, Doc: "bytes of data print() prints", set: setRounded(8, 1, 65536, 8192)},
	{Name: "quiet", Class: Dynamic, Syntax: Bool, Doc: "print only explicitly traced data (-q)"},
	{Name: "quietresize", Class: Dynamic, Syntax: Bool, Doc: "do not report buffer resizing"},
	{Name: "rawbytes", Class: Dynamic, Syntax: Bool, Doc: "tracemem() and trace() print raw bytes"},
	{Name: "scratchsize", Class: Runtime, Syntax: Size, Doc: "scratch space size", set: setScratchsize},
	{Name: "specsize", Class: Runtime, Syntax: Size, Default: 4 << 20, Doc: "speculation buffer size"},
	{Name: "stackframes", Class: Runtime, Syntax: Bool, Default: 20, Doc: "default number of stack() frames"},
	{Name: "stackformat", Class: Runtime, Syntax: Keyword, Keywords: []string{"text", "folded"}, Doc: "print stack aggregations as text or folded for flame graphs"},
	{Name: "stackindent", Class: Dynamic, Syntax: Bool, Default: 14, Doc: "indent of stack() output"},
	{Name: "statusrate", Class: Runtime, Syntax: Rate, Default: 1000000000, Doc: "rate of status checking"},
	{Name: "strsize", Class: Runtime, Syntax: Size, Default: 256, Doc: "string size", set: setStrsize},
	{Name: "switchrate", Class: Dynamic, Syntax: Rate, Default: 1000000000, Doc: "rate of buffer reading"},
	{Name: "temporal", Class: Runtime, Syntax: Bool, Doc: "print records in time order (illumos)", NoEffect: true},
	{Name: "ustacktablesize", Class: Compile, Syntax: Size, Default: 3 << 20, Doc: "memory of the unwind rows of the objects of the processes whose stacks ustack() walks (12 bytes a row); objects past it are walked by frame pointers"},
	{Name: "ustackfp", Class: Compile, Syntax: Bool, Doc: "walk user stacks by frame pointers only, without .eh_frame unwind tables"},
	{Name: "ustackframes", Class: Runtime, Syntax: Bool, Default: 100, Doc: "default number of ustack() frames"},
}

var byName = func() map[string]*Def {
	sort.Slice(catalogue, func(i, j int) bool { return catalogue[i].Name < catalogue[j].Name })
	m := make(map[string]*Def, len(catalogue))
	for _, d := range catalogue {
		if d.Default == 0 {
			d.Default = Unset
		}
		m[d.Name] = d
	}
	return m
}()

// Lookup returns the option called name.
func Lookup(name string) (Def, bool) {
	d, ok := byName[name]
	if !ok {
		return Def{}, false
	}
	return *d, true
}

// Defs returns every option of the catalogue, sorted by name.
func Defs() []Def {
	defs := make([]Def, len(catalogue))
	for i, d := range catalogue {
		defs[i] = *d
	}
	return defs
}

// keyword returns the accepted keyword that value names, or "". linktype
// is the one option DTrace compares without case.
func (d *Def) keyword(value string) string {
	for _, k := range d.Keywords {
		if k == value || (d.Name == "linktype" && strings.EqualFold(k, value)) {
			return k
		}
	}
	return ""
}
