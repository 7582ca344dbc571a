package check

import (
	"errors"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
	"github.com/godtrace/godtrace/format"
)

// Options is the part of the option catalogue that affects compilation,
// satisfied by *option.Options.
type Options interface {
	Value(name string) (int64, bool)
	Bool(name string) bool
}

// Config is what one check needs besides the program. Every field may be
// left zero: Types then holds only the C and D modules, Probes matches
// DTrace's own probes (BEGIN, END, ERROR, profile-*, tick-*) and syscall
// probes, and Options are the defaults. The options read are strsize (the
// size of the string type), zdefs (-Z: descriptions may match no probes),
// nolibs (no D library) and empty (a program may be empty).
type Config struct {
	Types   *ctype.Universe
	Probes  ProbeInfo
	Options Options
	// Symbol finds a kernel symbol that Types has no type for, returning
	// the object defining it ("vmlinux" or a module), for DTrace's error
	// saying the symbol has no type; nil knows no symbols.
	Symbol func(module, name string) (object string, ok bool)
	// Module reports whether the kernel has the module named (vmlinux,
	// or one built in or loaded), for DTrace's error on a symbol of a
	// module it does not: "Module is no longer loaded"; nil knows every
	// module.
	Module func(name string) bool
	// Prior is a program checked before this one in the same session,
	// whose variables, aggregations and declarations this one sees, as
	// the programs of one dtrace(8) command line share one identifier
	// table; nil for none.
	Prior *Info
	// Libs are the D library files of the -L and libdir directories,
	// parsed: their declarations join godtrace's own library, after it
	// and in order, as DTrace reads its library directories. An error in
	// one fails the check, naming the library's file.
	Libs []*ast.Program
}

// TypeInfo is what the checker knows about one expression.
type TypeInfo struct {
	Type *ctype.Type
	// Const is set when the expression is an integer constant that C
	// folds, with Value its value (sign-extended from Type's width).
	Const bool
	Value int64
	// Lvalue says the expression designates storage; Writable that a D
	// program may assign to it.
	Lvalue, Writable bool
}

// VarKind is the kind of a resolved identifier.
type VarKind uint8

// The kinds of identifiers a D program refers to.
const (
	// Global is a script global variable (scalar or declared array).
	Global VarKind = iota + 1
	// Assoc is a global associative array.
	Assoc
	// ThreadLocal is a self-> variable (scalar or associative).
	ThreadLocal
	// ClauseLocal is a this-> variable.
	ClauseLocal
	// Aggregation is an @ aggregation.
	Aggregation
	// BuiltinVar is one of D's built-in variables (Var.Builtin says
	// which).
	BuiltinVar
	// BuiltinFunc is a subroutine, action or aggregating function.
	BuiltinFunc
	// KernelVar is a kernel variable (a symbol with a type).
	KernelVar
	// Inline is an inline constant or expression.
	Inline
	// EnumConst is an enumerator.
	EnumConst
	// XlatorInput is the input parameter of a translator, inside its
	// member definitions.
	XlatorInput
	// InlineParam is a parameter of an inline array, inside its value.
	InlineParam
)

// Var is a resolved identifier: one per variable, shared by all its uses.
type Var struct {
	Name string
	Kind VarKind
	// Type is the value type (for an aggregation, nil: its function says
	// what it holds).
	Type *ctype.Type
	// Keys are the key types of an associative array or aggregation.
	Keys []*ctype.Type
	// Builtin is set for built-in variables and functions.
	Builtin *Ident
	// AggFunc is the aggregating function of an aggregation, and AggLine
	// the line it was first used on.
	AggFunc string
	AggLine int
	// Declared says the variable was declared rather than inferred.
	Declared bool
	// Library says the D library declared it.
	Library bool
	// Inline holds an inline's expression. An inline array
	// (`inline string name[int i] = ...`) has Keys, and InlineParams,
	// the variables its expression names its parameters with.
	Inline       *ast.InlineDecl
	InlineParams []*Var
	// Params are the parameters fixed by an aggregation's lquantize() or
	// llquantize(), checked once here for the code generator.
	Params *agg.Params

	// keyLayouts are, for each key of an aggregation, the layout its
	// first assignment gave it where the key's type does not say it
	// (keyLayout).
	keyLayouts []string
	// attr is the stability a "#pragma D attributes" gave the variable.
	attr *Attr
}

