package btfsrc

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cilium/ebpf/btf"
)

// fixtureBTF is the fixture marshalled as the kernel publishes BTF.
func fixtureBTF(t *testing.T) []byte {
	t.Helper()
	spec := fixture(t)
	var types []btf.Type
	for typ := range spec.All() {
		if _, void := typ.(*btf.Void); !void {
			types = append(types, typ)
		}
	}
	b, err := btf.NewBuilder(types, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := b.Marshal(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestOrdinaryNames(t *testing.T) {
	names, err := ordinaryNames(fixtureBTF(t))
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Sorted(maps.Keys(names))
	want := []string{"char", "int", "long long unsigned int", "pid_t"}
	if !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}

func TestEnumerators(t *testing.T) {
	enums, err := enumerators(fixtureBTF(t))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"RUN": 0, "STOP": 4}
	if !maps.Equal(enums, want) {
		t.Errorf("enumerators %v, want %v", enums, want)
	}
	raw := fixtureBTF(t)
	for n := range len(raw) {
		if _, err := enumerators(raw[:n]); err != nil && !errors.Is(err, errBadBTF) {
			t.Fatalf("%d bytes: %v does not wrap errBadBTF", n, err)
		}
	}
}

// TestOrdinaryNamesTruncated checks that every truncation of valid BTF is
// either indexed or refused with errBadBTF, never a panic.
func TestOrdinaryNamesTruncated(t *testing.T) {
	raw := fixtureBTF(t)
	for n := range len(raw) {
		if _, err := ordinaryNames(raw[:n]); err != nil && !errors.Is(err, errBadBTF) {
			t.Fatalf("%d bytes: %v does not wrap errBadBTF", n, err)
		}
	}
	bad := slices.Clone(raw)
	bad[0] = 0
	if _, err := ordinaryNames(bad); !errors.Is(err, errBadBTF) {
		t.Errorf("bad magic: %v", err)
	}
}

// TestLazyMissDoesNotLoad checks that an untagged name the index lacks is
// not found without loading the spec, and that other lookups load it and
// answer as an eager source does.
func TestLazyMissDoesNotLoad(t *testing.T) {
	names, err := ordinaryNames(fixtureBTF(t))
	if err != nil {
		t.Fatal(err)
	}
	loads := 0
	lazy := newLazy("vmlinux", names, func() (*btf.Spec, error) {
		loads++
		return fixture(t), nil
	})
	for _, n := range []string{"exit", "task_struct", "runqueues"} {
		if _, err := lazy.LookupType(n); err == nil {
			t.Errorf("%s found", n)
		}
	}
	if loads != 0 {
		t.Fatalf("misses loaded the spec %d times", loads)
	}
	eager := New("vmlinux", fixture(t))
	for _, n := range []string{"pid_t", "unsigned long long", "struct task_struct", "enum state", "struct files_struct"} {
		a, errA := lazy.LookupType(n)
		b, errB := eager.LookupType(n)
		if errA != nil || errB != nil || a.String() != b.String() || a.Size != b.Size {
			t.Errorf("%s: lazy %v (%v), eager %v (%v)", n, a, errA, b, errB)
		}
	}
	if v, err := lazy.LookupVar("runqueues"); err != nil || v.String() != "unsigned long long" {
		t.Errorf("runqueues: %v (%v)", v, err)
	}
	if loads != 1 {
		t.Errorf("spec loaded %d times, want 1", loads)
	}
}

// TestLiveOrdinaryNames checks the index of the running kernel's BTF
// against cilium/ebpf's decoding of it.
func TestLiveOrdinaryNames(t *testing.T) {
	needKernelBTF(t)
	names, err := fileOrdinaryNames(kernelBTF)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for typ := range spec.All() {
		switch typ.(type) {
		case *btf.Typedef, *btf.Int, *btf.Float:
			if n := typ.TypeName(); n != "" {
				want[n] = true
			}
		}
	}
	if !maps.Equal(names, want) {
		t.Errorf("%d names indexed, cilium/ebpf decodes %d", len(names), len(want))
	}
	for _, n := range []string{"pid_t", "u64", "long unsigned int"} {
		if !names[n] {
			t.Errorf("%s not indexed", n)
		}
	}
}

func TestFileOrdinaryNamesMissing(t *testing.T) {
	if _, err := fileOrdinaryNames(filepath.Join(t.TempDir(), "vmlinux")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// kernelSpec returns the decoded spec of a kernel source.
func kernelSpec(t testing.TB, s *Source) *btf.Spec {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	spec, err := s.specLocked()
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// BenchmarkOrdinaryNames measures indexing the running kernel's BTF.
func BenchmarkOrdinaryNames(b *testing.B) {
	needKernelBTF(b)
	raw, err := os.ReadFile(kernelBTF)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := ordinaryNames(raw); err != nil {
			b.Fatal(err)
		}
	}
}
