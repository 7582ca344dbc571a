package check

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/ctype/btfsrc"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/parser"
)

// TestLib checks that the embedded D library parses and checks cleanly
// against the running kernel's types, and gives curpsinfo its type.
func TestLib(t *testing.T) {
	u := kernelTypes(t)
	all, err := fs.Glob(libFiles, "lib/*.d")
	// Of the architectures' register files (regs_amd64.d, regs_arm64.d)
	// only this one's is in the library.
	var names []string
	for _, n := range all {
		if !strings.HasPrefix(n, "lib/regs_") || n == regsLib {
			names = append(names, n)
		}
	}
	if err != nil || len(names) != len(libOrder) {
		t.Fatalf("library files %v, but libOrder lists %v", names, libOrder)
	}
	for _, name := range libOrder {
		src, err := libFiles.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parser.ParseFile(name, src, &parser.Config{IsType: IsType(u)}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	c := newChecker(nil, &Config{Types: u})
	c.defs = c.lib
	lib := libDecls()
	for _, d := range append(append([]ast.Decl(nil), lib.eager...), lib.lazy...) {
		func() {
			defer func() {
				if r := recover(); r != nil {
					b := r.(bailout)
					t.Errorf("library declaration at %d: %s", d.Pos(), b.err.Format(true))
				}
			}()
			c.decl(d)
		}()
	}
	if len(c.info.Translators) != 22 {
		t.Errorf("library defines %d translators, want 22", len(c.info.Translators))
	}
	prog, info, err := checkSrc(t, u, "BEGIN { trace(curpsinfo->pr_ppid); trace(xlate<lwpsinfo_t *>(curthread)->pr_name); }")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	ast.Inspect(prog, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			got = append(got, info.Types[call.Args[0]].Type.String())
		}
		return true
	})
	if len(got) != 2 || got[0] != "pid_t" || got[1] != "char [16]" {
		t.Errorf("traced types = %q, want pid_t and char [16]", got)
	}
}

func TestLibConstants(t *testing.T) {
	u := kernelTypes(t)
	prog, info, err := checkSrc(t, u, "BEGIN { raise(SIGKILL); trace(errno == ENOENT); trace(NULL); "+
		"trace(uregs[R_RAX]); trace(uregs[R_SP]); trace(uregs[R_TRAPNO]); trace(PIDTYPE_PGID); trace(REQ_WRITE); }")
	if err != nil {
		t.Fatal(err)
	}
	// PIDTYPE_PGID is the kernel's (2 since Linux 4.19).
	want := map[string]int64{"SIGKILL": 9, "ENOENT": 2, "NULL": 0, "R_RAX": 10, "R_SP": 19, "R_TRAPNO": 25, "PIDTYPE_PGID": 2, "REQ_WRITE": 1}
	ast.Inspect(prog, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := want[id.Name]; ok {
				if ti := info.Types[id]; ti == nil || !ti.Const || ti.Value != v {
					t.Errorf("%s = %+v, want constant %d", id.Name, ti, v)
				}
				delete(want, id.Name)
			}
		}
		return true
	})
	if len(want) != 0 {
		t.Errorf("not found: %v", want)
	}
}

// askedSource passes lookups to the kernel's types, keeping the names
// asked.
type askedSource struct {
	k     ctype.Source
	asked []string
}

func (s *askedSource) Module() string { return s.k.Module() }

func (s *askedSource) LookupType(n string) (*ctype.Type, error) {
	s.asked = append(s.asked, n)
	return s.k.LookupType(n)
}

func (s *askedSource) LookupVar(n string) (*ctype.Type, error) {
	s.asked = append(s.asked, "var "+n)
	return s.k.(ctype.VarSource).LookupVar(n)
}

func (s *askedSource) LookupEnumerator(n string) (int64, error) {
	s.asked = append(s.asked, "enumerator "+n)
	return s.k.(ctype.EnumSource).LookupEnumerator(n)
}

// TestLibLazy checks that the library's translators and what names
// kernel structs are checked only for a program that may use them: a
// program without kernel types asks the kernel for nothing, so its BTF
// is never loaded.
func TestLibLazy(t *testing.T) {
	u := kernelTypes(t)
	k, err := btfsrc.Kernel()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		src    string
		kernel bool
	}{
		{"BEGIN { exit(0); }", false},
		{"BEGIN { trace(NULL); raise(SIGKILL); trace(uregs[R_SP]); trace(curcpu->cpu_id); }", false},
		{"BEGIN { trace(curpsinfo->pr_pid); }", true},
		{"BEGIN { trace(xlate<lwpsinfo_t *>(curthread)->pr_lwpid); }", true},
		{"BEGIN { trace(sizeof (in6_addr_t)); }", true},
		// The translator for a translated args[] is checked where
		// the clause first uses it.
		{"io:::start { trace(args[0]->b_bcount); }", true},
		{"io:::start { trace(arg0); }", false},
	} {
		ks := &askedSource{k: k}
		types := ctype.NewUniverse(btfsrc.Module, ctype.NewC(), ctype.NewD(256), ks)
		prog, err := parser.ParseFile("t.d", []byte(tc.src), &parser.Config{IsType: IsType(u)})
		if err != nil {
			t.Fatal(err)
		}
		info, err := Check(prog, &Config{Types: types, Probes: ioStart{}})
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if got := len(ks.asked) > 0; got != tc.kernel {
			t.Errorf("%s: kernel asked %q, want kernel types used %v", tc.src, ks.asked, tc.kernel)
		}
		want := 0
		if tc.kernel {
			want = 22
		}
		if len(info.Translators) != want {
			t.Errorf("%s: %d translators checked, want %d", tc.src, len(info.Translators), want)
		}
	}
}

// ioStart is the io provider's start probe, with args[0] a bufinfo_t
// translated from struct bio, and DTrace's own probes.
type ioStart struct{}

func (ioStart) Probe(d *ast.ProbeDesc) (*Match, error) {
	if d.Provider == "io" && d.Name == "start" {
		return &Match{Args: []ProbeArg{{Native: "struct bio *", Translated: "bufinfo_t *"}}}, nil
	}
	return BuiltinProbes{}.Probe(d)
}