// ClauseInfo is what the code generator needs about one probe clause.
type ClauseInfo struct {
	Clause *ast.ProbeClause
	// Args are the types of args[] in this clause, those of the first
	// probe description's probes: Args[i] is the translated type, nil
	// when the clause does not use args[i]. Natives are the types of
	// the values the probe gives, and Xlators[i] is the translator
	// args[i] is made with (nil when args[i] is the native value).
	Args    []*ctype.Type
	Natives []*ctype.Type
	Xlators []*Xlator
	// Mappings[i] is the index of the native argument args[i] is made
	// from; Userland[i] says that native is in the process's memory.
	Mappings []int
	Userland []bool
	// Speculates says the clause calls speculate().
	Speculates bool
	// DescAttr is the least stability attribute of the clause's probe
	// descriptions, StmtAttr that of its statements and predicate, as
	// dtrace -v reports them.
	DescAttr, StmtAttr Attr

	// match is what the description being checked matched, and desc
	// that description; used lists the args[] indexes the clause uses.
	match *Match
	desc  *ast.ProbeDesc
	used  []int64
	// cgErr is the first error DTrace finds only when it generates the
	// clause's code (an action called inside an expression, an
	// aggregation with no function applied), reported once the clause
	// has passed every other check.
	cgErr *diag.Error
}

// Info is the result of a successful check: the AST annotated with types
// and resolved identifiers.
type Info struct {
	Types   map[ast.Expr]*TypeInfo
	Vars    map[ast.Expr]*Var
	Clauses []*ClauseInfo
	// Alloca are the variables assigned pointers into alloca() memory,
	// whose loads code generation checks against the clause's
	// allocations, as DTrace does.
	Alloca map[*Var]bool
	// Translators are the translators the program defines.
	Translators []*Xlator
	// Xlated maps each expression whose value comes through a
	// translator, an xlate or a translated args[i], to that translator.
	Xlated map[ast.Expr]*Xlator
	// Formats are the conversions of each format string of printf(),
	// printa(), system() and freopen(), parsed once here for the code
	// generator and the consumer.
	Formats map[*ast.StringLit][]format.Conv
	// LookupType resolves a C type name in the program's scope, or
	// returns nil: for the code of a subroutine that needs kernel types
	// its arguments do not reach (d_path() and struct mount).
	LookupType func(name string) *ctype.Type
	// Destructive says the program uses destructive actions or
	// subroutines, which DTrace refuses to enable without the
	// destructive option (-w).
	Destructive bool
	// Providers are the USDT providers the program defines, for dtrace
	// -h and -G.
	Providers []*ProviderInfo

	// scope is what a program checked after this one sees of it.
	scope *scope
}

// scope holds a checked program's identifiers and declarations, and
// those of the programs checked before it.
type scope struct {
	globals, self, aggs map[string]*Var
	enums               map[string]int64
	// types are the declarations of the program and of those before
	// it, in one scope, so that a long line of programs does not make
	// each lookup longer.
	types *ctype.Scope
}

// ProviderInfo is a provider definition with its probes' native argument
// types.
type ProviderInfo struct {
	Def    *ast.ProviderDef
	Probes []ProbeDef
}

// ProbeDef is one probe of a provider definition.
type ProbeDef struct {
	Decl *ast.ProbeDecl
	Args []*ctype.Type
}

// Xlator is a translator: from input type In to output type Out.
type Xlator struct {
	Decl    *ast.Translator
	In, Out *ctype.Type
}

// bailout is raised to stop checking at the first error, as DTrace does;
// Check recovers it.
type bailout struct{ err *diag.Error }

