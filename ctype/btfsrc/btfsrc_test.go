package btfsrc

import (
	"errors"
	"os"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/ctype"
)

// fixture builds a small BTF spec shaped like the kernel's: a task struct
// pointing to itself, an array member, an anonymous union, a bitfield, a
// typedef, an enum and a per-CPU variable.
func fixture(t *testing.T) *btf.Spec {
	t.Helper()
	char := &btf.Int{Name: "char", Size: 1, Encoding: btf.Signed}
	i32 := &btf.Int{Name: "int", Size: 4, Encoding: btf.Signed}
	u64 := &btf.Int{Name: "long long unsigned int", Size: 8}
	pid := &btf.Typedef{Name: "pid_t", Type: i32}
	task := &btf.Struct{Name: "task_struct", Size: 48}
	anon := &btf.Union{Size: 8, Members: []btf.Member{
		{Name: "u", Type: u64},
		{Name: "w", Type: i32},
	}}
	task.Members = []btf.Member{
		{Name: "pid", Type: pid, Offset: 0},
		{Name: "flags", Type: i32, Offset: 32, BitfieldSize: 3},
		{Name: "real_parent", Type: &btf.Pointer{Target: task}, Offset: 64},
		{Name: "comm", Type: &btf.Array{Index: i32, Type: char, Nelems: 16}, Offset: 128},
		{Type: anon, Offset: 256},
		{Name: "files", Type: &btf.Pointer{Target: &btf.Fwd{Name: "files_struct", Kind: btf.FwdStruct}}, Offset: 320},
	}
	state := &btf.Enum{Name: "state", Size: 4, Signed: true, Values: []btf.EnumValue{{Name: "RUN", Value: 0}, {Name: "STOP", Value: 4}}}
	fn := &btf.Func{Name: "do_exit", Type: &btf.FuncProto{Return: &btf.Void{}, Params: []btf.FuncParam{{Name: "code", Type: i32}}}}
	v := &btf.Var{Name: "runqueues", Type: u64, Linkage: btf.GlobalVar}
	b, err := btf.NewBuilder([]btf.Type{task, state, fn, v}, nil)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := b.Spec()
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

func TestFixture(t *testing.T) {
	s := New("vmlinux", fixture(t))
	task, err := s.LookupType("struct task_struct")
	if err != nil {
		t.Fatal(err)
	}
	if task.Kind != ctype.Struct || task.Size != 48 || task.Module != "vmlinux" {
		t.Fatalf("task_struct = %+v", task)
	}
	rp, ok := task.Member("real_parent")
	if !ok || rp.Type.String() != "struct task_struct *" || rp.Type.Elem != task {
		t.Fatalf("real_parent = %+v, %v", rp, ok)
	}
	comm, _ := rp.Type.Elem.Member("comm")
	if got := comm.Type.String(); got != "char [16]" || comm.Offset != 128 || comm.Type.Size != 16 {
		t.Errorf("comm = %q at %d size %d", got, comm.Offset, comm.Type.Size)
	}
	if m, ok := task.Member("w"); !ok || m.Offset != 256 || m.Type != ctype.IntType {
		t.Errorf("anonymous union member w = %+v, %v", m, ok)
	}
	if m, _ := task.Member("flags"); m.Bits != 3 || m.Offset != 32 {
		t.Errorf("bitfield flags = %+v", m)
	}
	if m, _ := task.Member("pid"); m.Type.String() != "pid_t" || ctype.Resolve(m.Type) != ctype.IntType {
		t.Errorf("pid = %v", m.Type)
	}
	if m, _ := task.Member("files"); m.Type.String() != "struct files_struct *" || m.Type.Elem.Kind != ctype.Forward {
		t.Errorf("files = %v", m.Type)
	}
	if got, err := s.LookupType("unsigned long long"); err != nil || got != ctype.ULongLongType {
		t.Errorf("unsigned long long = %v, %v", got, err)
	}
	e, err := s.LookupType("enum state")
	if err != nil || len(e.Enumerators) != 2 || e.Enumerators[1] != (ctype.Enumerator{Name: "STOP", Value: 4}) {
		t.Errorf("enum state = %+v, %v", e, err)
	}
	if _, err := s.LookupType("union task_struct"); !errors.Is(err, ctype.ErrNotFound) {
		t.Errorf("union task_struct: %v", err)
	}
	if _, err := s.LookupType("task_struct"); !errors.Is(err, ctype.ErrNotFound) {
		t.Errorf("bare task_struct is a tag, not a type name: %v", err)
	}
	if v, err := s.LookupVar("runqueues"); err != nil || v != ctype.ULongLongType {
		t.Errorf("runqueues = %v, %v", v, err)
	}
	if f, err := s.LookupFunc("do_exit"); err != nil || f.String() != "void (int)" {
		t.Errorf("do_exit = %v, %v", f, err)
	}
}

// TestLazy checks that looking up a struct converts none of its members'
// types until they are asked for.
func TestLazy(t *testing.T) {
	s := New("vmlinux", fixture(t))
	if _, err := s.LookupType("struct task_struct"); err != nil {
		t.Fatal(err)
	}
	if n := len(s.conv); n != 1 {
		t.Errorf("lookup converted %d types, want 1", n)
	}
}

// needKernelBTF skips when the running kernel has no BTF at all: the only
// reason a live test may not run.
func needKernelBTF(t testing.TB) *Source {
	t.Helper()
	if _, err := os.Stat("/sys/kernel/btf/vmlinux"); errors.Is(err, os.ErrNotExist) {
		t.Skip("kernel has no BTF (/sys/kernel/btf/vmlinux missing)")
	}
	s, err := Kernel()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestLiveTaskStruct(t *testing.T) {
	k := needKernelBTF(t)
	u := ctype.NewUniverse(Module, ctype.NewC(), ctype.NewD(256), k)
	task, err := u.LookupType("struct vmlinux`task_struct")
	if err != nil {
		t.Fatal(err)
	}
	rp, ok := task.Member("real_parent")
	if !ok {
		t.Fatal("task_struct has no real_parent")
	}
	comm, ok := rp.Type.Elem.Member("comm")
	if !ok || comm.Type.String() != "char [16]" {
		t.Fatalf("real_parent->comm = %v, %v; want char [16]", comm.Type, ok)
	}
	if pid, _ := task.Member("pid"); pid.Type.String() != "pid_t" || ctype.Resolve(pid.Type) != ctype.IntType {
		t.Errorf("pid = %v", pid.Type)
	}
	if v, err := u.LookupVar("`runqueues"); err != nil || v.String() != "struct rq" {
		t.Errorf("`runqueues = %v, %v; want struct rq", v, err)
	}
	if _, err := u.LookupVar("`jiffies"); !errors.Is(err, ctype.ErrNotFound) {
		t.Logf("`jiffies is in this kernel's BTF: %v", err)
	}
}

func TestLiveModule(t *testing.T) {
	needKernelBTF(t)
	ents, err := os.ReadDir("/sys/kernel/btf")
	if err != nil {
		t.Fatal(err)
	}
	var mod string
	for _, e := range ents {
		if e.Name() != "vmlinux" {
			mod = e.Name()
			break
		}
	}
	if mod == "" {
		t.Skip("no kernel module has BTF on this machine")
	}
	s, err := Module(mod)
	if err != nil {
		t.Fatal(err)
	}
	if s.Module() != mod {
		t.Errorf("Module() = %q", s.Module())
	}
	// Module BTF is split on vmlinux: base types resolve through it.
	if it, err := s.LookupType("int"); err != nil || it != ctype.IntType {
		t.Errorf("%s`int = %v, %v", mod, it, err)
	}
	if _, err := Module("no_such_module_xyz"); err == nil {
		t.Error("loading a missing module succeeded")
	}
}

// chain resolves curthread->real_parent->comm and ->mm->pgd the way the
// checker does: one struct lookup, then member by member.
func chain(b *testing.B, s *Source) {
	task, err := s.LookupType("struct task_struct")
	if err != nil {
		b.Fatal(err)
	}
	rp, _ := task.Member("real_parent")
	_, ok := rp.Type.Elem.Member("comm")
	mm, _ := task.Member("mm")
	_, ok2 := mm.Type.Elem.Member("pgd")
	if !ok || !ok2 {
		b.Fatal("member chain not found")
	}
}

// BenchmarkChainCold measures a compilation's first resolution, with the
// kernel spec already decoded by cilium/ebpf but no type converted.
func BenchmarkChainCold(b *testing.B) {
	k := needKernelBTF(b)
	for b.Loop() {
		chain(b, New("vmlinux", kernelSpec(b, k)))
	}
}

// BenchmarkChainWarm measures resolving again through a warm source.
func BenchmarkChainWarm(b *testing.B) {
	k := needKernelBTF(b)
	chain(b, k)
	for b.Loop() {
		chain(b, k)
	}
}

// BenchmarkChainFromDisk includes cilium/ebpf's decoding of vmlinux BTF:
// the cost of the first compilation in a process.
func BenchmarkChainFromDisk(b *testing.B) {
	needKernelBTF(b)
	for b.Loop() {
		spec, err := btf.LoadKernelSpec()
		if err != nil {
			b.Fatal(err)
		}
		chain(b, New("vmlinux", spec))
	}
}

// TestLiveLazy checks that resolving curthread->real_parent->comm converts
// a few hundred of the kernel's ~100k types, not all of them.
func TestLiveLazy(t *testing.T) {
	k := needKernelBTF(t)
	s := New("vmlinux", kernelSpec(t, k))
	task, err := s.LookupType("struct task_struct")
	if err != nil {
		t.Fatal(err)
	}
	rp, _ := task.Member("real_parent")
	if _, ok := rp.Type.Elem.Member("comm"); !ok {
		t.Fatal("no comm")
	}
	s.mu.Lock()
	n := len(s.conv)
	s.mu.Unlock()
	t.Logf("converted %d types", n)
	if n > 2000 {
		t.Errorf("resolving a member chain converted %d types, want a few hundred", n)
	}
}

func TestModuleNames(t *testing.T) {
	fsys := fstest.MapFS{
		"vmlinux": {Data: []byte("x")},
		"ext4":    {Data: []byte("x")},
		"nf_nat":  {Data: []byte("x")},
	}
	if got, want := moduleNames(fsys), []string{"ext4", "nf_nat"}; !slices.Equal(got, want) {
		t.Errorf("moduleNames = %q, want %q", got, want)
	}
	if got := moduleNames(fstest.MapFS{}); len(got) != 0 {
		t.Errorf("empty directory: %q", got)
	}
	// Live: every name listed is a module with BTF the loader can read.
	for _, name := range ModuleNames() {
		if _, err := Module(name); err != nil {
			t.Errorf("module %s listed but not loadable: %v", name, err)
		}
	}
}

func TestModuleMissing(t *testing.T) {
	if _, err := Module("no_such_module_xyz"); !errors.Is(err, ctype.ErrNotFound) {
		t.Errorf("Module(no_such_module_xyz) err %v, want ctype.ErrNotFound", err)
	}
}
