package check

import (
	"errors"
	"strconv"
	"testing"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/parser"
)

// checkSrc parses and checks a program against the running kernel's types.
// errCase is a program and the error it must fail with: the tag and, if
// not "", the message.
type errCase struct {
	src string
	tag diag.Tag
	msg string
}

// wantError checks that err lists an error first, of tag and, unless msg
// is "", of message msg, failing t about what otherwise; it returns that
// error, or nil when err lists none.
func wantError(t *testing.T, what string, err error, tag diag.Tag, msg string) *diag.Error {
	t.Helper()
	var list diag.List
	if !errors.As(err, &list) {
		t.Errorf("%s: accepted, want %s", what, tag)
		return nil
	}
	e := list[0]
	if e.Tag != tag || msg != "" && e.Msg != msg {
		t.Errorf("%s:\n got [%s] %q\nwant [%s] %q", what, e.Tag, e.Msg, tag, msg)
	}
	return e
}

func checkSrc(t *testing.T, u *ctype.Universe, src string) (*ast.Program, *Info, error) {
	t.Helper()
	prog, err := parser.ParseFile("t.d", []byte(src), &parser.Config{IsType: IsType(u)})
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	info, err := Check(prog, &Config{Types: u})
	return prog, info, err
}

// TestRejects checks that the checker rejects what DTrace rejects, with
// the tag (and, where given, the message) DTrace uses.
func TestRejects(t *testing.T) {
	u := kernelTypes(t)
	tests := []struct {
		body string // the statements of a BEGIN clause
		tag  diag.Tag
		msg  string
	}{
		{`x = 1; x = "s";`, diag.D_OP_INCOMPAT, `operands have incompatible types: "int" = "string"`},
		{`trace(1 % "a");`, diag.D_OP_INT, "operator % requires operands of integral type"},
		{`trace("a" * 2);`, diag.D_OP_ARITH, "operator * requires operands of arithmetic type"},
		{`trace(~"a");`, diag.D_OP_INT, ""},
		{`trace(*pid);`, diag.D_DEREF_NONPTR, ""},
		{`trace(*(void *)arg0);`, diag.D_DEREF_VOID, ""},
		{`trace(pid->x);`, diag.D_OP_PTR, ""},
		{`trace(curthread.pid);`, diag.D_OP_SOU, ""},
		{`trace(curthread->nosuch);`, diag.D_TYPE_MEMBER, "nosuch is not a member of struct task_struct"},
		{`trace(nosuch(1));`, diag.D_FUNC_UNDEF, ""},
		{`trace(pid(1));`, diag.D_FUNC_IDKIND, ""},
		{`x = count();`, diag.D_CG_EXPR, "aggregating function count( ) may not be called from a D expression (D program context required)"},
		{`@a = 1;`, diag.D_AGG_FUNC, ""},
		{`@a[1] = count(); @a["x"] = count();`, diag.D_PROTO_ARG, "@a[ ] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string"},
		{`@a[1] = count(); @a[1, 2] = count();`, diag.D_PROTO_LEN, "@a[ ] prototype mismatch: 2 keys passed, 1 expected"},
		{`a[1] = 1; a["x"] = 2;`, diag.D_PROTO_ARG, ""},
		{`a[1] = 1; trace(a[1, 2]);`, diag.D_PROTO_LEN, "a[ ] prototype mismatch: 2 keys passed, 1 expected"},
		{`trace(substr("a", "b"));`, diag.D_PROTO_ARG, "substr( ) argument #2 is incompatible with prototype:\n\tprototype: int\n\t argument: string"},
		{`trace(substr("a", 1, 2, 3));`, diag.D_PROTO_LEN, "substr( ) prototype mismatch: 4 args passed, at most 3 expected"},
		{`exit();`, diag.D_PROTO_LEN, "exit( ) prototype mismatch: 0 args passed, 1 expected"},
		{`printf(1);`, diag.D_PROTO_ARG, "printf( ) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: int"},
		{`printf(probefunc);`, diag.D_PRINTF_ARG_FMT, "printf( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string"},
		{`printf("%d %s", 1, 2);`, diag.D_PRINTF_ARG_TYPE, ""},
		{`printf("%d", 1, 2);`, diag.D_PRINTF_ARG_EXTRA, "printf( ) prototype mismatch: only 1 arguments required by this format string"},
		{`printa(@nosuch);`, diag.D_IDENT_UNDEF, "failed to resolve @nosuch: Unknown variable name"},
		{`printa(1);`, diag.D_PRINTA_AGGARG, ""},
		{`clear(1);`, diag.D_CLEAR_AGGARG, ""},
		{`trace(args[0]);`, diag.D_ARGS_IDX, ""},
		{`trace(sizeof (void));`, diag.D_SIZEOF_TYPE, "cannot apply sizeof to an operand of unknown size"},
		{`trace(offsetof(int, x));`, diag.D_OFFSETOF_TYPE, ""},
		{`trace(offsetof(struct task_struct, nosuch));`, diag.D_TYPE_MEMBER, "nosuch is not a member of struct task_struct"},
		{`trace((struct task_struct)1);`, diag.D_CAST_INVAL, ""},
		{`pid = 1;`, diag.D_OP_WRITE, ""},
		{`trace(trace(1));`, diag.D_TRACE_VOID, ""},
		{`x = trace(1);`, diag.D_CG_EXPR, "tracing function trace( ) may not be called from a D expression (D program context required)"},
		{`x = 1 + trace(1);`, diag.D_OP_INCOMPAT, ""},
		{`x = printf("a"); y = "s" * 2;`, diag.D_OP_ARITH, ""},
		{`trace(curthread->pid.x);`, diag.D_OP_SOU, `operator . cannot be applied to type "int"; must be applied to a struct or union`},
		{`trace(curthread->stack->x);`, diag.D_OP_SOU, `operator -> cannot be applied to pointer to type "void"; must be applied to a struct or union pointer`},
		{`trace(xlate<psinfo_t *>(curthread)->pr_nosuch);`, diag.D_XLATE_NOCONV, "translator does not define conversion for member: pr_nosuch"},
		{`trace(pid(1));`, diag.D_FUNC_IDKIND, "scalar 'pid' may not be referenced as a function"},
		{`trace(1 << "a");`, diag.D_OP_INT, ""},
		{`trace(curthread == "a");`, diag.D_OP_INCOMPAT, `operands have incompatible types: "struct task_struct *" == "string"`},
		{`trace(2 / (1 - 1));`, diag.D_DIV_ZERO, "expression contains division by zero"},
		{`trace(&pid);`, diag.D_ADDROF_VAR, ""},
		{`trace(&1);`, diag.D_ADDROF_LVAL, ""},
		{`pid++;`, diag.D_OP_LVAL, ""},
		{`trace(xlate<struct task_struct *>(1));`, diag.D_XLATE_NONE, `cannot translate from "int" to "struct task_struct *"`},
		{`trace(args);`, diag.D_IDENT_BADREF, ""},
		{`trace(uregs["a"]);`, diag.D_PROTO_ARG, ""},
		{`@ = lquantize(1, pid, 10);`, diag.D_LQUANT_BASETYPE, "lquantize( ) argument #1 must be an integer constant"},
		{`@ = lquantize(1, 10, 0);`, diag.D_LQUANT_MISMATCH, "lquantize( ) base (argument #1) must be less than limit (argument #2)"},
		{`@ = lquantize(1, 0, 10, 0);`, diag.D_LQUANT_STEPTYPE, ""},
		{`@ = lquantize(1, 0, 10, 20);`, diag.D_LQUANT_STEPLARGE, ""},
		{`@ = lquantize(1, 0, 7 / 2 * 4); @ = lquantize(1, 1, 12);`, diag.D_LQUANT_MATCHBASE, "lquantize( ) base (argument #1) doesn't match previous declaration: expected 0, found 1"},
		{`@ = llquantize(1, 10, 0, 6, 20); @ = llquantize(1, 10, 1, 6, 20);`, diag.D_LLQUANT_MATCHLMAG, "llquantize() lmag (argument #2) doesn't match previous declaration: expected 0, found 1"},
		{`@ = llquantize(1, 10, 0, 6, 100000);`, diag.D_LLQUANT_STEPVAL, ""},
		{`@ = quantize(1, 2, 3);`, diag.D_PROTO_LEN, "quantize( ) prototype mismatch: 3 args passed, at most 2 expected"},
		{`@ = quantize(1, "a");`, diag.D_PROTO_ARG, "quantize( ) increment value (argument #2) must be of scalar type"},
		{`@ = count(); @ = sum(1);`, diag.D_AGG_REDEF, "aggregation redefined: @_\n\t current: @_ = sum( )\n\tprevious: @_ = count( ) : line 3"},
		{`printf("x"); speculate(1);`, diag.D_SPEC_DREC, "speculate( ) may not follow data-recording action(s)"},
		{`speculate(1); speculate(1);`, diag.D_SPEC_SPEC, "speculate( ) may not follow speculate( )"},
		{`speculate(1); @ = count();`, diag.D_AGG_SPEC, "aggregating actions may not follow speculate( )"},
		{`speculate(1); exit(0);`, diag.D_EXIT_SPEC, "exit( ) may not follow speculate( )"},
		{`speculate(1); raise(9);`, diag.D_ACT_SPEC, "destructive actions may not follow speculate( )"},
		{`commit(1); trace(1);`, diag.D_DREC_COMM, "data-recording actions may not follow commit( )"},
		{`trace(1); commit(1);`, diag.D_COMM_DREC, "commit( ) may not follow data-recording action(s)"},
		{`commit(1); speculate(1);`, diag.D_SPEC_COMM, "speculate( ) may not follow commit( )"},
		{`trace(self->nosuch);`, diag.D_VAR_UNDEF, "self->nosuch has not yet been declared or assigned"},
		{`trace(this->nosuch);`, diag.D_VAR_UNDEF, "this->nosuch has not yet been declared or assigned"},
		{`trace(nosuch[1]);`, diag.D_VAR_UNDEF, "nosuch has not yet been declared or assigned"},
		{`nosuch += 1;`, diag.D_VAR_UNDEF, "nosuch has not yet been declared or assigned"},
		{`self->nosuch <<= 1;`, diag.D_VAR_UNDEF, "self->nosuch has not yet been declared or assigned"},
		{`nosuch[1] |= 1;`, diag.D_VAR_UNDEF, "nosuch has not yet been declared or assigned"},
	}
	for _, tt := range tests {
		_, _, err := checkSrc(t, u, "BEGIN\n{\n"+tt.body+"\n}\n")
		e := wantError(t, tt.body, err, tt.tag, tt.msg)
		if e != nil && e.Pos.Line != 3 {
			t.Errorf("%s: error on line %d, want 3", tt.body, e.Pos.Line)
		}
	}
}

