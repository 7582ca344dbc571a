package check

import (
	"embed"
	"strings"
	"sync"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/parser"
	"github.com/godtrace/godtrace/d/token"
)

// libFiles are godtrace's D library: the types, translators and inlines
// DTrace ships in /usr/lib64/dtrace/*.d, written in D.
//
//go:embed lib/*.d
var libFiles embed.FS

// libTypeNames are the type names the library uses before declaring
// them, for the parser's type-name question.
var libTypeNames = map[string]bool{
	"pid_t": true, "id_t": true, "uid_t": true, "gid_t": true, "uintptr_t": true,
	"psinfo_t": true, "lwpsinfo_t": true, "processorid_t": true, "psetid_t": true,
	"chipid_t": true, "lgrp_id_t": true, "dev_t": true, "taskid_t": true,
	"projid_t": true, "zoneid_t": true, "caddr_t": true, "ipaddr_t": true,
	"in6_addr_t": true, "cpuinfo_t": true, "fileinfo_t": true, "bufinfo_t": true,
	"devinfo_t": true, "size_t": true, "uint64_t": true,
	"void_ip_t": true, "netstackid_t": true, "pktinfo_t": true, "csinfo_t": true,
	"ipinfo_t": true, "ifinfo_t": true, "ipv4info_t": true, "ipv6info_t": true,
	"uint8_t": true, "uint16_t": true, "uint32_t": true, "int8_t": true,
	"udpsinfo_t": true, "udpinfo_t": true, "tcpsinfo_t": true, "tcplsinfo_t": true,
	"tcpinfo_t": true, "int32_t": true,
}

// libOrder is the order the library's files are checked in: later files
// use what earlier ones declare.
var libOrder = []string{"lib/types.d", "lib/signal.d", "lib/errno.d", "lib/unistd.d", regsLib, "lib/procfs.d", "lib/io.d", "lib/net.d", "lib/ip.d", "lib/tcp.d", "lib/udp.d", "lib/pcap.d", "lib/lockstat.d"}

// library is the D library parsed and split in two. Checking the
// translators, and what names kernel structs, makes the kernel's BTF load
// (tens of milliseconds), which most programs never need: those
// declarations are lazy, checked only for a program that may use them.
// Eager declarations mention nothing a lazy one defines, so checking
// the eager ones first and the lazy ones later keeps the library's
// order of dependencies.
type library struct {
	eager, lazy []ast.Decl
	// lazyNames are the names the lazy declarations mention or define,
	// but for those eager ones define. A program that mentions none of
	// them (and translates nothing)
	// checks the same with or without them, until it needs a translator
	// for args[].
	lazyNames map[string]bool
}

// libDecls parses and splits the library once per process.
var libDecls = sync.OnceValue(func() *library {
	lib := &library{lazyNames: map[string]bool{}}
	// lazyDefs are the names lazy declarations define; eagerTags and
	// eagerDefs the tags and names eager ones define, which a program
	// cannot define again.
	lazyDefs, eagerTags, eagerDefs := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, name := range libOrder {
		src, err := libFiles.ReadFile(name)
		if err != nil {
			continue
		}
		prog, err := parser.ParseFile(name, src, &parser.Config{IsType: func(n string) bool { return libTypeNames[n] }})
		if err != nil {
			// The library is fixed at build time; TestLib keeps it
			// parsing.
			continue
		}
		for _, d := range prog.Decls {
			names, tags := map[string]bool{}, map[string]bool{}
			_, isXlator := d.(*ast.Translator)
			lazy := mentions(d, names, tags) || isXlator
			for n := range names {
				// A tag the library does not define is the kernel's, as
				// is a name with the backquote.
				lazy = lazy || lazyDefs[n] || isTag(n) && !eagerTags[n] && !tags[n] || strings.Contains(n, "`")
			}
			if !lazy {
				lib.eager = append(lib.eager, d)
				for t := range tags {
					eagerTags[t] = true
				}
				for _, n := range definedNames(d) {
					eagerDefs[n] = true
				}
				continue
			}
			lib.lazy = append(lib.lazy, d)
			for n := range names {
				lib.lazyNames[n] = !eagerDefs[n]
			}
			for n := range tags {
				lazyDefs[n] = true
			}
			for _, n := range definedNames(d) {
				lazyDefs[n] = true
			}
		}
	}
	// A program cannot make a built-in (arg0) mean anything else, but
	// the library can (cwd).
	for n := range lib.lazyNames {
		if _, builtin := LookupBuiltin(n); builtin && !lazyDefs[n] {
			delete(lib.lazyNames, n)
		}
	}
	return lib
})

