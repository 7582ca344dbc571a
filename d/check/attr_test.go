package check

import (
	"testing"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/parser"
)

// attrProbes matches test:::tick and test:::args, of a provider whose
// parts are Evolving but for a Private function, with ISA arguments.
type attrProbes struct{}

var attrProvider = ProviderAttrs{
	Provider: Attr{Name: Evolving, Data: Evolving, Class: ClassCommon},
	Module:   Attr{Name: Private, Data: Private, Class: ClassUnknown},
	Function: Attr{Name: Private, Data: Private, Class: ClassISA},
	Name:     Attr{Name: Evolving, Data: Evolving, Class: ClassCommon},
	Args:     Attr{Name: Evolving, Data: Evolving, Class: ClassISA},
}

func (attrProbes) Probe(d *ast.ProbeDesc) (*Match, error) {
	if (d.Provider == "test" || d.Provider == "te*") && d.Module == "" && (d.Name == "tick" || d.Name == "args") {
		return &Match{Args: Int64Args(2), Attrs: &attrProvider}, nil
	}
	return nil, nil
}

type aminOpts string

func (aminOpts) Value(string) (int64, bool) { return 0, false }
func (aminOpts) Bool(string) bool           { return false }
func (o aminOpts) Text(name string) string {
	if name == "amin" {
		return string(o)
	}
	return ""
}

func checkAttrs(t *testing.T, src string, opts Options) (*Info, error) {
	t.Helper()
	u := ctype.NewUniverse(nil, ctype.NewC(), ctype.NewD(256), newFixtureKernel())
	prog, err := parser.ParseFile("attr.d", []byte(src), &parser.Config{IsType: IsType(u)})
	if err != nil {
		t.Fatal(err)
	}
	return Check(prog, &Config{Types: u, Probes: attrProbes{}, Options: opts})
}

// TestClauseAttrs: a clause's description and statement attributes, as
// DTrace's parser computes them.
func TestClauseAttrs(t *testing.T) {
	for _, c := range []struct {
		src        string
		desc, stmt Attr
	}{
		// The parts named count, the empty module does not.
		{"test:::tick { trace(1); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, DefaultAttr},
		{"test::f:tick { trace(1); }", Attr{Name: Private, Data: Private, Class: ClassISA}, DefaultAttr},
		// A pattern for the provider is Unstable.
		{"te*:::tick { trace(1); }", UnstableAttr, DefaultAttr},
		// args[] take the provider's argument attributes, probefunc the
		// function's; an Evolving built-in lowers names only.
		{"test:::args { trace(args[0]); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, Attr{Name: Evolving, Data: Evolving, Class: ClassISA}},
		{"test:::tick { trace(probefunc); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, Attr{Name: Private, Data: Private, Class: ClassISA}},
		{"test:::tick { trace(htons(1)); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, Attr{Name: Evolving, Data: Stable, Class: ClassCommon}},
		// The predicate counts; curthread's data is Private.
		{"test:::tick /curthread/ { trace(1); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, Attr{Name: Stable, Data: Private, Class: ClassCommon}},
		// A pragma sets a declared global's attributes.
		{"int x;\n#pragma D attributes Unstable/Evolving/Group x\ntest:::tick { trace(x); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, Attr{Name: Unstable, Data: Evolving, Class: ClassGroup}},
		// An enumerator compared, on the right, with a value of its
		// enum becomes a constant with a symbol's attribute, as
		// DTrace's parser makes it; elsewhere it is D's.
		{"enum e { EV_A, EV_B };\nenum e x;\ntest:::tick { trace(x == EV_B); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, symAttr},
		{"enum e { EV_A, EV_B };\nenum e x;\ntest:::tick { trace(x != (EV_B)); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, symAttr},
		{"enum e { EV_A, EV_B };\nenum e x;\ntest:::tick { trace(EV_B == x); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, DefaultAttr},
		{"enum e { EV_A, EV_B };\nenum e x;\ntest:::tick { trace(x == 1); trace(x + EV_B); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, DefaultAttr},
		{"enum e { EV_A, EV_B };\nenum f { FV_C };\nenum e x;\ntest:::tick { trace(x == FV_C); }", Attr{Name: Evolving, Data: Evolving, Class: ClassCommon}, DefaultAttr},
		// Two descriptions: the least of both.
		{"test:::tick, te*:::args { trace(1); }", UnstableAttr, DefaultAttr},
	} {
		info, err := checkAttrs(t, c.src, nil)
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		ci := info.Clauses[0]
		if ci.DescAttr != c.desc || ci.StmtAttr != c.stmt {
			t.Errorf("%q: attributes %s and %s, want %s and %s", c.src, ci.DescAttr, ci.StmtAttr, c.desc, c.stmt)
		}
	}
}

// TestAmin: amin refuses the clause whose description is below it, then
// the first expression below it.
func TestAmin(t *testing.T) {
	for _, c := range []struct{ amin, src, want string }{
		{"Stable/Stable/Common", "test:::tick { trace(1); }", "attributes for clause (Evolving/Evolving/Common) are less than predefined minimum"},
		{"Evolving/Evolving/Common", "test:::tick { trace(1); trace(curthread); }", "attributes for scalar curthread (Stable/Private/Common) are less than predefined minimum"},
		{"Evolving/Evolving/Common", "test:::tick { trace(1); }", ""},
	} {
		_, err := checkAttrs(t, c.src, aminOpts(c.amin))
		got := ""
		if err != nil {
			list, ok := err.(diag.List)
			if !ok || len(list) == 0 || list[0].Tag != diag.D_ATTR_MIN {
				t.Errorf("amin=%s %q: %v, want D_ATTR_MIN", c.amin, c.src, err)
				continue
			}
			got = list[0].Msg
		}
		if got != c.want {
			t.Errorf("amin=%s %q: %q, want %q", c.amin, c.src, got, c.want)
		}
	}
}

func TestParseAttr(t *testing.T) {
	if a, ok := ParseAttr("evolving/private/isa"); !ok || a != (Attr{Name: Evolving, Data: Private, Class: ClassISA}) {
		t.Errorf("ParseAttr: %v %v", a, ok)
	}
	if _, ok := ParseAttr("Stable/Sturdy/Common"); ok {
		t.Error("ParseAttr accepted Sturdy")
	}
}
