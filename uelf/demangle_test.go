package uelf

import (
	"bufio"
	"debug/elf"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestDemangle checks testdata/demangle.txt: mangled names from
// libstdc++, a C++ test program and Rust binaries, with c++filt's output.
// At most 1% may be left mangled, none demangled differently.
func TestDemangle(t *testing.T) {
	f, err := os.Open("testdata/demangle.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, unchanged, fallback := 0, 0, 0
	for sc.Scan() {
		mangled, want, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("bad line %q", sc.Text())
		}
		n++
		switch got := Demangle(mangled); {
		case got == want:
		case strings.HasPrefix(mangled, "_R") && got == rustHashes.ReplaceAllString(want, ""):
			// The library's spelling of what demangle_rust.go leaves
			// mangled, as rustc-demangle's alternate form: no crate
			// hashes.
			fallback++
		case got == mangled:
			// Not covered (pack expansions, pointers to members, dyn):
			// left alone, never wrong.
			unchanged++
			t.Logf("not demangled: %s (c++filt: %s)", mangled, want)
		default:
			t.Errorf("Demangle(%s)\n got %s\nwant %s", mangled, got, want)
		}
	}
	t.Logf("%d names: %d as c++filt but for crate hashes, %d left mangled", n, fallback, unchanged)
	if n < 200 || unchanged > n/100 {
		t.Fatalf("%d names, %d not demangled", n, unchanged)
	}
}

// rustHashes are the crate hashes of Rust v0 names as c++filt prints them.
var rustHashes = regexp.MustCompile(`\[[0-9a-f]{1,16}\]`)

func TestDemangleLeavesOthersAlone(t *testing.T) {
	for _, s := range []string{"malloc", "", "_Z", "_ZN", "_Zfoo", "_Z3fo", "_ZN3fooE_", "_R", "_RNvC", "_R0",
		"_RNvCu4abcd_3foo", "_ZN3foo17hzzzzzzzzzzzzzzzzE", "main.main", "_ZSt", "_ZTv"} {
		if got := Demangle(s); got != s && !strings.HasPrefix(s, "_ZN3foo17") {
			t.Errorf("Demangle(%q) = %q", s, got)
		}
	}
}

// TestDemangleLibstdcxx compares with c++filt over all of libstdc++'s
// symbols: nothing may come out different from c++filt, and at most 1%
// be left mangled (none was, with libstdc++ 12).
func TestDemangleLibstdcxx(t *testing.T) {
	const lib = "/usr/lib/x86_64-linux-gnu/libstdc++.so.6"
	cxxfilt, err := exec.LookPath("c++filt")
	if err != nil {
		t.Skip("c++filt (binutils) not installed")
	}
	ef, err := elf.Open(lib)
	if err != nil {
		t.Skipf("%s: %v", lib, err)
	}
	defer ef.Close()
	syms, _ := ef.DynamicSymbols()
	var names []string
	for _, s := range syms {
		if strings.HasPrefix(s.Name, "_Z") {
			names = append(names, s.Name)
		}
	}
	cmd := exec.Command(cxxfilt)
	cmd.Stdin = strings.NewReader(strings.Join(names, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	wants := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(wants) != len(names) {
		t.Fatalf("c++filt gave %d lines for %d names", len(wants), len(names))
	}
	same, unchanged := 0, 0
	for i, name := range names {
		switch got := Demangle(name); got {
		case wants[i]:
			same++
		case name:
			unchanged++
		default:
			t.Errorf("Demangle(%s)\n got %s\nwant %s", name, got, wants[i])
		}
	}
	t.Logf("%d names: %d as c++filt, %d left mangled", len(names), same, unchanged)
	if unchanged > len(names)/100 {
		t.Errorf("%d of %d names left mangled", unchanged, len(names))
	}
}

func FuzzDemangle(f *testing.F) {
	for _, s := range []string{"_ZNSt6vectorIiSaIiEE9push_backERKi", "_Z3maxIiET_S0_S0_", "_RNvCskK7mfDs1mzF_1m4main",
		"_RINvNtCsgEmfK2I1SDS_4core3ptr13drop_in_placeNtB2_5ErrorE", "_ZN4core3fmt5write17h0123456789abcdefE"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Demangle(s)
		if len(out) > 64*len(s)+64 {
			t.Fatalf("%d bytes of output for %d of input", len(out), len(s))
		}
	})
}

func BenchmarkDemangle(b *testing.B) {
	names := []string{
		"_ZNSt6vectorIiSaIiEE9push_backERKi",
		"_ZNSt8_Rb_treeINSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4pairIKS5_iESt10_Select1stIS8_ESt4lessIS5_ESaIS8_EE4findERS7_",
		"_RNvXsq_NtCslNYArtu3iFV_5alloc6stringNtB5_6StringNtNtCsgEmfK2I1SDS_4core3fmt7Display3fmt",
		"_ZN4core3fmt5write17h0123456789abcdefE",
	}
	for i := 0; i < b.N; i++ {
		Demangle(names[i%len(names)])
	}
}
