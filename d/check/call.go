package check

import (
	"errors"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/format"
)

// proto returns the parsed prototype of a built-in function.
func (c *checker) proto(n ast.Node, fn *Ident) *Proto {
	if p, ok := c.protos[fn.Name]; ok {
		return p
	}
	p, err := parseProto(c.u, fn.Proto)
	if err != nil {
		// DTrace's words for a type its library has not (msgdsize()'s
		// mblk_t, which Linux has not).
		var pe *protoError
		if !errors.As(err, &pe) {
			c.errorf(n, diag.D_UNKNOWN, "failed to resolve type of %s: %v", fn.Name, err)
		}
		why := pe.err.Error()
		if errors.Is(pe.err, ctype.ErrNotFound) {
			why = "Unknown type name"
		}
		if pe.arg == 0 {
			c.errorf(n, diag.D_UNKNOWN, "failed to resolve type of %s (%s): %s", fn.Name, pe.spelling, why)
		}
		c.errorf(n, diag.D_UNKNOWN, "failed to resolve type of %s arg#%d (%s): %s", fn.Name, pe.arg, pe.spelling, why)
	}
	c.protos[fn.Name] = p
	return p
}

// checkArgs validates arguments against a prototype the way DTrace's
// dt_idcook_sign does, wording included.
func (c *checker) checkArgs(n *ast.CallExpr, fn *Ident, p *Proto, args []*TypeInfo) {
	argc := len(args)
	opt := -1
	for i, par := range p.Params {
		if par.Optional {
			opt = i
			break
		}
	}
	// limit is the expected count on a mismatch, else the number of
	// arguments to check; bound says whether it is a lower or upper one.
	var mismatch bool
	limit, bound := len(p.Params), ""
	switch {
	case p.Variadic:
		mismatch, bound = argc < limit, "at least "
	case opt >= 0 && argc < opt:
		mismatch, limit, bound = true, opt, "at least "
	case opt >= 0 && argc > len(p.Params):
		mismatch, bound = true, "at most "
	case opt >= 0:
		limit = argc
	default:
		mismatch = argc != limit
	}
	if mismatch {
		s := "s "
		if argc == 1 {
			s = " "
		}
		c.errorf(n, diag.D_PROTO_LEN, "%s( ) prototype mismatch: %d arg%spassed, %s%d expected", fn.Name, argc, s, bound, limit)
	}
	for i := 0; i < limit && i < len(p.Params); i++ {
		par := p.Params[i]
		if par.Type != nil && !argcompat(par.Type, args[i]) {
			c.errorf(n, diag.D_PROTO_ARG, "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t%9s: %s", fn.Name, i+1, par.Type, "argument", c.typeName(n.Args[i]))
		}
	}
}

// resultOf is the type a call of fn yields.
func (c *checker) resultOf(fn *Ident, p *Proto) *ctype.Type {
	switch p.ResultName {
	case "stack":
		return stackType
	case "_symaddr":
		return symaddrType
	case "_usymaddr":
		return usymaddrType
	}
	if fn.Kind == AggFunc {
		return ctype.VoidType
	}
	return p.Result
}

// funIdent is the name a call calls.
func (c *checker) funIdent(e *ast.CallExpr) *ast.Ident {
	id, ok := ast.Unparen(e.Fun).(*ast.Ident)
	if !ok {
		c.errorf(e, diag.D_FUNC_IDENT, "function designator is not of function type")
	}
	return id
}

// keyActions are the actions that may also be aggregation keys, as in
// @[stack()] = count() and @[func(arg0)] = count().
var keyActions = map[string]bool{
	"stack": true, "ustack": true, "jstack": true, "sym": true, "usym": true,
	"func": true, "ufunc": true, "mod": true, "umod": true, "uaddr": true,
}

// stackArgs checks the constant arguments of stack(), ustack() and
// jstack(): a frame count, and for the user stacks a string size. DTrace's
// messages say ustack( ) for jstack( ) too.
func (c *checker) stackArgs(e *ast.CallExpr, name string, args []*TypeInfo) {
	tag, what := diag.D_USTACK_FRAMES, "ustack"
	if name == "stack" {
		tag, what = diag.D_STACK_SIZE, "stack"
	}
	if len(args) > 0 && (!c.isIntConstant(e.Args[0]) || !args[0].Const || args[0].Value <= 0) {
		c.errorf(e.Args[0], tag, "%s( ) argument #1 must be a non-zero positive integer constant", what)
	}
	if len(args) > 1 && name != "stack" {
		if !c.isIntConstant(e.Args[1]) || !args[1].Const || args[1].Value < 0 {
			c.errorf(e.Args[1], diag.D_USTACK_STRSIZE, "ustack( ) argument #2 must be a positive integer constant")
		}
	}
}

