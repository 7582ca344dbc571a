package attr

import "testing"

func TestAttr(t *testing.T) {
	a := Attr{Name: Evolving, Data: Private, Class: ClassISA}
	if got := a.String(); got != "Evolving/Private/ISA" {
		t.Errorf("String = %q", got)
	}
	if got := a.Min(Attr{Name: Stable, Data: Internal, Class: ClassCommon}); got != (Attr{Name: Evolving, Data: Internal, Class: ClassISA}) {
		t.Errorf("Min = %v", got)
	}
	if !a.Less(Max) || Max.Less(a) {
		t.Error("Less disagrees with Max")
	}
	if got := (Attr{}).String(); got != "Unknown/Unknown/Unknown" {
		t.Errorf("zero Attr = %q, want Unknown in each part", got)
	}
	for in, want := range map[string]Attr{
		"evolving/private/isa": a,
		"Stable":               {Name: Stable, Data: Standard, Class: ClassCommon},
	} {
		if got, ok := Parse(in); !ok || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, bad := range []string{"Stable/Sturdy/Common", "a/b/c/d", "Stable/Stable/Planet"} {
		if _, ok := Parse(bad); ok {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