// checker holds the state of one semantic analysis.
type checker struct {
	cfg    Config
	file   *token.File
	u      *ctype.Universe
	script *ctype.Scope
	// lib holds the D library's declarations; defs is where declarations
	// go: lib while the library is checked, script after.
	lib, defs *ctype.Scope
	// lazyLib are the library's declarations not checked yet (see
	// library).
	lazyLib []ast.Decl
	// inLibInline is set while the value of a library's inline is
	// checked at a use: it may name the kernel's enumerators, as the
	// library may.
	inLibInline bool
	info        *Info
	protos      map[string]*Proto

	// prior are the declarations of the programs checked before this
	// one (Config.Prior); nil for none.
	prior *ctype.Scope

	globals map[string]*Var
	self    map[string]*Var
	this    map[string]*Var
	aggs    map[string]*Var
	enums   map[string]int64
	// allocaVars are the variables assigned pointers into alloca()
	// memory (alloca.go).
	allocaVars map[*Var]bool
	// nonAllocaVars are the variables assigned anything else but 0.
	nonAllocaVars map[*Var]bool

	// stmtExpr is the expression of the statement being checked: an
	// action may be called only as that.
	stmtExpr ast.Expr
	// aggKey is the aggregation key being checked: stack(), func() and
	// the other key actions may be called as that too.
	aggKey ast.Expr

	// While a predicate is checked, predEnd is its end and predNext the
	// token after its closing '/'.
	predEnd, predNext token.Pos
	// pragmas are the attributes and bindings pragmas met so far.
	pragmas []*ast.Pragma
	// typeOps are the types that casts, sizeof and xlate name, for
	// their attributes.
	typeOps map[ast.Expr]*ctype.Type

	clause *ClauseInfo
	// The actions met so far in the clause, for the ordering rules of
	// speculations and commits.
	speculated, committed, recorded bool
}

// Check type-checks prog. On failure the error is a diag.List holding the
// first error DTrace would report.
func Check(prog *ast.Program, cfg *Config) (info *Info, err error) {
	c := newChecker(prog.File, cfg)
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			info, err = nil, diag.List{b.err}
		}
	}()
	if empty(prog) && !c.option("empty") {
		// DTrace reports it where its lexer stopped: the end of the
		// text, after its last newline.
		var at ast.Node
		if f := prog.File; f != nil && f.Size() > 0 {
			at = &ast.Ident{NamePos: f.Pos(f.Size())}
		}
		c.errorf(at, diag.D_EMPTY, "empty D program translation unit")
	}
	if !c.option("nolibs") {
		c.loadLib(prog)
		if cfg != nil {
			c.userLibs(cfg.Libs)
		}
	}
	for _, d := range prog.Decls {
		c.decl(d)
	}
	c.unusedPragmas()
	types := ctype.NewScope(c.script.Module())
	types.Add(c.script)
	if c.prior != nil {
		types.Add(c.prior)
	}
	c.info.scope = &scope{globals: c.globals, self: c.self, aggs: c.aggs, enums: c.enums, types: types}
	c.info.LookupType = c.typeByName
	return c.info, nil
}

// empty reports whether prog has neither clauses nor declarations: only
// control lines, if anything.
func empty(prog *ast.Program) bool {
	for _, d := range prog.Decls {
		if _, ok := d.(*ast.Pragma); !ok {
			return false
		}
	}
	return true
}