// TestDecls checks the errors of declarations outside clauses.
func TestDecls(t *testing.T) {
	u := kernelTypes(t)
	tests := []errCase{
		{"int x;\nint x[5];\n", diag.D_DECL_IDRED, "identifier redeclared: x\n\t current: scalar int [5]\n\tprevious: scalar int"},
		{"int x;\nint x[string];\n", diag.D_DECL_IDRED, "identifier redeclared: x\n\t current: array int\n\tprevious: scalar int"},
		{"struct s { int a; char a; };\n", diag.D_UNKNOWN, "failed to define member 'a': Duplicate member or variable name"},
		{"void v;\n", diag.D_DECL_VOIDOBJ, ""},
		{"this int a[int];\n", diag.D_DECL_LOCASSC, ""},
		{"nosuch_t x;\n", diag.D_UNKNOWN, "failed to resolve type nosuch_t: Unknown type name"},
		{"int a[0];\n", diag.D_DECL_ARRSUB, ""},
		{"int a[-1];\n", diag.D_DECL_ARRSUB, ""},
		{"int a[0x100000000];\n", diag.D_DECL_ARRBIG, "array dimension too big"},
		{"int a[];\n", diag.D_DECL_ARRNULL, "array declaration requires array dimension or tuple signature: a"},
		{"register x;\n", diag.D_DECL_BADCLASS, "specified storage class not appropriate in D"},
		{"extern int;\n", diag.D_DECL_USELESS, "useless declaration"},
		{"typedef int t1;\ntypedef char t1;\n", diag.D_DECL_IDRED, "typedef redeclared: t1"},
		{"struct s { struct nosuch n; };\n", diag.D_DECL_INCOMPLETE, "incomplete struct/union/enum struct nosuch: n"},
		{"union u { union u me; };\n", diag.D_DECL_INCOMPLETE, "incomplete struct/union/enum union u: me"},
		{"struct nosuch x;\n", diag.D_DECL_INCOMPLETE, "incomplete struct/union/enum struct nosuch: x"},
		{"struct s { int a : 0; };\n", diag.D_DECL_BFCONST, "positive integral constant expression expected as bit-field size"},
		{"struct s { short a : 17; };\n", diag.D_DECL_BFSIZE, "bit-field too big for type: a"},
		{"struct s { char *a : 3; };\n", diag.D_DECL_BFTYPE, "invalid type for bit-field: a"},
		{"enum e { A = 2147483648 };\n", diag.D_DECL_ENOFLOW, "enumerator 'A' value overflows INT_MAX (2147483647)"},
		{"enum e { A, B, A };\n", diag.D_UNKNOWN, "failed to define enumerator 'A': Duplicate member or variable name"},
		{"enum e { A };\nenum f { A };\n", diag.D_DECL_IDRED, "identifier redeclared: A"},

		{"inline int x = \"s\";\n", diag.D_OP_INCOMPAT, ""},
		{"struct o { int a; };\ntranslator struct o < int x > { nosuch = x; };\n", diag.D_XLATE_MEMB, "translator member nosuch is not a member of struct o"},
		{"translator int < int x > { a = x; };\n", diag.D_XLATE_SOU, "translator output type must be a struct or union"},
		{"translator struct later < int x > { a = x; };\n", diag.D_XLATE_SOU, "incomplete struct/union/enum struct later"},
		{"struct o { int a; };\ntranslator struct o < int x > { a = x; };\ntranslator struct o < int y > { a = y; };\n", diag.D_XLATE_REDECL, "translator from int to struct o has already been declared"},
	}
	for _, tt := range tests {
		prog, err := parser.ParseFile("t.d", []byte(tt.src), &parser.Config{IsType: IsType(u)})
		if err != nil {
			t.Errorf("parse %q: %v", tt.src, err)
			continue
		}
		_, err = Check(prog, &Config{Types: u})
		wantError(t, strconv.Quote(tt.src), err, tt.tag, tt.msg)
	}
}