// tracememArgs checks tracemem()'s address, which must be a pointer or
// an integer, and its size, which must be a positive constant (the
// dynamic size may be any integer).
func (c *checker) tracememArgs(e *ast.CallExpr, args []*TypeInfo) {
	if len(args) > 0 && !ctype.IsInteger(args[0].Type) && !ctype.IsPointer(args[0].Type) {
		c.errorf(e.Args[0], diag.D_TRACEMEM_ADDR, "tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s", args[0].Type)
	}
	if len(args) > 1 && (!ctype.IsInteger(args[1].Type) || !args[1].Const || args[1].Value <= 0) {
		c.errorf(e.Args[1], diag.D_TRACEMEM_SIZE, "tracemem( ) argument #2 must be a non-zero positive integral constant expression")
	}
}

func (c *checker) call(e *ast.CallExpr) *TypeInfo {
	id := c.funIdent(e)
	fn, ok := LookupBuiltin(id.Name)
	if !ok || fn.Kind != Subr && fn.Kind != Action && fn.Kind != AggFunc {
		if v, _ := c.lookupIdent(id); v != nil {
			c.errorf(e, diag.D_FUNC_IDKIND, "%s '%s' may not be referenced as a function", identKind(v), id.Name)
		}
		c.errorf(e, diag.D_FUNC_UNDEF, "undefined function name: %s", id.Name)
	}
	c.info.Vars[id] = &Var{Name: fn.Name, Kind: BuiltinFunc, Builtin: fn}
	if fn.Destructive {
		c.info.Destructive = true
	}
	// An action or aggregating function inside an expression passes
	// DTrace's semantic checks and fails in its code generator, after
	// the whole clause is checked; what the action itself requires is
	// never checked, as its code is never generated.
	isKey := keyActions[fn.Name] && ast.Unparen(c.aggKey) == ast.Expr(e)
	inExpr := fn.Kind == Action && !isKey && ast.Unparen(c.stmtExpr) != ast.Expr(e) || fn.Kind == AggFunc
	if inExpr && c.clause != nil && c.clause.cgErr == nil {
		c.clause.cgErr = c.errAt(e, diag.D_CG_EXPR, "%s %s( ) may not be called from a D expression (D program context required)", funcKind(fn), fn.Name)
	}
	// copyout() and copyoutstr() write user memory wherever they are
	// called, so DTrace counts them as destructive actions.
	if fn.Kind == Subr && fn.Destructive && c.speculated {
		c.errorf(e, diag.D_ACT_SPEC, "destructive actions may not follow speculate( )")
	}
	p := c.proto(e, fn)
	args := make([]*TypeInfo, len(e.Args))
	for i, a := range e.Args {
		args[i] = c.expr(a)
	}
	c.checkArgs(e, fn, p, args)
	if !inExpr {
		c.callArgs(e, fn, args)
	}
	if fn.Name == "speculate" && c.clause != nil {
		c.clause.Speculates = true
	}
	return c.record(e, &TypeInfo{Type: c.resultOf(fn, p)})
}