func newChecker(file *token.File, cfg *Config) *checker {
	c := &checker{
		file:          file,
		protos:        map[string]*Proto{},
		globals:       map[string]*Var{},
		self:          map[string]*Var{},
		this:          map[string]*Var{},
		aggs:          map[string]*Var{},
		allocaVars:    map[*Var]bool{},
		nonAllocaVars: map[*Var]bool{},
		typeOps:       map[ast.Expr]*ctype.Type{},
		enums:         map[string]int64{},
		info:          &Info{Types: map[ast.Expr]*TypeInfo{}, Vars: map[ast.Expr]*Var{}, Xlated: map[ast.Expr]*Xlator{}, Formats: map[*ast.StringLit][]format.Conv{}},
		script:        ctype.NewScope("script"),
		lib:           ctype.NewScope("D"),
	}
	c.defs = c.script
	c.info.Alloca = c.allocaVars
	if cfg != nil {
		c.cfg = *cfg
	}
	strsize := int64(256)
	if c.cfg.Options != nil {
		if v, ok := c.cfg.Options.Value("strsize"); ok && v > 0 {
			strsize = v
		}
	}
	if c.cfg.Types == nil {
		c.cfg.Types = ctype.NewUniverse(nil, ctype.NewC(), ctype.NewD(strsize))
	}
	if p := c.cfg.Prior; p != nil && p.scope != nil {
		inherit(c.globals, p.scope.globals)
		inherit(c.self, p.scope.self)
		inherit(c.aggs, p.scope.aggs)
		for k, v := range p.scope.enums {
			c.enums[k] = v
		}
		c.prior = p.scope.types
	}
	// The script's own declarations come first, as DTrace's "D"
	// container it adds them to is searched before the kernel, then
	// those of the programs before it.
	d := dContainer{c.script}
	if c.prior != nil {
		d = append(d, c.prior)
	}
	d = append(d, c.lib)
	if m, err := c.cfg.Types.Module("D"); err == nil {
		d = append(d, m)
	}
	c.u = ctype.NewUniverse(c.cfg.Types.Module, d, universeSource{c.cfg.Types})
	if c.cfg.Probes == nil {
		c.cfg.Probes = BuiltinProbes{}
	}
	return c
}

// dContainer is DTrace's "D" module, which a backquoted name such as
// "struct D`s" designates: the script's declarations, those of the
// programs before it and the D library's, then D's built-in types.
type dContainer []ctype.Source

func (d dContainer) Module() string { return "D" }

func (d dContainer) LookupType(n string) (*ctype.Type, error) {
	for _, s := range d {
		t, err := s.LookupType(n)
		if !errors.Is(err, ctype.ErrNotFound) {
			return t, err
		}
	}
	return nil, &ctype.NotFound{Module: "D", Name: n}
}

// universeSource lets the configured universe be searched after the
// script's scope.
type universeSource struct{ u *ctype.Universe }

func (s universeSource) Module() string                           { return "" }
func (s universeSource) LookupType(n string) (*ctype.Type, error) { return s.u.LookupType(n) }
func (s universeSource) LookupVar(n string) (*ctype.Type, error)  { return s.u.LookupVar(n) }

// errorf stops the check with an error at node's line.
func (c *checker) errorf(n ast.Node, tag diag.Tag, format string, args ...any) {
	panic(bailout{c.errAt(n, tag, format, args...)})
}

// errAt makes the error for node n without stopping the check.
func (c *checker) errAt(n ast.Node, tag diag.Tag, format string, args ...any) *diag.Error {
	var pos token.Position
	if c.file != nil && n != nil && n.Pos().IsValid() {
		pos = c.file.Position(n.Pos())
		if c.predNext.IsValid() && n.End() == c.predEnd && lookaheadNode(n) {
			// DTrace made this node when it had read past the
			// predicate's closing '/' and the blanks after it.
			pos = c.file.Position(c.predNext)
		}
	}
	return diag.Errorf(pos, tag, format, args...)
}

// lookaheadNode reports whether DTrace's parser makes n only once it has
// read the token after it: an operator's node, whose last operand might
// yet be continued.
func lookaheadNode(n ast.Node) bool {
	switch n.(type) {
	case *ast.BinaryExpr, *ast.UnaryExpr, *ast.CondExpr, *ast.CastExpr:
		return true
	}
	return false
}

// fail stops the check with a semError (or any error) at node's line.
func (c *checker) fail(n ast.Node, err error) {
	var se *semError
	if errors.As(err, &se) {
		c.errorf(n, se.Tag, "%s", se.Msg)
	}
	c.errorf(n, diag.D_UNKNOWN, "%v", err)
}

func (c *checker) line(n ast.Node) int {
	if c.file == nil || n == nil {
		return 0
	}
	return c.file.Position(n.Pos()).Line
}

