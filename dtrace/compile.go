package dtrace

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/ctype/btfsrc"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/cpp"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/parser"
)

// Spec says which field of a probe description a lone word given on the
// command line fills: -P gives a provider, -m a module, -f a function, -n
// and -i a name.
type Spec = parser.Spec

// The fields a command-line probe specifier may name.
const (
	SpecName     = parser.SpecName
	SpecProvider = parser.SpecProvider
	SpecModule   = parser.SpecModule
	SpecFunction = parser.SpecFunction
)

// Program is a compiled D program.
type Program struct {
	h    *Handle
	ast  *ast.Program
	info *check.Info
}

// CompileFile compiles the D script read from r; name is the script's name
// in messages and args are the macro arguments, $0 first. A compile error
// reads as DTrace words it after "failed to compile script NAME: ". The
// preprocessor's messages (-C) go to the standard error, as dtrace(8)'s
// do; CompileFileContext sends them elsewhere.
func (h *Handle) CompileFile(name string, r io.Reader, args []string) (*Program, error) {
	return h.CompileFileContext(context.Background(), name, r, &CompileOptions{Args: args, CppStderr: os.Stderr})
}

// CompileOptions are what CompileFileContext takes besides the script.
type CompileOptions struct {
	// Args are the macro arguments, $0 first.
	Args []string
	// CppStderr receives the C preprocessor's messages (its errors, the
	// header list of -H) when the cpp option (-C) is set; nil discards
	// them.
	CppStderr io.Writer
}

// CompileFileContext is CompileFile with a context, whose end stops the
// compilation (a preprocessor running is killed) with an error wrapping
// ctx's, and with options; nil options are the zero CompileOptions.
func (h *Handle) CompileFileContext(ctx context.Context, name string, r io.Reader, o *CompileOptions) (*Program, error) {
	if err := h.valid(); err != nil {
		return nil, err
	}
	if ctx == nil {
		return nil, errors.New("dtrace: CompileFileContext with a nil Context")
	}
	if r == nil {
		return nil, errors.New("dtrace: CompileFile from a nil reader")
	}
	if o == nil {
		o = &CompileOptions{}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("failed to read %s: %w", name, err)
	}
	if h.opts.Bool("cpp") {
		if src, err = h.preprocess(ctx, name, src, o.CppStderr); err != nil {
			return nil, err
		}
	}
	prog, err := h.compile(name, src, &parser.Config{MacroArgs: o.Args})
	return prog, wrapNotSupported(err)
}

// PreprocessorError is a failure of the C preprocessor (-C), worded as
// DTrace words it; the preprocessor's own messages have gone to its
// standard error already (CompileOptions.CppStderr), as they do in
// DTrace. When the compile's context ended it, the error wraps the
// context's.
type PreprocessorError struct{ err error }

func (e *PreprocessorError) Error() string {
	if e != nil && errors.Is(e.err, cpp.ErrNotFound) {
		return "Preprocessor not found"
	}
	return "Preprocessor failed to process input program"
}

func (e *PreprocessorError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.err
}

// preprocess runs the C preprocessor with the -D, -U, -I and -H options
// and the -X mode given: the system's, or the one -xcpppath names; its
// messages go to stderr.
func (h *Handle) preprocess(ctx context.Context, name string, src []byte, stderr io.Writer) ([]byte, error) {
	args := append(h.opts.CppArgs(), cpp.StdcArgs(h.opts.Text("stdc"))...)
	command, err := cpp.Command()
	if path := h.opts.Text("cpppath"); path != "" {
		command, err = []string{path}, nil
	}
	var out []byte
	if err == nil {
		out, err = cpp.PreprocessWith(ctx, command, name, src, args, stderr)
	}
	if err != nil {
		return nil, &PreprocessorError{err}
	}
	return out, nil
}

// CompileString compiles a program given on the command line: a probe
// description, optionally followed by a predicate and actions. A short
// description ends at the field spec says. A compile error reads as DTrace
// words it after "invalid probe specifier TEXT: ": without a line number.
func (h *Handle) CompileString(text string, spec Spec, args []string) (*Program, error) {
	if err := h.valid(); err != nil {
		return nil, err
	}
	prog, err := h.compile("", []byte(text), &parser.Config{MacroArgs: args, FromString: true, Spec: spec})
	return prog, wrapNotSupported(err)
}

func (h *Handle) compile(name string, src []byte, cfg *parser.Config) (*Program, error) {
	cfg.Macros = h.macros
	cfg.FileSet = h.fset
	cfg.DefaultArgs = h.opts.Bool("defaultargs")
	cfg.PSpec = h.opts.Bool("pspec")
	cfg.ArgRef = h.opts.Bool("argref")
	// The parser tells casts from expressions by whether a name is a
	// type, kernel typedefs included, as DTrace's lexer does.
	if _, err := h.kernelCTF(); err != nil {
		return nil, err
	}
	cfg.IsType = check.IsType(h.types())
	prog, err := parser.ParseFile(name, src, cfg)
	var libs []*ast.Program
	if err == nil {
		err = h.applyPragmas(prog)
	}
	var info *check.Info
	if err == nil {
		// The types again, now that the program's pragmas may have
		// changed strsize.
		if libs, err = h.userLibs(cfg.IsType); err == nil {
			info, err = check.Check(prog, &check.Config{Types: h.types(), Probes: probeInfo{h.table(), h.opts.Bool("zdefs")}, Options: h.opts, Symbol: kernelSymbol, Module: kernelModule, Prior: h.compiled, Libs: libs})
		}
	}
	if err != nil {
		return nil, h.wordError(err, cfg.FromString)
	}
	h.compiled = info
	return &Program{h: h, ast: prog, info: info}, nil
}

