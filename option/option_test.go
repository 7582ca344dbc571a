package option

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true},
		{"512", 512, true},
		{"1k", 1024, true},
		{"1K", 1024, true},
		{"4m", 4 << 20, true},
		{"2g", 2 << 30, true},
		{"1t", 1 << 40, true},
		{"0x10", 16, true},
		{"010", 8, true},
		{"0x10k", 16 << 10, true},
		{"", 0, false},
		{"k", 0, false},
		{"4mb", 0, false},
		{"-1", 0, false},
		{"-1k", 0, false},
		{"1.5m", 0, false},
		{"12q", 0, false},
		{"99999999999999999999", 0, false},
		{"9000000t", 0, false},
	} {
		got, ok := ParseSize(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestParseRate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1000", 1000, true},
		{"1000ns", 1000, true},
		{"1000nsec", 1000, true},
		{"5us", 5000, true},
		{"500ms", 500e6, true},
		{"500MSEC", 500e6, true},
		{"1s", 1e9, true},
		{"2sec", 2e9, true},
		{"1m", 60e9, true},
		{"1min", 60e9, true},
		{"1h", 3600e9, true},
		{"1d", 86400e9, true},
		{"10hz", 1e8, true},
		{"3hz", 333333333, true},
		{"0hz", 0, true},
		{"", 0, true},
		{"10khz", 0, false},
		{"-5s", 0, false},
		{"1.5s", 0, false},
		{"1 s", 0, false},
	} {
		got, ok := ParseRate(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseRate(%q) = %d, %v; want %d, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// sample returns a value each option accepts, or ok=false for options that
// take none.
func sample(d Def) (string, bool) {
	switch d.Syntax {
	case Flag:
		return "", false
	case Bool:
		return "3", true
	case Size:
		return "16k", true
	case Rate:
		return "10hz", true
	case Keyword:
		return d.Keywords[0], true // the last may be refused (oformat=html)
	case Int:
		return "4", true
	}
	switch d.Name {
	case "amin":
		return "Stable/Evolving/Common", true
	case "version":
		return "1.6.4", true
	case "exporterlabels":
		return "calls:process,syscall", true
	}
	return "some-text", true
}

func TestEveryOptionSettable(t *testing.T) {
	defs := Defs()
	if len(defs) < 90 {
		t.Fatalf("catalogue has %d options, want the whole of DTrace's", len(defs))
	}
	for _, d := range defs {
		o := New()
		value, has := sample(d)
		arg := d.Name
		if has {
			arg += "=" + value
		}
		if err := o.SetArg(arg); err != nil {
			t.Errorf("SetArg(%q): %v", arg, err)
			continue
		}
		switch d.Syntax {
		case Bool, Size, Rate, Int, Flag:
			if d.set != nil {
				continue // checked by TestSpecialOptions
			}
			v, on := o.Value(d.Name)
			want := map[Syntax]int64{Bool: 3, Size: 16 << 10, Rate: 1e8, Int: 4, Flag: 1}[d.Syntax]
			if v != want || !on {
				t.Errorf("after %q: Value = %d, %v; want %d, true", arg, v, on, want)
			}
		case Keyword, Text:
			if d.set == nil && o.Text(d.Name) != value {
				t.Errorf("after %q: Text = %q", arg, o.Text(d.Name))
			}
		}
	}
}

func TestDocumentedNames(t *testing.T) {
	// The options the illumos guide and Oracle's dtrace(8) document.
	for _, name := range []string{
		"aggrate", "aggsize", "aggsortkey", "aggsortkeypos", "aggsortpos", "aggsortrev",
		"aggpercpu", "aggzoom", "agghist", "aggpack", "bufpolicy", "bufresize", "bufsize",
		"cleanrate", "cpu", "defaultargs", "destructive", "dynvarsize", "errtags", "evaltime",
		"flowindent", "grabanon", "jstackframes", "jstackstrsize", "nspec", "quiet", "rawbytes",
		"specsize", "stackframes", "stackindent", "statusrate", "strsize", "switchrate",
		"ustackframes", "zdefs", "lockmem", "maxframes", "noresolve", "pcapsize", "oformat",
		"linkmode", "linktype", "temporal", "cpp", "cpppath", "define", "undef", "incdir",
		"libdir", "stdc", "version", "amin", "knodefs", "unodefs", "nolibs", "printsize",
	} {
		if _, ok := Lookup(name); !ok {
			t.Errorf("option %s missing", name)
		}
	}
}

func TestBoolValues(t *testing.T) {
	for _, tc := range []struct {
		arg  string
		want int64
		on   bool
	}{
		{"quiet", 0, true},
		{"quiet=yes", 1, true},
		{"quiet=ON", 1, true},
		{"quiet=enabled", 1, true},
		{"quiet=set", 1, true},
		{"quiet=true", 1, true},
		{"quiet=no", Unset, false},
		{"quiet=off", Unset, false},
		{"quiet=False", Unset, false},
		{"quiet=", Unset, false},
		{"quiet=0", 0, true},
		{"nspec=0x10", 16, true},
	} {
		o := New()
		if err := o.SetArg(tc.arg); err != nil {
			t.Errorf("SetArg(%q): %v", tc.arg, err)
			continue
		}
		v, on := o.Value(tc.arg[:5])
		if v != tc.want || on != tc.on {
			t.Errorf("after %q: %d, %v; want %d, %v", tc.arg, v, on, tc.want, tc.on)
		}
	}
}

func TestDefaults(t *testing.T) {
	o := New()
	for name, want := range map[string]int64{
		"strsize": 256, "nspec": 1, "dynvarsize": 1 << 20, "switchrate": 1e9, "stackframes": 20,
		"ustackframes": 100, "specsize": 4 << 20,
	} {
		if v, on := o.Value(name); v != want || !on {
			t.Errorf("default %s = %d, %v; want %d", name, v, on, want)
		}
	}
	for _, name := range []string{"quiet", "bufsize", "zdefs", "flowindent", "nosuchoption"} {
		if v, on := o.Value(name); on || v != Unset {
			t.Errorf("%s is %d, %v by default; want unset", name, v, on)
		}
	}
	if o.Bool("errtags") {
		t.Error("errtags on by default")
	}
	if err := o.Set("errtags", ""); err != nil || !o.Bool("errtags") {
		t.Errorf("Set errtags: %v, %v", err, o.Bool("errtags"))
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		arg    string
		pragma bool
		want   error
	}{
		{"nosuchoption", false, ErrBadName},
		{"", false, ErrBadName},
		{"Quiet", false, ErrBadName},
		{"quiet=maybe", false, ErrBadValue},
		{"quiet=-1", false, ErrBadValue},
		{"bufsize=4x", false, ErrBadValue},
		{"bufsize=-4m", false, ErrBadValue},
		{"switchrate=10parsec", false, ErrBadValue},
		{"zdefs=1", false, ErrBadValue},
		{"bufpolicy=circular", false, ErrBadValue},
		{"bufpolicy", false, ErrBadValue},
		{"linkmode=Kernel", false, ErrBadValue},
		{"cpppath", false, ErrBadValue},
		{"strsize=0", false, ErrBadValue},
		{"strsize=5g", false, ErrOverflow},
		{"version=two", false, ErrBadVersion},
		{"version=1.7", false, ErrNoVersion},
		{"amin=Stable/Stable", false, ErrBadValue},
		{"iregs=99", false, ErrBadValue},
		{"define=FOO", true, ErrBadContext},
		{"cpphdrs", true, ErrBadContext},
		{"cpphdrs=1", true, ErrBadValue},
		{"define", true, ErrBadValue},
		{"stdc=a", true, ErrBadContext},
	} {
		o := New()
		var err error
		if tc.pragma {
			err = o.SetPragma(tc.arg)
		} else {
			err = o.SetArg(tc.arg)
		}
		if !errors.Is(err, tc.want) {
			t.Errorf("set %q (pragma %v) = %v; want %v", tc.arg, tc.pragma, err, tc.want)
		}
	}
	var e *Error
	if err := New().SetArg("nosuchoption"); !errors.As(err, &e) || e.Name != "nosuchoption" ||
		err.Error() != "option nosuchoption: Invalid option name" {
		t.Errorf("error = %v", err)
	}
}

func TestSpecialOptions(t *testing.T) {
	o := New()
	for _, arg := range []string{
		"define=FOO=1", "undef=BAR", "incdir=/inc", "cpphdrs", "cppargs=-x  -y",
		"libdir=/lib/a", "libdir=/lib/b", "linktype=ELF", "strsize=8", "pcapsize=100",
		"printsize=0", "lockmem=unlimited", "scratchsize=1", "kdefs", "knodefs",
		"version=2.0.0", "lazyload=whatever", "lockmem=garbage",
	} {
		if err := o.SetArg(arg); err != nil {
			t.Fatalf("SetArg(%q): %v", arg, err)
		}
	}
	if got, want := o.CppArgs(), []string{"-DFOO=1", "-UBAR", "-I/inc", "-H", "-x", "-y"}; !slices.Equal(got, want) {
		t.Errorf("CppArgs = %q; want %q", got, want)
	}
	if got := o.Libdirs(); !slices.Equal(got, []string{"/lib/a", "/lib/b"}) {
		t.Errorf("Libdirs = %q", got)
	}
	for name, want := range map[string]int64{
		"strsize": 8, "pcapsize": 104, "printsize": 8192, "lockmem": math.MaxInt64,
		"scratchsize": 16, "knodefs": 1, "lazyload": 1,
	} {
		if v, _ := o.Value(name); v != want {
			t.Errorf("%s = %d; want %d", name, v, want)
		}
	}
	if o.Text("linktype") != "elf" || o.Text("version") != "2.0" {
		t.Errorf("linktype %q version %q", o.Text("linktype"), o.Text("version"))
	}
	if err := o.SetArg("kdefs"); err != nil || o.Bool("knodefs") {
		t.Errorf("kdefs did not clear knodefs: %v", err)
	}
	if err := o.SetArg("strsize=0"); err == nil {
		t.Error("strsize=0 accepted")
	}
	if v, _ := o.Value("strsize"); v != 8 {
		t.Errorf("failed strsize changed it to %d", v)
	}
}

func TestActive(t *testing.T) {
	o := New()
	o.SetActive()
	if err := o.SetArg("bufsize=1m"); !errors.Is(err, ErrActive) {
		t.Errorf("bufsize while active: %v", err)
	}
	if err := o.SetArg("quiet"); err != nil {
		t.Errorf("quiet while active: %v", err)
	}
}

func FuzzSetArg(f *testing.F) {
	for _, s := range []string{"bufsize=4m", "switchrate=10hz", "version=1.2.3", "quiet=", "amin=a/b/c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		_ = New().SetArg(arg)
		_, _ = ParseSize(arg)
		_, _ = ParseRate(arg)
	})
}

// TestExporterLabels: each exporterlabels adds to those before it, and a
// malformed one is refused.
func TestExporterLabels(t *testing.T) {
	o := New()
	for _, arg := range []string{"exporterlabels=calls:process,syscall", "exporterlabels=:k;lat:fn"} {
		if err := o.SetArg(arg); err != nil {
			t.Fatalf("SetArg(%q): %v", arg, err)
		}
	}
	if got, want := o.Text("exporterlabels"), "calls:process,syscall;:k;lat:fn"; got != want {
		t.Errorf("exporterlabels = %q; want %q", got, want)
	}
	for _, bad := range []string{"exporterlabels", "exporterlabels=", "exporterlabels=calls", "exporterlabels=calls:",
		"exporterlabels=calls:a,", "exporterlabels=9:a", "exporterlabels=calls:a-b", "exporterlabels=calls:a;"} {
		if err := o.SetArg(bad); !errors.Is(err, ErrBadValue) {
			t.Errorf("SetArg(%q): %v, want ErrBadValue", bad, err)
		}
	}
}

// TestIneffective: setting an option of no effect here is recorded once,
// in order, from -x and pragmas alike; a failed set and an option that
// works are not.
func TestIneffective(t *testing.T) {
	o := New()
	for _, arg := range []string{"zone=global", "quiet", "cleanrate=50hz", "aggrate=1ms", "zone=other"} {
		if err := o.SetArg(arg); err != nil {
			t.Fatal(err)
		}
	}
	if err := o.SetPragma("temporal"); err != nil {
		t.Fatal(err)
	}
	if err := o.SetArg("cleanrate=fast"); err == nil {
		t.Fatal("cleanrate=fast was accepted")
	}
	if got, want := o.Ineffective(), []string{"zone", "cleanrate", "temporal"}; !slices.Equal(got, want) {
		t.Errorf("Ineffective() = %q, want %q", got, want)
	}
	// Undefined symbols are always errors here, BPF memory is charged to
	// the memory cgroup: each of these warns rather than be taken
	// silently. (amin is enforced by the checker's stability attributes.)
	for _, name := range []string{"knodefs", "unodefs", "lockmem", "debug", "disasm", "linkmode"} {
		if d, ok := Lookup(name); !ok || !d.NoEffect {
			t.Errorf("%s is not marked NoEffect", name)
		}
	}
	if d, ok := Lookup("amin"); !ok || d.NoEffect {
		t.Error("amin is marked NoEffect, but the checker enforces it")
	}
	for _, d := range Defs() {
		if d.NoEffect && d.Doc == "" {
			t.Errorf("%s has no effect and no doc saying what it would do", d.Name)
		}
	}
}

// TestRefused: a value DTrace knows and this port cannot honour is refused
// when set, with its own error, and leaves the option as it was.
func TestRefused(t *testing.T) {
	o := New()
	for _, arg := range []string{"oformat=xml", "oformat=html,pretty", "linktype=dof", "linktype=DOF"} {
		if err := o.SetArg(arg); !errors.Is(err, ErrNotSupported) {
			t.Errorf("SetArg(%q): %v, want ErrNotSupported", arg, err)
		}
	}
	if err := o.SetPragma("oformat=xml"); !errors.Is(err, ErrNotSupported) {
		t.Errorf("pragma oformat=xml: %v, want ErrNotSupported", err)
	}
	if got := o.Text("oformat"); got != "" {
		t.Errorf("oformat = %q after refusals, want unset", got)
	}
	for _, arg := range []string{"oformat=json,pretty", "linktype=ELF", "oformat=text"} {
		if err := o.SetArg(arg); err != nil {
			t.Errorf("SetArg(%q): %v", arg, err)
		}
	}
	if err := o.SetArg("oformat=yaml"); !errors.Is(err, ErrBadValue) {
		t.Errorf("oformat=yaml: %v, want ErrBadValue", err)
	}
}