// callArgs applies what a built-in function requires of its arguments
// beyond its prototype, which DTrace's code generator checks.
func (c *checker) callArgs(e *ast.CallExpr, fn *Ident, args []*TypeInfo) {
	switch fn.Name {
	case "bcopy", "copyinto":
		// The destination must point into alloca() memory (by the
		// alloca taint, as DTrace's code generator checks it); a
		// string, copied by value, never does.
		n := map[string]int{"bcopy": 1, "copyinto": 2}[fn.Name]
		if alloca, _ := c.allocaTaint(e.Args[n]); ctype.IsString(args[n].Type) || !alloca {
			c.errorf(e, diag.D_PROTO_ARG, "%s( ) argument #%d is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer", fn.Name, n+1)
		}
	case "alloca":
		if limit := c.scratchSize(); args[0].Const && uint64(args[0].Value) > uint64(limit) {
			c.errorf(e, diag.D_ALLOCA_SIZE, "alloca(%d) size larger than scratchsize %d", uint64(args[0].Value), limit)
		}
	case "inet_ntoa6":
		if len(args) > 1 && !args[1].Const {
			c.errorf(e.Args[1], diag.D_PROTO_ARG, "inet_ntoa6( ) argument #2 must be an integer constant")
		}
	case "printa":
		c.printa(e, fn)
	case "clear", "trunc", "normalize", "denormalize":
		c.aggAction(e, fn)
	case "printf", "system", "freopen":
		c.printf(e, fn, args)
	case "trace":
		dynamic := c.dynamicKind(e.Args[0]) != ""
		if ctype.IsVoid(args[0].Type) && !dynamic {
			c.errorf(e, diag.D_TRACE_VOID, "trace( ) may not be applied to a void expression")
		}
		if dynamic {
			c.errorf(e, diag.D_TRACE_DYN, "trace( ) may not be applied to a dynamic expression")
		}
	case "stack", "ustack", "jstack":
		c.stackArgs(e, fn.Name, args)
	case "tracemem":
		c.tracememArgs(e, args)
	case "print":
		c.printArg(e, args[0])
	}
}

// printArg checks print()'s argument: a pointer must point to something
// of some size, which print() shows. DTrace finds this as it generates
// the clause's code, so the error waits for the clause's other checks.
func (c *checker) printArg(e *ast.CallExpr, arg *TypeInfo) {
	r := ctype.Resolve(arg.Type)
	if r.Kind != ctype.Pointer || r.Elem.Sizeof() != 0 || c.clause == nil || c.clause.cgErr != nil {
		return
	}
	c.clause.cgErr = c.errAt(e.Args[0], diag.D_PRINT_SIZE, "print( ) argument #1 reference has type '%s' with size 0; cannot print( ) it.", typeName(r.Elem))
}

// scratchSize is the alloca() space a clause has: the scratchsize option
// holds it with DTrace's 8-byte header.
func (c *checker) scratchSize() int64 {
	if c.cfg.Options != nil {
		if v, ok := c.cfg.Options.Value("scratchsize"); ok && v > 8 {
			return v - 8
		}
	}
	return defaultScratch
}

// defaultScratch is DTrace's alloca() space without the scratchsize
// option.
const defaultScratch = 256

// funcKind names the kind of a built-in function as DTrace's
// dt_idkind_name does.
func funcKind(fn *Ident) string {
	switch fn.Kind {
	case AggFunc:
		return "aggregating function"
	case Action:
		return "tracing function"
	}
	return "function"
}

// aggCall checks the arguments of an aggregating function used for
// aggregation v.
func (c *checker) aggCall(e *ast.CallExpr, fn *Ident, v *Var) {
	c.info.Vars[e.Fun] = &Var{Name: fn.Name, Kind: BuiltinFunc, Builtin: fn}
	p := c.proto(e, fn)
	args := make([]*TypeInfo, len(e.Args))
	for i, a := range e.Args {
		args[i] = c.expr(a)
	}
	c.checkArgs(e, fn, p, args)
	for i, a := range args {
		if i == 0 && fn.Name != "count" && !ctype.IsScalar(a.Type) {
			c.errorf(e, diag.D_AGG_SCALAR, "%s( ) argument #1 must be of scalar type", fn.Name)
		}
	}
	c.aggParams(e, fn.Name, v)
	c.record(e, &TypeInfo{Type: ctype.VoidType})
}

// formatArg checks that argument #1 of a printf-like action is a string
// constant and parses it.
func (c *checker) formatArg(e *ast.CallExpr, fn *Ident) []format.Conv {
	lit, ok := ast.Unparen(e.Args[0]).(*ast.StringLit)
	if !ok {
		c.errorf(e, diag.D_PRINTF_ARG_FMT, "%s( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s", fn.Name, c.typeName(e.Args[0]))
	}
	// freopen("") restores standard output, which DTrace records as
	// the file name ".": so "." itself cannot be opened.
	if fn.Name == "freopen" && lit.Value == "." {
		c.errorf(e, diag.D_FREOPEN_INVALID, "%s( ) argument #1 cannot be \".\"", fn.Name)
	}
	convs, err := parseFormat(lit.Value)
	if err != nil {
		c.fail(e, err)
	}
	c.info.Formats[lit] = convs
	if lit.Value == "" && fn.Name != "freopen" {
		c.errorf(e, diag.D_PRINTF_FMT_EMPTY, "%s( ) format string is empty", fn.Name)
	}
	return convs
}