// types returns the types a compilation sees: C's and D's own, then the
// running kernel's — from its CTF archive when it has one (kernelCTF),
// else from its BTF when it has any — then kernel modules', loaded on
// demand.
func (h *Handle) types() *ctype.Universe {
	strsize, _ := h.opts.Value("strsize")
	srcs := []ctype.Source{ctype.NewC(), ctype.NewD(strsize)}
	if a, _ := h.kernelCTF(); a != nil {
		if k, loader, ok := ctfKernel(a); ok {
			return ctype.NewUniverse(loader, append(srcs, k)...)
		}
	}
	if k, err := btfsrc.Kernel(); err == nil {
		srcs = append(srcs, k)
	}
	u := ctype.NewUniverse(btfsrc.Module, srcs...)
	u.SearchModules(btfsrc.ModuleNames)
	return u
}

// applyPragmas sets the options the program's "#pragma D option" lines
// name, in their order.
func (h *Handle) applyPragmas(prog *ast.Program) error {
	for _, d := range prog.Decls {
		p, ok := d.(*ast.Pragma)
		if !ok || len(p.Words) < 2 || p.Words[0] != "D" || p.Words[1] != "option" {
			continue
		}
		pos := prog.File.Position(p.Pos())
		switch len(p.Words) {
		case 2:
			return diag.List{diag.Errorf(pos, diag.D_PRAGMA_MALFORM, "malformed #pragma D option <option>=<val>")}
		case 3:
		default:
			return diag.List{diag.Errorf(pos, diag.D_PRAGMA_MALFORM, "superfluous arguments specified for #pragma D option")}
		}
		if err := h.opts.SetPragma(p.Words[2]); err != nil {
			name, value, has := strings.Cut(p.Words[2], "=")
			msg := fmt.Sprintf("failed to set option '%s': %s", name, ErrorText(err))
			if has {
				msg = fmt.Sprintf("failed to set option '%s' to '%s': %s", name, value, ErrorText(err))
			}
			return diag.List{diag.Errorf(pos, diag.D_PRAGMA_OPTSET, "%s", msg)}
		}
	}
	return nil
}

// compileError is a compile error worded as DTrace prints it.
type compileError struct {
	text string
	err  error
}

func (e *compileError) Error() string { return e.text }
func (e *compileError) Unwrap() error { return e.err }

// wordError words the first error of a compile as DTrace does: with its
// tag under -xerrtags, and without a line number for programs given on the
// command line, whose errors DTrace does not place on a line.
func (h *Handle) wordError(err error, fromString bool) error {
	var list diag.List
	if !errors.As(err, &list) || len(list) == 0 {
		return err
	}
	list.Sort()
	e := *list[0]
	if h.libFiles[e.Pos.Filename] {
		// DTrace names the library file it was reading.
		e.Msg = fmt.Sprintf("%q, line %d: %s", e.Pos.Filename, e.Pos.Line, e.Msg)
		e.Pos.Line = 0
	}
	if fromString {
		e.Pos.Line = 0
	}
	return &compileError{e.Format(h.opts.Bool("errtags")), err}
}

// userLibs parses the D library files (*.d) of the -L and libdir
// directories, in the order the directories were given and by name
// within one; a directory that cannot be read is skipped, as DTrace does.
func (h *Handle) userLibs(isType func(string) bool) ([]*ast.Program, error) {
	if h.opts.Bool("nolibs") {
		return nil, nil
	}
	var libs []*ast.Program
	h.libFiles = map[string]bool{}
	for _, dir := range h.opts.Libdirs() {
		files, _ := filepath.Glob(filepath.Join(dir, "*.d"))
		for _, name := range files {
			h.libFiles[name] = true
			src, err := os.ReadFile(name)
			if err != nil {
				continue
			}
			prog, err := parser.ParseFile(name, src, &parser.Config{IsType: isType, FileSet: h.fset})
			if err != nil {
				return nil, err
			}
			libs = append(libs, prog)
		}
	}
	return libs, nil
}

// program returns why p cannot be used with h: h is not open, p is nil
// or not compiled, or compiled by another handle.
func (h *Handle) program(p *Program) error {
	if err := h.valid(); err != nil {
		return err
	}
	if p == nil || p.ast == nil || p.info == nil {
		return errors.New("dtrace: nil Program")
	}
	if p.h != h {
		return errors.New("dtrace: Program compiled by another handle")
	}
	return nil
}