func (c *checker) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.ProbeClause:
		c.probeClause(d)
	case *ast.Declaration:
		c.declaration(d, false)
	case *ast.InlineDecl:
		c.inline(d)
	case *ast.Translator:
		c.translator(d)
	case *ast.ProviderDef:
		c.providerDef(d)
	case *ast.Pragma:
		c.pragma(d)
	}
}

// pragma checks what a "#pragma D" line names. Options are applied by the
// driver through the option catalogue, and the form of each line was
// checked by the parser. Attributes and bindings name a global of the
// program: one D has already is not the program's to change, and one
// never declared leaves the pragma unused (see unusedPragmas).
func (c *checker) pragma(p *ast.Pragma) {
	if len(p.Words) < 4 || p.Words[0] != "D" {
		return
	}
	kind, arg, name := p.Words[1], p.Words[2], p.Words[3]
	switch kind {
	case "attributes", "binding":
		if kind == "attributes" && name == "provider" {
			return
		}
		if _, ok := LookupBuiltin(name); ok {
			c.errorf(p, diag.D_PRAGMA_SCOPE, "#pragma %s cannot modify entity defined outside program scope", kind)
		}
		if kind == "attributes" {
			// The stability of a global the program declared, for -v
			// and amin.
			if a, ok := ParseAttr(arg); ok {
				if v, found := c.globals[name]; found && (v.Declared || v.Kind == Inline) {
					v.attr = &a
				}
			}
		}
		c.pragmas = append(c.pragmas, p)
	case "depends_on":
		if arg == "library" {
			// Only the D library's files may depend on one another.
			c.errorf(p, diag.D_PRAGMA_DEPEND, "main program may not explicitly depend on a library")
		}
		desc := &ast.ProbeDesc{Provider: name}
		if arg == "module" {
			// A module is there when the kernel has it, built in or
			// loaded (DTrace asks for its CTF), or its types are, or
			// probes name it.
			if c.cfg.Module != nil && c.cfg.Module(name) {
				return
			}
			if _, err := c.u.Module(name); err == nil {
				return
			}
			desc = &ast.ProbeDesc{Module: name}
		}
		if m, err := c.cfg.Probes.Probe(desc); m == nil && err == nil {
			c.errorf(p, diag.D_PRAGMA_DEPEND, "program requires %s %s", arg, name)
		}
	}
}

// unusedPragmas refuses the attributes and bindings pragmas that name no
// global, enumerator or inline the program declares.
func (c *checker) unusedPragmas() {
	for _, p := range c.pragmas {
		name := p.Words[3]
		if _, ok := c.enums[name]; ok {
			continue
		}
		if v, ok := c.globals[name]; ok && (v.Declared || v.Kind == Inline) {
			if a, ok := ParseAttr(p.Words[2]); ok && p.Words[1] == "attributes" && v.attr == nil {
				v.attr = &a
			}
			continue
		}
		c.errorf(p, diag.D_PRAGMA_UNUSED, "unused #pragma %s", p.Words[1])
	}
}

// probeClause checks a clause. DTrace cooks a clause once for each of its
// probe descriptions, each with args[] of its own matches; the clause is
// checked with the first, and the args[] it uses are then checked against
// each other description, which must give them the same types.
func (c *checker) probeClause(pc *ast.ProbeClause) {
	ci := &ClauseInfo{Clause: pc}
	c.setContext(ci, pc.Descs[0])
	c.clause = ci
	c.speculated, c.committed, c.recorded = false, false, false
	defer func() { c.clause = nil }()
	// As DTrace, the actions are checked before the predicate, so that a
	// variable the actions assign may be first named in the predicate;
	// when the actions use one the predicate would define, they are
	// checked again after it.
	bodyDone := pc.Pred == nil || c.tryBody(pc)
	if pc.Pred != nil {
		c.predEnd, c.predNext = pc.Pred.End(), pc.Lbrace
		defer func() { c.predEnd, c.predNext = token.NoPos, token.NoPos }()
		t := c.rvalue(pc.Pred)
		c.aggValues(pc.Pred)
		if !ctype.IsScalar(t.Type) && !ctype.IsString(t.Type) {
			c.errorf(pc.Pred, diag.D_PRED_SCALAR, "predicate result must be of scalar type")
		}
	}
	if !bodyDone {
		c.speculated, c.committed, c.recorded = false, false, false
		ci.cgErr = nil
		c.body(pc)
	} else if pc.Pred == nil {
		c.body(pc)
	}
	if ci.cgErr != nil {
		panic(bailout{ci.cgErr})
	}
	ci.DescAttr, ci.StmtAttr = c.clauseAttrs(pc, ci.desc, ci.match)
	for _, d := range pc.Descs[1:] {
		c.agreeArgs(ci, d)
		desc, stmt := c.clauseAttrs(pc, d, ci.match)
		ci.DescAttr, ci.StmtAttr = ci.DescAttr.Min(desc), ci.StmtAttr.Min(stmt)
	}
	c.info.Clauses = append(c.info.Clauses, ci)
}