// mentions adds to names the identifiers, type names and tags ("struct
// file") n mentions, and to tags the tags it defines with a member list.
// Member names (after . and ->, and a translator's) are left out: they
// name nothing in a scope. It reports whether n uses xlate.
func mentions(n ast.Node, names, tags map[string]bool) (xlate bool) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			xlate = mentions(n.X, names, tags) || xlate
			return false
		case *ast.XlateMember:
			xlate = mentions(n.Value, names, tags) || xlate
			return false
		case *ast.XlateExpr:
			xlate = true
		case *ast.Ident:
			names[n.Name] = true
		case *ast.NamedType:
			names[n.Name] = true
		case *ast.StructType:
			kind := "struct "
			if n.Kind == token.UNION {
				kind = "union "
			}
			if n.Name != "" {
				names[kind+n.Name] = true
				if n.Lbrace.IsValid() {
					tags[kind+n.Name] = true
				}
			}
		case *ast.EnumType:
			if n.Name != "" {
				names["enum "+n.Name] = true
				if n.Lbrace.IsValid() {
					tags["enum "+n.Name] = true
				}
			}
		}
		return true
	})
	return xlate
}

func isTag(name string) bool {
	return strings.HasPrefix(name, "struct ") || strings.HasPrefix(name, "union ") || strings.HasPrefix(name, "enum ")
}

// definedNames are the typedefs, variables and inlines d declares.
func definedNames(d ast.Decl) []string {
	var names []string
	switch d := d.(type) {
	case *ast.Declaration:
		for _, v := range d.Vars {
			if v.Name != nil {
				names = append(names, v.Name.Name)
			}
		}
	case *ast.InlineDecl:
		names = append(names, d.Var.Name.Name)
	}
	return names
}

// needsLazyLib reports whether prog may depend on the library's lazy
// declarations before it uses a translated args[]: it translates, or
// mentions a name they mention or define, so that checking them later
// could see the program's declarations or the program miss theirs.
func needsLazyLib(prog *ast.Program) bool {
	names := map[string]bool{}
	if mentions(prog, names, map[string]bool{}) {
		return true
	}
	lazy := libDecls().lazyNames
	for n := range names {
		if lazy[n] {
			return true
		}
	}
	return false
}

// loadLib checks the library's eager declarations into the lib scope,
// and the lazy ones too when prog may need them.
func (c *checker) loadLib(prog *ast.Program) {
	lib := libDecls()
	c.libDecls(lib.eager)
	c.lazyLib = lib.lazy
	if needsLazyLib(prog) {
		c.loadLazyLib()
	}
}

// loadLazyLib checks the library's lazy declarations, once, when the
// program first needs them: it may be in the middle of a clause, whose
// state the library's declarations must not see.
func (c *checker) loadLazyLib() {
	decls := c.lazyLib
	if decls == nil {
		return
	}
	c.lazyLib = nil
	clause, stmtExpr, aggKey := c.clause, c.stmtExpr, c.aggKey
	c.clause, c.stmtExpr, c.aggKey = nil, nil, nil
	defer func() { c.clause, c.stmtExpr, c.aggKey = clause, stmtExpr, aggKey }()
	c.libDecls(decls)
}

// libDecls checks library declarations into the lib scope. A declaration
// the kernel's types cannot support (a member this kernel lacks, no
// kernel types at all) is left out, with everything that depends on it,
// rather than failing the user's program.
func (c *checker) libDecls(decls []ast.Decl) {
	saved := c.defs
	c.defs = c.lib
	defer func() { c.defs = saved }()
	for _, d := range decls {
		c.libDecl(d)
	}
}

func (c *checker) libDecl(d ast.Decl) {
	saved := c.file
	c.file = nil
	defer func() {
		c.file = saved
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	c.decl(d)
}

// userLibs checks the declarations of the -L libraries into the lib
// scope. Unlike godtrace's own library they were not checked at build
// time, so an error in one is the user's to see, at its own line.
func (c *checker) userLibs(libs []*ast.Program) {
	if len(libs) == 0 {
		return
	}
	// A user library may use anything of the system one.
	c.loadLazyLib()
	saved, file := c.defs, c.file
	c.defs = c.lib
	defer func() { c.defs, c.file = saved, file }()
	for _, lib := range libs {
		c.file = lib.File
		for _, d := range lib.Decls {
			c.decl(d)
		}
	}
}