// TestInfo checks the annotations codegen relies on: types of kernel
// member chains, folded constants, struct layout and resolved variables.
func TestInfo(t *testing.T) {
	u := kernelTypes(t)
	src := `struct bf { int a : 3; int b : 5; char c; long d; };
int arr[7 / 2];
inline int TWICE = 2 * 21;
syscall::openat:entry
{
	trace(curthread->real_parent->comm);
	trace(sizeof (struct bf));
	trace(offsetof(struct bf, d));
	trace(TWICE);
	trace((unsigned char)258);
	trace(-1 < 0u);
	self->x = timestamp;
	@a[execname, pid] = sum(arg0);
	arr[2] = 1;
}
`
	prog, info, err := checkSrc(t, u, src)
	if err != nil {
		t.Fatal(err)
	}
	var traced []*TypeInfo
	ast.Inspect(prog, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "trace" {
				traced = append(traced, info.Types[call.Args[0]])
			}
		}
		return true
	})
	if len(traced) != 6 {
		t.Fatalf("found %d trace() arguments, want 6", len(traced))
	}
	if got := traced[0].Type.String(); got != "char [16]" {
		t.Errorf("curthread->real_parent->comm is %q, want char [16]", got)
	}
	wantConst := []struct {
		i   int
		v   int64
		typ string
	}{{1, 16, "size_t"}, {2, 8, "size_t"}, {3, 42, "int"}, {4, 2, "unsigned char"}, {5, 0, "int"}}
	for _, w := range wantConst {
		ti := traced[w.i]
		if !ti.Const || ti.Value != w.v || ti.Type.String() != w.typ {
			t.Errorf("trace #%d = %+v (%v), want constant %d of type %s", w.i, ti, ti.Type, w.v, w.typ)
		}
	}
	if len(info.Clauses) != 1 || len(info.Clauses[0].Args) == 0 {
		t.Errorf("clause info = %+v", info.Clauses)
	}
	var agg, self *Var
	for e, v := range info.Vars {
		switch e.(type) {
		case *ast.AggExpr:
			agg = v
		case *ast.ScopedVar:
			self = v
		}
	}
	if agg == nil || agg.AggFunc != "sum" || len(agg.Keys) != 2 || agg.Keys[0].String() != "string" || agg.Keys[1].String() != "pid_t" {
		t.Errorf("aggregation = %+v", agg)
	}
	if self == nil || self.Kind != ThreadLocal || self.Type.String() != "uint64_t" {
		t.Errorf("self->x = %+v", self)
	}
}