// body checks the actions of a clause.
func (c *checker) body(pc *ast.ProbeClause) {
	for _, s := range pc.Body {
		c.stmt(s)
	}
}

// tryBody checks the actions of a clause before its predicate, reporting
// false when they name a variable not yet defined, which the predicate
// may define.
func (c *checker) tryBody(pc *ast.ProbeClause) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			b, isBail := r.(bailout)
			if !isBail || b.err == nil || b.err.Tag != diag.D_IDENT_UNDEF && b.err.Tag != diag.D_VAR_UNDEF {
				panic(r)
			}
			ok = false
		}
	}()
	c.body(pc)
	return true
}

func (c *checker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		if c.isAgg(s.X) {
			c.nullAgg(s.X)
			return
		}
		c.stmtExpr = s.X
		c.expr(s.X)
		c.stmtExpr = nil
		c.aggValues(s.X)
		c.dynamicResult(s.X)
		c.actionOrder(s.X)
	case *ast.IfStmt:
		t := c.rvalue(s.Cond)
		c.aggValues(s.Cond)
		if !ctype.IsScalar(t.Type) && !ctype.IsString(t.Type) {
			c.errorf(s.Cond, diag.D_PRED_SCALAR, "if-condition must be of scalar type")
		}
		c.stmt(s.Then)
		if s.Else != nil {
			c.stmt(s.Else)
		}
	case *ast.BlockStmt:
		for _, s := range s.List {
			c.stmt(s)
		}
	case *ast.EmptyStmt:
	}
}

// aggValues rejects an aggregation used as a value in e (1, @a), which
// has DTrace's dynamic type: an aggregation is only assigned, or given
// to the actions that take one (printa(@a)). DTrace's code generator
// refuses it once the clause has passed its other checks.
func (c *checker) aggValues(e ast.Expr) {
	if c.clause == nil || c.clause.cgErr != nil {
		return
	}
	allowed := map[*ast.AggExpr]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			id, ok := ast.Unparen(x.Fun).(*ast.Ident)
			if !ok || !aggActions[id.Name] {
				return true
			}
			for _, a := range x.Args {
				if agg, ok := ast.Unparen(a).(*ast.AggExpr); ok {
					allowed[agg] = true
				}
			}
		case *ast.AssignExpr:
			lhs := ast.Unparen(x.Lhs)
			if ix, ok := lhs.(*ast.IndexExpr); ok {
				lhs = ast.Unparen(ix.X)
			}
			if agg, ok := lhs.(*ast.AggExpr); ok {
				allowed[agg] = true
			}
		}
		return true
	})
	ast.Inspect(e, func(n ast.Node) bool {
		if agg, ok := n.(*ast.AggExpr); ok && !allowed[agg] && c.clause.cgErr == nil {
			c.clause.cgErr = c.errAt(agg, diag.D_CG_DYN, "expression cannot evaluate to result of dynamic type")
		}
		return true
	})
}

// aggActions are the actions that take aggregations.
var aggActions = map[string]bool{"printa": true, "clear": true, "trunc": true, "normalize": true, "denormalize": true}

