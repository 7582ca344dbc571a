package format

// ArgClass says which arguments a conversion accepts, for the checker.
type ArgClass int

// The argument classes of the conversions, after DTrace's pfcheck_*
// functions.
const (
	// ArgNone: %% consumes no argument.
	ArgNone ArgClass = iota
	// ArgInteger: any integer (%d %i %o %u %x %X).
	ArgInteger
	// ArgSmallInt: an integer no larger than int (%c %C).
	ArgSmallInt
	// ArgFloat: float, double or long double.
	ArgFloat
	// ArgAddr: a pointer or an integer (%p).
	ArgAddr
	// ArgKernelAddr: a pointer, an integer or a kernel symbol address (%a).
	ArgKernelAddr
	// ArgUserAddr: a _usymaddr, or a pointer or integer when a target
	// process exists (%A).
	ArgUserAddr
	// ArgStack: a stack() or ustack() value (%k).
	ArgStack
	// ArgTime: a 64-bit integer (%Y %T).
	ArgTime
	// ArgString: a string or a char array (%s %S).
	ArgString
	// ArgWideString: a wchar_t array (%ls %ws).
	ArgWideString
	// ArgType: exactly the C type named in Conv.Proto, or one compatible
	// with it (%hd %ld %lld %Lf ...).
	ArgType
	// ArgShortName: a type whose name is short, signed short or unsigned
	// short (%hx %hX).
	ArgShortName
	// ArgLongName: a type whose name is long, signed long or unsigned
	// long (%lx %lX).
	ArgLongName
	// ArgLongLongName: [unsigned] long long, or [u]int64_t or a typedef
	// of it (%llx %llX).
	ArgLongLongName
)

// render says how a conversion turns its argument into text.
type render int

const (
	rPct     render = iota // "%"
	rSint                  // the value as a signed integer of its size
	rUint                  // the value as an unsigned integer of its size
	rDint                  // signed or unsigned after the argument's type
	rFloat                 // floating point
	rAddr                  // kernel symbol of an address
	rUAddr                 // user symbol of an address
	rStack                 // a stack, one frame a line
	rTime                  // "2026 Dec  2 13:45:01"
	rTime822               // RFC 822 date
	rCStr                  // a string
	rEStr                  // a string with non-printables escaped
	rEChr                  // a character escaped like %S
	rWStr                  // a wide string
)

// convInfo is one entry of the conversion dictionary: DTrace's name, the
// printf(3) conversion it becomes, the prototype text shown in
// D_PRINTF_ARG_TYPE messages, and how it checks and renders.
type convInfo struct {
	name  string
	verb  byte // output conversion character
	proto string
	class ArgClass
	r     render
}

const (
	protoXint  = "char, short, int, long, or long long"
	protoCSI   = "char, short, or int"
	protoFP    = "float, double, or long double"
	protoAddr  = "pointer or integer"
	protoUAddr = "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)"
	protoCStr  = "char [] or string (or use stringof)"
	protoWStr  = "wchar_t []"
)

// convTable follows the conversion dictionary of DTrace's dt_printf.c.
var convTable = []convInfo{
	{"a", 's', protoAddr, ArgKernelAddr, rAddr},
	{"A", 's', protoUAddr, ArgUserAddr, rUAddr},
	{"c", 'c', protoCSI, ArgSmallInt, rSint},
	{"C", 's', protoCSI, ArgSmallInt, rEChr},
	{"d", 'd', protoXint, ArgInteger, rDint},
	{"e", 'e', protoFP, ArgFloat, rFloat},
	{"E", 'E', protoFP, ArgFloat, rFloat},
	{"f", 'f', protoFP, ArgFloat, rFloat},
	{"g", 'g', protoFP, ArgFloat, rFloat},
	{"G", 'G', protoFP, ArgFloat, rFloat},
	{"hd", 'd', "short", ArgType, rSint},
	{"hi", 'i', "short", ArgType, rSint},
	{"ho", 'o', "unsigned short", ArgType, rUint},
	{"hu", 'u', "unsigned short", ArgType, rUint},
	{"hx", 'x', "short", ArgShortName, rUint},
	{"hX", 'X', "short", ArgShortName, rUint},
	{"i", 'i', protoXint, ArgInteger, rDint},
	{"k", 's', "stack", ArgStack, rStack},
	{"lc", 'c', "int", ArgType, rSint},
	{"ld", 'd', "long", ArgType, rSint},
	{"li", 'i', "long", ArgType, rSint},
	{"lo", 'o', "unsigned long", ArgType, rUint},
	{"lu", 'u', "unsigned long", ArgType, rUint},
	{"ls", 's', protoWStr, ArgWideString, rWStr},
	{"lx", 'x', "long", ArgLongName, rUint},
	{"lX", 'X', "long", ArgLongName, rUint},
	{"lld", 'd', "long long", ArgType, rSint},
	{"lli", 'i', "long long", ArgType, rSint},
	{"llo", 'o', "unsigned long long", ArgType, rUint},
	{"llu", 'u', "unsigned long long", ArgType, rUint},
	{"llx", 'x', "long long", ArgLongLongName, rUint},
	{"llX", 'X', "long long", ArgLongLongName, rUint},
	{"Le", 'e', "long double", ArgType, rFloat},
	{"LE", 'E', "long double", ArgType, rFloat},
	{"Lf", 'f', "long double", ArgType, rFloat},
	{"Lg", 'g', "long double", ArgType, rFloat},
	{"LG", 'G', "long double", ArgType, rFloat},
	{"o", 'o', protoXint, ArgInteger, rUint},
	{"p", 'x', protoAddr, ArgAddr, rUint},
	{"s", 's', protoCStr, ArgString, rCStr},
	{"S", 's', protoCStr, ArgString, rEStr},
	{"T", 's', "int64_t", ArgTime, rTime822},
	{"u", 'u', protoXint, ArgInteger, rUint},
	{"wc", 'c', "int", ArgType, rSint},
	{"ws", 's', protoWStr, ArgWideString, rWStr},
	{"x", 'x', protoXint, ArgInteger, rUint},
	{"X", 'X', protoXint, ArgInteger, rUint},
	{"Y", 's', "int64_t", ArgTime, rTime},
	{"%", '%', "void", ArgNone, rPct},
}

var convByName = func() map[string]*convInfo {
	m := make(map[string]*convInfo, len(convTable))
	for i := range convTable {
		m[convTable[i].name] = &convTable[i]
	}
	return m
}()