// printf checks printf(), system() and freopen(): a format and the values
// its conversions consume.
func (c *checker) printf(e *ast.CallExpr, fn *Ident, args []*TypeInfo) {
	convs := c.formatArg(e, fn)
	var types []*ctype.Type
	for _, a := range args[1:] {
		types = append(types, a.Type)
	}
	if err := c.validateFormat(fn.Name, convs, types, 1, nil, true); err != nil {
		c.fail(e, err)
	}
}

// aggArg checks that argument #n of an action names a defined aggregation.
func (c *checker) aggArg(e *ast.CallExpr, fn *Ident, a ast.Expr, n int, argTag, badTag diag.Tag) *Var {
	agg, ok := ast.Unparen(a).(*ast.AggExpr)
	if !ok {
		c.errorf(e, argTag, "%s( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s", fn.Name, n, c.typeName(a))
	}
	v := c.info.Vars[agg]
	if v == nil {
		c.errorf(e, badTag, "undefined aggregation: @%s", agg.Name)
	}
	return v
}

func (c *checker) printa(e *ast.CallExpr, fn *Ident) {
	args, argr := e.Args, 1
	var convs []format.Conv
	if _, ok := ast.Unparen(args[0]).(*ast.StringLit); ok {
		convs = c.formatArg(e, fn)
		args, argr = args[1:], 2
	}
	if len(e.Args) < argr {
		c.errorf(e, diag.D_PRINTA_PROTO, "%s( ) prototype mismatch: %d args passed, %d expected", fn.Name, len(e.Args), argr)
	}
	var first *Var
	for _, a := range args {
		v := c.aggArg(e, fn, a, argr, diag.D_PRINTA_AGGARG, diag.D_PRINTA_AGGBAD)
		if first == nil {
			first = v
			continue
		}
		if len(v.Keys) != len(first.Keys) {
			plural := func(n int) string {
				if n == 1 {
					return ""
				}
				return "s"
			}
			c.errorf(e, diag.D_PRINTA_AGGKEY, "printa( ): @%s and @%s do not have matching key signatures: @%s has %d key%s, @%s has %d key%s",
				first.Name, v.Name, first.Name, len(first.Keys), plural(len(first.Keys)), v.Name, len(v.Keys), plural(len(v.Keys)))
		}
		for i := range v.Keys {
			if !argcompat(first.Keys[i], &TypeInfo{Type: v.Keys[i]}) {
				c.errorf(e, diag.D_PRINTA_AGGPROTO, "printa( ): @%s[ ] key #%d is incompatible with @%s:\n%9s key #%d: %s\n%9s key #%d: %s",
					v.Name, i+1, first.Name, first.Name, i+1, first.Keys[i], v.Name, i+1, v.Keys[i])
			}
		}
	}
	if convs != nil {
		result := c.lookupType(e, "int64_t")
		if first.AggFunc == "count" {
			result = c.lookupType(e, "uint64_t")
		}
		if err := c.validateFormat(fn.Name, convs, first.Keys, 1, result, false); err != nil {
			c.fail(e, err)
		}
	}
}

// aggAction checks clear(), trunc(), normalize() and denormalize(), whose
// prototypes leave argument #1 untyped: it must be an aggregation.
func (c *checker) aggAction(e *ast.CallExpr, fn *Ident) {
	tags := map[string][2]diag.Tag{
		"clear":       {diag.D_CLEAR_AGGARG, diag.D_CLEAR_AGGBAD},
		"trunc":       {diag.D_TRUNC_AGGARG, diag.D_TRUNC_AGGBAD},
		"normalize":   {diag.D_NORMALIZE_AGGARG, diag.D_NORMALIZE_AGGBAD},
		"denormalize": {diag.D_NORMALIZE_AGGARG, diag.D_NORMALIZE_AGGBAD},
	}[fn.Name]
	c.aggArg(e, fn, e.Args[0], 1, tags[0], tags[1])
}

// identKind names the kind of a non-function identifier as DTrace's
// dt_idkind_name does.
func identKind(v *Var) string {
	switch {
	case v.Kind == Assoc || v.Builtin != nil && v.Builtin.Kind == ArrayVar:
		return "associative array"
	case v.Kind == Aggregation:
		return "aggregation"
	case v.Kind == KernelVar:
		return "external symbol reference"
	case v.Kind == EnumConst:
		return "enumerator"
	}
	return "scalar"
}