// dynamicResult rejects a statement that is a translation, xlate<T>(x)
// (or an inline whose value is one), used whole: its value has DTrace's
// dynamic type, which DTrace's code generator refuses to evaluate.
func (c *checker) dynamicResult(e ast.Expr) {
	x := ast.Unparen(e)
	for {
		id, ok := x.(*ast.Ident)
		if !ok {
			break
		}
		v := c.info.Vars[id]
		if v == nil || v.Kind != Inline || v.Inline == nil || v.InlineParams != nil {
			break
		}
		x = ast.Unparen(v.Inline.Value)
	}
	if _, ok := x.(*ast.XlateExpr); ok && c.clause != nil && c.clause.cgErr == nil {
		c.clause.cgErr = c.errAt(e, diag.D_CG_DYN, "expression cannot evaluate to result of dynamic type")
	}
}

// nullAgg checks a statement that names an aggregation without applying
// a function to it, which DTrace's code generator rejects.
func (c *checker) nullAgg(e ast.Expr) {
	c.expr(e)
	a, ok := ast.Unparen(e).(*ast.AggExpr)
	if !ok {
		a = ast.Unparen(ast.Unparen(e).(*ast.IndexExpr).X).(*ast.AggExpr)
	}
	if c.clause != nil && c.clause.cgErr == nil {
		c.clause.cgErr = c.errAt(e, diag.D_AGG_NULL, "expression has null effect: @%s", a.Name)
	}
}

// actionOrder applies DTrace's rules for the order of actions in a clause:
// speculate() comes before any data is recorded, commit() after none, and
// a speculative clause has no aggregations, destructive actions or exit().
func (c *checker) actionOrder(e ast.Expr) {
	if c.isAgg(assignLhs(e)) {
		if c.speculated {
			c.errorf(e, diag.D_AGG_SPEC, "aggregating actions may not follow speculate( )")
		}
		if c.committed {
			c.errorf(e, diag.D_AGG_COMM, "aggregating actions may not follow commit( )")
		}
		c.recorded = true
		return
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return
	}
	fn, ok := LookupBuiltin(id.Name)
	if !ok {
		return
	}
	switch {
	case fn.Name == "commit":
		// DTrace for Linux lets a clause commit several speculations.
		if c.recorded {
			c.errorf(e, diag.D_COMM_DREC, "commit( ) may not follow data-recording action(s)")
		}
		c.committed = true
	case fn.Name == "speculate":
		if c.speculated {
			c.errorf(e, diag.D_SPEC_SPEC, "speculate( ) may not follow speculate( )")
		}
		if c.committed {
			c.errorf(e, diag.D_SPEC_COMM, "speculate( ) may not follow commit( )")
		}
		if c.recorded {
			c.errorf(e, diag.D_SPEC_DREC, "speculate( ) may not follow data-recording action(s)")
		}
		c.speculated = true
	case fn.Kind != Action:
	default:
		if c.speculated && fn.Destructive {
			c.errorf(e, diag.D_ACT_SPEC, "destructive actions may not follow speculate( )")
		}
		if c.speculated && fn.Name == "exit" {
			c.errorf(e, diag.D_EXIT_SPEC, "exit( ) may not follow speculate( )")
		}
		if fn.Destructive || fn.Name == "discard" {
			return
		}
		if c.committed {
			c.errorf(e, diag.D_DREC_COMM, "data-recording actions may not follow commit( )")
		}
		if !c.speculated {
			c.recorded = true
		}
	}
}

func assignLhs(e ast.Expr) ast.Expr {
	if a, ok := ast.Unparen(e).(*ast.AssignExpr); ok {
		return a.Lhs
	}
	return nil
}

// option reports whether a flag option (zdefs for -Z, nolibs) is set.
func (c *checker) option(name string) bool {
	return c.cfg.Options != nil && c.cfg.Options.Bool(name)
}

// inherit copies the variables of an earlier program into vars: copies,
// so that checking this program changes nothing of that one's.
func inherit(vars, prior map[string]*Var) {
	for name, v := range prior {
		cp := *v
		vars[name] = &cp
	}
}