// flags is an Options with the named flags set.
type flags map[string]bool

func (f flags) Value(name string) (int64, bool) {
	if name == "strsize" && f["strsize"] {
		return 128, true
	}
	return 0, f[name]
}
func (f flags) Bool(name string) bool { return f[name] }

func TestOptions(t *testing.T) {
	u := kernelTypes(t)
	check := func(src string, opts Options) error {
		prog, err := parser.ParseFile("t.d", []byte(src), &parser.Config{IsType: IsType(u)})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Check(prog, &Config{Types: u, Options: opts})
		return err
	}
	if err := check("nosuch:::nothing { trace(1); }", flags{"zdefs": true}); err != nil {
		t.Errorf("-Z: %v", err)
	}
	if err := check("BEGIN { trace(curpsinfo); }", flags{"nolibs": true}); err == nil {
		t.Error("curpsinfo resolved without the D library")
	}
	prog, _ := parser.ParseFile("t.d", []byte(`BEGIN { trace(sizeof (string)); }`), nil)
	info, err := Check(prog, &Config{Options: flags{"strsize": true}})
	if err != nil {
		t.Fatal(err)
	}
	for e, ti := range info.Types {
		if _, ok := e.(*ast.SizeofExpr); ok && ti.Value != 128 {
			t.Errorf("sizeof (string) = %d with strsize=128", ti.Value)
		}
	}
}
