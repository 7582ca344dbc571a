package diag

// Tag identifies the kind of a compile error, printed as DTrace's tag
// (D_SYNTAX) under -xerrtags. The values follow the order of DTrace's own
// catalogue.
//
// The list is append-only: add new tags at the end, never reorder or
// rename, so values stay stable for everyone who stores or compares them.
type Tag int

// The catalogue of DTrace's error tags, each with what it reports and, where
// known, an example of a program that draws it.
const (
	// D_UNKNOWN is an internal error with no better tag.
	D_UNKNOWN Tag = iota
	// D_SYNTAX: the text does not follow D's grammar.
	// `BEGIN { x = 1 +* ; }` → syntax error near ";".
	D_SYNTAX
	// D_EMPTY: the program has no clauses or declarations at all.
	D_EMPTY
	// D_TYPE_ERR: a type named in the program has no definition.
	D_TYPE_ERR
	// D_TYPE_MEMBER: a struct or union has no member of that name.
	D_TYPE_MEMBER
	// D_ASRELO: a relocation against a symbol could not be resolved.
	D_ASRELO
	// D_CG_EXPR: a tracing function was called inside an expression,
	// `x = trace(1);`.
	D_CG_EXPR
	// D_CG_DYN: an expression yields a dynamic (untyped) result.
	D_CG_DYN
	// D_ATTR_MIN: the program's stability is below the -xamin setting.
	D_ATTR_MIN
	// D_ID_OFLOW: too many identifiers were defined.
	D_ID_OFLOW
	// D_PDESC_ZERO: a probe description matches no probe,
	// `nosuch:::entry`.
	D_PDESC_ZERO
	// D_PDESC_INVAL: a probe description is malformed (too many fields).
	D_PDESC_INVAL
	// D_PRED_SCALAR: a predicate is not of scalar type, `/"str"/`... of
	// struct type.
	D_PRED_SCALAR
	// D_FUNC_IDENT: something other than a name is called as a function.
	D_FUNC_IDENT
	// D_FUNC_UNDEF: the called function does not exist, `nosuch(1)`.
	D_FUNC_UNDEF
	// D_FUNC_IDKIND: the called name is a variable, not a function.
	D_FUNC_IDKIND
	// D_OFFSETOF_TYPE: offsetof() was given a type that is not a struct
	// or union.
	D_OFFSETOF_TYPE
	// D_OFFSETOF_BITFIELD: offsetof() names a bit-field member.
	D_OFFSETOF_BITFIELD
	// D_SIZEOF_TYPE: sizeof was applied to a type without a size (void,
	// a function).
	D_SIZEOF_TYPE
	// D_SIZEOF_BITFIELD: sizeof was applied to a bit-field member.
	D_SIZEOF_BITFIELD
	// D_STRINGOF_TYPE: stringof was applied to a type it cannot convert.
	D_STRINGOF_TYPE
	// D_OP_IDENT: an operator needs an identifier operand.
	D_OP_IDENT
	// D_OP_INT: an operator needs an integer operand, `"a" % 2`.
	D_OP_INT
	// D_OP_SCALAR: an operator needs a scalar operand.
	D_OP_SCALAR
	// D_OP_ARITH: an operator needs an arithmetic operand, `-"a"`.
	D_OP_ARITH
	// D_OP_WRITE: the left side of an assignment is not writable,
	// `timestamp = 1`.
	D_OP_WRITE
	// D_OP_LVAL: an operator needs an lvalue, `1 = 2`, `x++ ++`.
	D_OP_LVAL
	// D_OP_INCOMPAT: the operand types do not fit together,
	// struct plus integer.
	D_OP_INCOMPAT
	// D_OP_VFPTR: the operand is void or a function pointer.
	D_OP_VFPTR
	// D_OP_ARRFUN: the operand is an array or a function.
	D_OP_ARRFUN
	// D_OP_PTR: the operator needs a pointer, `x->y` on an integer.
	D_OP_PTR
	// D_OP_SOU: the operator needs a struct or union, `x.y` on an int.
	D_OP_SOU
	// D_OP_INCOMPLETE: the operand has an incomplete type.
	D_OP_INCOMPLETE
	// D_OP_DYN: the operand has a dynamic type (such as args[] of an
	// unknown probe).
	D_OP_DYN
	// D_OP_ACT: an action (a void function) was used as an operand.
	D_OP_ACT
	// D_AGG_REDEF: an aggregation is used with two different functions,
	// `@a = count(); @a = sum(1);`.
	D_AGG_REDEF
	// D_AGG_FUNC: the right side of an aggregation assignment is not an
	// aggregating function, `@a = 1`.
	D_AGG_FUNC
	// D_AGG_MDIM: an aggregation is indexed as a multi-dimensional array,
	// `@a[1][2]`.
	D_AGG_MDIM
	// D_ARR_BADREF: a tuple index is applied to something that is not an
	// associative array.
	D_ARR_BADREF
	// D_ARR_LOCAL: an associative array was declared clause-local.
	D_ARR_LOCAL
	// D_DIV_ZERO: a constant division or modulus by zero, `x = 1 / 0`.
	D_DIV_ZERO
	// D_DEREF_NONPTR: unary * applied to a non-pointer, `*1`.
	D_DEREF_NONPTR
	// D_DEREF_VOID: unary * applied to a void pointer.
	D_DEREF_VOID
	// D_DEREF_FUNC: unary * applied to a function pointer.
	D_DEREF_FUNC
	// D_ADDROF_LVAL: unary & applied to something that is not an lvalue,
	// `&1`.
	D_ADDROF_LVAL
	// D_ADDROF_VAR: unary & applied to a D variable, `&x`.
	D_ADDROF_VAR
	// D_ADDROF_BITFIELD: unary & applied to a bit-field member.
	D_ADDROF_BITFIELD
	// D_XLATE_REDECL: a translator for the same pair of types is defined
	// twice.
	D_XLATE_REDECL
	// D_XLATE_NOCONV: xlate asks for a member the translator does not
	// define.
	D_XLATE_NOCONV
	// D_XLATE_NONE: no translator converts between the two types.
	D_XLATE_NONE
	// D_XLATE_SOU: a translator's output type is not a struct or union.
	D_XLATE_SOU
	// D_XLATE_INCOMPAT: a translator member's expression does not fit the
	// member's type.
	D_XLATE_INCOMPAT
	// D_XLATE_MEMB: a translator defines a member its output type lacks.
	D_XLATE_MEMB
	// D_CAST_INVAL: a cast between types that cannot be converted,
	// `(struct foo)1`.
	D_CAST_INVAL
	// D_PRAGERR: a `#pragma error` line was compiled.
	D_PRAGERR
	// D_PRAGCTL_INVAL: a control line that is not #pragma or #line, such
	// as `#include` without -C.
	D_PRAGCTL_INVAL
	// D_PRAGMA_INVAL: a #pragma D directive D does not know.
	D_PRAGMA_INVAL
	// D_PRAGMA_UNUSED: a #pragma that was parsed but has no effect.
	D_PRAGMA_UNUSED
	// D_PRAGMA_MALFORM: a #pragma with the wrong number or kind of words,
	// `#pragma D option`.
	D_PRAGMA_MALFORM
	// D_PRAGMA_OPTSET: `#pragma D option` names an unknown option or a bad
	// value.
	D_PRAGMA_OPTSET
	// D_PRAGMA_SCOPE: a #pragma names an identifier in the wrong scope.
	D_PRAGMA_SCOPE
	// D_PRAGMA_DEPEND: `#pragma D depends_on` names something absent.
	D_PRAGMA_DEPEND
	// D_MACRO_UNDEF: a macro argument or variable is not defined, `$3`
	// with only two arguments.
	D_MACRO_UNDEF
	// D_MACRO_OFLOW: a macro argument's integer does not fit 64 bits.
	D_MACRO_OFLOW
	// D_MACRO_UNUSED: a macro argument given on the command line is not
	// used by the script.
	D_MACRO_UNUSED
	// D_INT_OFLOW: an integer constant does not fit 64 bits,
	// `99999999999999999999`.
	D_INT_OFLOW
	// D_INT_DIGIT: an integer constant has a digit its base lacks, `09`.
	D_INT_DIGIT
	// D_STR_NL: a string literal runs past the end of its line.
	D_STR_NL
	// D_CHR_NL: a character constant runs past the end of its line.
	D_CHR_NL
	// D_CHR_NULL: an empty character constant, `''`.
	D_CHR_NULL
	// D_CHR_OFLOW: a character constant longer than 8 bytes.
	D_CHR_OFLOW
	// D_IDENT_BADREF: an identifier is used as the wrong kind of thing.
	D_IDENT_BADREF
	// D_IDENT_UNDEF: an identifier is read before it is defined,
	// `trace(nosuch)`.
	D_IDENT_UNDEF
	// D_IDENT_AMBIG: an identifier is both a variable and an enumerator.
	D_IDENT_AMBIG
	// D_SYM_BADREF: a backquoted symbol is used in a way its kind forbids.
	D_SYM_BADREF
	// D_SYM_NOTYPES: a backquoted symbol has no type information.
	D_SYM_NOTYPES
	// D_SYM_MODEL: the data model of a module and the program differ.
	D_SYM_MODEL
	// D_VAR_UNDEF: a variable reference names nothing defined.
	D_VAR_UNDEF
	// D_VAR_UNSUP: a variable specification D does not support.
	D_VAR_UNSUP
	// D_PROTO_LEN: a function gets the wrong number of arguments,
	// `strlen("a", "b")`.
	D_PROTO_LEN
	// D_PROTO_ARG: a function argument has the wrong type,
	// `lquantize(x, "a", 1, 1)`.
	D_PROTO_ARG
	// D_ARGS_MULTI: args[] is used where the description matches probes
	// with different argument types.
	D_ARGS_MULTI
	// D_ARGS_XLATOR: no translator exists for an args[] element.
	D_ARGS_XLATOR
	// D_ARGS_NONE: args[] is used where the probe has no typed arguments.
	D_ARGS_NONE
	// D_ARGS_TYPE: an args[] element has a type D cannot use.
	D_ARGS_TYPE
	// D_ARGS_IDX: args[] is indexed out of range or by a non-constant.
	D_ARGS_IDX
	// D_REGS_IDX: regs[] or uregs[] is indexed out of range.
	D_REGS_IDX
	// D_KEY_TYPE: an aggregation or array key has a type that cannot be a
	// key, such as void.
	D_KEY_TYPE
	// D_PRINTF_DYN_PROTO: a `*` width or precision has no argument.
	D_PRINTF_DYN_PROTO
	// D_PRINTF_DYN_TYPE: a `*` width or precision argument is not an int.
	D_PRINTF_DYN_TYPE
	// D_PRINTF_AGG_CONV: %@ used outside printa().
	D_PRINTF_AGG_CONV
	// D_PRINTF_ARG_PROTO: a conversion has no argument left to print.
	D_PRINTF_ARG_PROTO
	// D_PRINTF_ARG_TYPE: an argument does not fit its conversion,
	// `printf("%d", "a")`.
	D_PRINTF_ARG_TYPE
	// D_PRINTF_ARG_EXTRA: more arguments than conversions.
	D_PRINTF_ARG_EXTRA
	// D_PRINTF_ARG_FMT: the format is not a string constant.
	D_PRINTF_ARG_FMT
	// D_PRINTF_FMT_EMPTY: the format string is empty.
	D_PRINTF_FMT_EMPTY
	// D_DECL_CHARATTR: a char declaration with qualifiers it cannot take.
	D_DECL_CHARATTR
	// D_DECL_VOIDATTR: a void declaration with qualifiers it cannot take.
	D_DECL_VOIDATTR
	// D_DECL_SIGNINT: signed or unsigned with a type that is not an
	// integer.
	D_DECL_SIGNINT
	// D_DECL_LONGINT: long with a type that is not arithmetic.
	D_DECL_LONGINT
	// D_DECL_IDENT: an old-style declaration or an unknown type name.
	D_DECL_IDENT
	// D_DECL_CLASS: more than one storage class in a declaration.
	D_DECL_CLASS
	// D_DECL_BADCLASS: a storage class D does not support (auto,
	// register).
	D_DECL_BADCLASS
	// D_DECL_PARMCLASS: a storage class on a parameter.
	D_DECL_PARMCLASS
	// D_DECL_COMBO: type specifiers that do not combine, `short long`.
	D_DECL_COMBO
	// D_DECL_ARRSUB: an array size that is not an integer constant.
	D_DECL_ARRSUB
	// D_DECL_ARRNULL: an array declared with neither size nor key types.
	D_DECL_ARRNULL
	// D_DECL_ARRBIG: an array size that is too large.
	D_DECL_ARRBIG
	// D_DECL_IDRED: a name declared twice with different types,
	// `int x; char x;`.
	D_DECL_IDRED
	// D_DECL_TYPERED: a type defined twice.
	D_DECL_TYPERED
	// D_DECL_MNAME: a struct or union member without a name.
	D_DECL_MNAME
	// D_DECL_SCOPE: a backquote scope in a declared name.
	D_DECL_SCOPE
	// D_DECL_BFCONST: a bit-field width that is not an integer constant.
	D_DECL_BFCONST
	// D_DECL_BFSIZE: a bit-field wider than its type.
	D_DECL_BFSIZE
	// D_DECL_BFTYPE: a bit-field of a type that is not an integer.
	D_DECL_BFTYPE
	// D_DECL_ENCONST: an enumerator value that is not an integer
	// constant.
	D_DECL_ENCONST
	// D_DECL_ENOFLOW: an enumerator value beyond INT_MAX.
	D_DECL_ENOFLOW
	// D_DECL_USELESS: a declaration that declares nothing, `int;`.
	D_DECL_USELESS
	// D_DECL_LOCASSC: a clause-local associative array declaration.
	D_DECL_LOCASSC
	// D_DECL_VOIDOBJ: an object declared void, `void x;`.
	D_DECL_VOIDOBJ
	// D_DECL_DYNOBJ: an object declared with a dynamic type.
	D_DECL_DYNOBJ
	// D_DECL_INCOMPLETE: a declaration that uses an incomplete type.
	D_DECL_INCOMPLETE
	// D_DECL_PROTO_VARARGS: `...` where a prototype may not have it.
	D_DECL_PROTO_VARARGS
	// D_DECL_PROTO_TYPE: a parameter type a prototype may not have.
	D_DECL_PROTO_TYPE
	// D_DECL_PROTO_VOID: void together with other parameters.
	D_DECL_PROTO_VOID
	// D_DECL_PROTO_NAME: a void parameter with a name.
	D_DECL_PROTO_NAME
	// D_DECL_PROTO_FORM: a parameter name without a matching formal.
	D_DECL_PROTO_FORM
	// D_COMM_COMM: commit() after commit() in one clause.
	D_COMM_COMM
	// D_COMM_DREC: commit() after a data-recording action.
	D_COMM_DREC
	// D_SPEC_SPEC: speculate() after speculate() in one clause.
	D_SPEC_SPEC
	// D_SPEC_COMM: speculate() after commit().
	D_SPEC_COMM
	// D_SPEC_DREC: speculate() after a data-recording action.
	D_SPEC_DREC
	// D_AGG_COMM: an aggregation after commit().
	D_AGG_COMM
	// D_AGG_SPEC: an aggregation after speculate().
	D_AGG_SPEC
	// D_AGG_NULL: an aggregation used as a statement with no effect,
	// `@a;`.
	D_AGG_NULL
	// D_AGG_SCALAR: an aggregating function given a non-scalar value,
	// `@a = sum("a")`.
	D_AGG_SCALAR
	// D_ACT_SPEC: a destructive action after speculate().
	D_ACT_SPEC
	// D_EXIT_SPEC: exit() after speculate().
	D_EXIT_SPEC
	// D_DREC_COMM: a data-recording action after commit().
	D_DREC_COMM
	// D_PRINTA_PROTO: printa() with the wrong arguments.
	D_PRINTA_PROTO
	// D_PRINTA_AGGARG: a printa() argument that is not an aggregation.
	D_PRINTA_AGGARG
	// D_PRINTA_AGGBAD: printa() of an aggregation never defined.
	D_PRINTA_AGGBAD
	// D_PRINTA_AGGKEY: printa() aggregations with different keys.
	D_PRINTA_AGGKEY
	// D_PRINTA_AGGPROTO: printa() aggregations that do not match.
	D_PRINTA_AGGPROTO
	// D_TRACE_VOID: trace() of a void expression.
	D_TRACE_VOID
	// D_TRACE_DYN: trace() of a dynamically typed expression.
	D_TRACE_DYN
	// D_TRACEMEM_ADDR: tracemem() address that is not a pointer or
	// integer.
	D_TRACEMEM_ADDR
	// D_TRACEMEM_SIZE: tracemem() size that is not an integer constant.
	D_TRACEMEM_SIZE
	// D_STACK_PROTO: stack() with the wrong arguments.
	D_STACK_PROTO
	// D_STACK_SIZE: stack() frame count that is not an integer constant.
	D_STACK_SIZE
	// D_USTACK_FRAMES: ustack() frame count that is not an integer
	// constant.
	D_USTACK_FRAMES
	// D_USTACK_STRSIZE: ustack() string size that is not an integer
	// constant.
	D_USTACK_STRSIZE
	// D_USTACK_PROTO: ustack() with the wrong arguments.
	D_USTACK_PROTO
	// D_LQUANT_BASETYPE: lquantize() base that is not an integer constant.
	D_LQUANT_BASETYPE
	// D_LQUANT_BASEVAL: lquantize() base out of range.
	D_LQUANT_BASEVAL
	// D_LQUANT_LIMTYPE: lquantize() limit that is not an integer constant.
	D_LQUANT_LIMTYPE
	// D_LQUANT_LIMVAL: lquantize() limit out of range.
	D_LQUANT_LIMVAL
	// D_LQUANT_MISMATCH: lquantize() limit not above its base.
	D_LQUANT_MISMATCH
	// D_LQUANT_STEPTYPE: lquantize() step that is not an integer constant.
	D_LQUANT_STEPTYPE
	// D_LQUANT_STEPVAL: lquantize() step out of range.
	D_LQUANT_STEPVAL
	// D_LQUANT_STEPLARGE: lquantize() step larger than the range.
	D_LQUANT_STEPLARGE
	// D_LQUANT_STEPSMALL: lquantize() step giving too many buckets.
	D_LQUANT_STEPSMALL
	// D_QUANT_PROTO: quantize() with the wrong arguments.
	D_QUANT_PROTO
	// D_PROC_OFF: a pid probe offset beyond the end of its function.
	D_PROC_OFF
	// D_PROC_ALIGN: a pid probe offset that is not an instruction start.
	D_PROC_ALIGN
	// D_PROC_NAME: a pid probe name that is neither entry, return nor an
	// offset.
	D_PROC_NAME
	// D_PROC_GRAB: the process could not be grabbed.
	D_PROC_GRAB
	// D_PROC_DYN: the process is not dynamically linked.
	D_PROC_DYN
	// D_PROC_LIB: a pid probe names an object the process lacks.
	D_PROC_LIB
	// D_PROC_FUNC: a pid probe names a function the object lacks.
	D_PROC_FUNC
	// D_PROC_CREATEFAIL: a pid probe could not be created.
	D_PROC_CREATEFAIL
	// D_PROC_NODEV: the user-space tracing device is missing.
	D_PROC_NODEV
	// D_PROC_BADPID: a pid probe's process id is not valid, `pidx:::`.
	D_PROC_BADPID
	// D_PROC_BADPROV: a user-space provider name is not valid.
	D_PROC_BADPROV
	// D_PROC_USDT: USDT probes of the process could not be set up.
	D_PROC_USDT
	// D_CLEAR_PROTO: clear() with the wrong arguments.
	D_CLEAR_PROTO
	// D_CLEAR_AGGARG: a clear() argument that is not an aggregation.
	D_CLEAR_AGGARG
	// D_CLEAR_AGGBAD: clear() of an aggregation never defined.
	D_CLEAR_AGGBAD
	// D_NORMALIZE_PROTO: normalize() with the wrong arguments.
	D_NORMALIZE_PROTO
	// D_NORMALIZE_SCALAR: a normalize() factor that is not scalar.
	D_NORMALIZE_SCALAR
	// D_NORMALIZE_AGGARG: a normalize() argument that is not an
	// aggregation.
	D_NORMALIZE_AGGARG
	// D_NORMALIZE_AGGBAD: normalize() of an aggregation never defined.
	D_NORMALIZE_AGGBAD
	// D_TRUNC_PROTO: trunc() with the wrong arguments.
	D_TRUNC_PROTO
	// D_TRUNC_SCALAR: a trunc() count that is not scalar.
	D_TRUNC_SCALAR
	// D_TRUNC_AGGARG: a trunc() argument that is not an aggregation.
	D_TRUNC_AGGARG
	// D_TRUNC_AGGBAD: trunc() of an aggregation never defined.
	D_TRUNC_AGGBAD
	// D_PROV_BADNAME: a provider definition with an invalid name.
	D_PROV_BADNAME
	// D_PROV_INCOMPAT: a provider's probes differ from an earlier
	// definition.
	D_PROV_INCOMPAT
	// D_PROV_PRDUP: a probe declared twice in one provider.
	D_PROV_PRDUP
	// D_PROV_PRARGLEN: a probe declaration with too many arguments.
	D_PROV_PRARGLEN
	// D_PROV_PRXLATOR: no translator for a probe's native to translated
	// argument.
	D_PROV_PRXLATOR
	// D_FREOPEN_INVALID: freopen() given a file name it refuses.
	D_FREOPEN_INVALID
	// D_LQUANT_MATCHBASE: lquantize() base differs from an earlier use.
	D_LQUANT_MATCHBASE
	// D_LQUANT_MATCHLIM: lquantize() limit differs from an earlier use.
	D_LQUANT_MATCHLIM
	// D_LQUANT_MATCHSTEP: lquantize() step differs from an earlier use.
	D_LQUANT_MATCHSTEP
	// D_LLQUANT_FACTORTYPE: llquantize() factor that is not an integer
	// constant.
	D_LLQUANT_FACTORTYPE
	// D_LLQUANT_FACTORVAL: llquantize() factor out of range.
	D_LLQUANT_FACTORVAL
	// D_LLQUANT_LMAGTYPE: llquantize() low magnitude that is not an
	// integer constant.
	D_LLQUANT_LMAGTYPE
	// D_LLQUANT_LMAGVAL: llquantize() low magnitude out of range.
	D_LLQUANT_LMAGVAL
	// D_LLQUANT_HMAGTYPE: llquantize() high magnitude that is not an
	// integer constant.
	D_LLQUANT_HMAGTYPE
	// D_LLQUANT_HMAGVAL: llquantize() high magnitude out of range.
	D_LLQUANT_HMAGVAL
	// D_LLQUANT_STEPTYPE: llquantize() steps that is not an integer
	// constant.
	D_LLQUANT_STEPTYPE
	// D_LLQUANT_STEPVAL: llquantize() steps out of range.
	D_LLQUANT_STEPVAL
	// D_LLQUANT_MATCHFACTOR: llquantize() factor differs from an earlier
	// use.
	D_LLQUANT_MATCHFACTOR
	// D_LLQUANT_MATCHLMAG: llquantize() low magnitude differs from an
	// earlier use.
	D_LLQUANT_MATCHLMAG
	// D_LLQUANT_MATCHHMAG: llquantize() high magnitude differs from an
	// earlier use.
	D_LLQUANT_MATCHHMAG
	// D_LLQUANT_MATCHSTEPS: llquantize() steps differs from an earlier
	// use.
	D_LLQUANT_MATCHSTEPS

	// D_ARR_BOUNDS: a constant array index is outside the declared bounds,
	// `int a[5]; BEGIN { a[7] = 1; }` → index outside array bounds: 7, max is 5.
	D_ARR_BOUNDS
	// D_LLQUANT_FACTORSMALL: llquantize() factor below two.
	D_LLQUANT_FACTORSMALL
	// D_LLQUANT_MAGRANGE: llquantize() high magnitude not above the low one.
	D_LLQUANT_MAGRANGE
	// D_LLQUANT_FACTORNSTEPS: llquantize() factor larger than the steps per
	// magnitude.
	D_LLQUANT_FACTORNSTEPS
	// D_LLQUANT_FACTOREVEN: llquantize() factor and steps per magnitude that
	// do not divide evenly.
	D_LLQUANT_FACTOREVEN
	// D_LLQUANT_MAGTOOBIG: llquantize() factor raised to the high magnitude
	// overflows 64 bits.
	D_LLQUANT_MAGTOOBIG
	// D_ALLOCA_INCOMPAT: a ?: with one branch pointing into alloca()
	// memory and one not, assigned to a variable, `a = c ? (char *)50 : a;`
	// with a from alloca() → ternary conditional with alloca and
	// non-alloca branches cannot be assigned to a variable.
	D_ALLOCA_INCOMPAT
	// D_ALLOCA_SIZE: alloca() of a constant size larger than the scratch
	// space, `alloca(1 << 20)` → alloca(1048576) size larger than
	// scratchsize 256.
	D_ALLOCA_SIZE
	// D_PRINT_SIZE: print() of a pointer to a type of size 0, which has
	// nothing to show, `print((void *)0)` → print( ) argument #1 reference
	// has type 'void' with size 0; cannot print( ) it.
	D_PRINT_SIZE

	numTags
)
