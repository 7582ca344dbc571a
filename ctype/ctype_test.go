package ctype

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	s := &Type{Kind: Struct, Name: "task_struct", Size: 64}
	fn := &Type{Kind: Func, Elem: IntType, Params: []*Type{IntType, NewPointer(CharType)}}
	tests := []struct {
		t    *Type
		want string
	}{
		{NewArray(CharType, 16), "char [16]"},
		{NewPointer(s), "struct task_struct *"},
		{NewPointer(NewPointer(CharType)), "char **"},
		{NewPointer(fn), "int (*)(int, char *)"},
		{NewPointer(&Type{Kind: Func, Elem: VoidType}), "void (*)(void)"},
		{NewPointer(NewQualified(Const, CharType)), "const char *"},
		{NewQualified(Const, NewPointer(CharType)), "char *const"},
		{NewArray(NewArray(IntType, 3), 2), "int [2][3]"},
		{NewPointer(NewArray(IntType, 4)), "int (*)[4]"},
		{&Type{Kind: Union}, "union (anon)"},
		{&Type{Kind: Forward, FwdKind: Struct, Name: "file"}, "struct file"},
		{NewTypedef("pid_t", IntType), "pid_t"},
		{NewString(256), "string"},
		{&Type{Kind: Func, Elem: IntType, Params: []*Type{NewPointer(CharType)}, Variadic: true}, "int (char *, ...)"},
	}
	for _, tt := range tests {
		if got := tt.t.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestBaseName(t *testing.T) {
	tests := map[string]string{
		"int":                    "int",
		"signed":                 "int",
		"unsigned":               "unsigned int",
		"long unsigned int":      "unsigned long",
		"unsigned long long int": "unsigned long long",
		"long long":              "long long",
		"short int":              "short",
		"char signed":            "signed char",
		"long double":            "long double",
		"void":                   "void",
		"unsigned short":         "unsigned short",
	}
	for in, want := range tests {
		got, ok := BaseName(strings.Fields(in))
		if !ok || got != want {
			t.Errorf("BaseName(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, bad := range []string{"long long long", "unsigned float", "short char", "signed unsigned", "foo", ""} {
		if got, ok := BaseName(strings.Fields(bad)); ok {
			t.Errorf("BaseName(%q) = %q, want failure", bad, got)
		}
	}
}

func TestUsualArith(t *testing.T) {
	tests := []struct {
		a, b, want *Type
	}{
		{CharType, CharType, CharType},
		{CharType, UCharType, UCharType},
		{ShortType, UShortType, UShortType},
		{UCharType, ShortType, ShortType},
		{IntType, UIntType, UIntType},
		{IntType, LongType, LongType},
		{UIntType, LongType, LongType},
		{LongType, ULongType, ULongType},
		{IntType, DoubleType, DoubleType},
		{FloatType, DoubleType, DoubleType},
		{&Type{Kind: Enum, Name: "e", Size: 4, Enc: Signed}, CharType, IntType},
	}
	for _, tt := range tests {
		if got := UsualArith(tt.a, tt.b, IntType); got != tt.want {
			t.Errorf("UsualArith(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestPredicates(t *testing.T) {
	u8 := NewTypedef("uint8_t", UCharType)
	if !IsInteger(u8) || IsSigned(u8) || !IsArith(u8) || !IsScalar(u8) {
		t.Error("uint8_t should be an unsigned integer")
	}
	if !IsCharPointer(NewArray(CharType, 16)) || !IsCharPointer(NewPointer(NewQualified(Const, CharType))) {
		t.Error("char arrays and const char * are char pointers")
	}
	if IsCharPointer(NewPointer(IntType)) || IsScalar(&Type{Kind: Struct, Name: "s"}) {
		t.Error("int * is no char pointer, a struct is no scalar")
	}
	if !IsConst(NewTypedef("cc", NewQualified(Const, CharType))) || IsConst(CharType) {
		t.Error("IsConst wrong")
	}
	if got := NewArray(NewTypedef("u64", ULongType), 3).Sizeof(); got != 24 {
		t.Errorf("sizeof(u64[3]) = %d, want 24", got)
	}
}

func TestMemberAnonymous(t *testing.T) {
	inner := &Type{Kind: Union, Size: 8}
	inner.SetMembers([]Member{{Name: "x", Type: IntType}, {Name: "y", Type: LongType}})
	loads := 0
	s := &Type{Kind: Struct, Name: "s", Size: 16}
	s.SetMemberLoader(func() []Member {
		loads++
		return []Member{{Name: "a", Type: IntType}, {Type: inner, Offset: 64}}
	})
	td := NewTypedef("s_t", s)
	m, ok := td.Member("y")
	if !ok || m.Offset != 64 || m.Type != LongType {
		t.Errorf("Member(y) = %+v, %v; want offset 64, long", m, ok)
	}
	if _, ok := s.Member("nosuch"); ok {
		t.Error("Member(nosuch) found")
	}
	if loads != 1 {
		t.Errorf("member loader ran %d times, want 1", loads)
	}
	if got := s.Alignof(); got != 8 {
		t.Errorf("Alignof = %d, want 8", got)
	}
}

func TestSame(t *testing.T) {
	a := &Type{Kind: Struct, Name: "s", Size: 4}
	b := &Type{Kind: Struct, Name: "s", Size: 4}
	fwd := &Type{Kind: Forward, FwdKind: Struct, Name: "s"}
	if !Same(NewPointer(a), NewPointer(b)) || !Same(NewPointer(a), NewPointer(fwd)) {
		t.Error("pointers to struct s should be the same type")
	}
	if Same(NewPointer(a), NewPointer(&Type{Kind: Union, Name: "s", Size: 4})) {
		t.Error("struct s and union s differ")
	}
	if Same(NewTypedef("pid_t", IntType), IntType) || !Same(NewArray(IntType, 2), NewArray(IntType, 2)) {
		t.Error("typedef vs base or arrays compared wrongly")
	}
}

func TestUniverse(t *testing.T) {
	script := NewScope("script")
	s := &Type{Kind: Struct, Name: "s", Size: 4}
	if _, ok := script.Define("struct s", s); !ok {
		t.Fatal("Define failed")
	}
	if old, ok := script.Define("struct s", &Type{Kind: Struct}); ok || old != s {
		t.Error("redefinition accepted")
	}
	kern := NewScope(KernelModule)
	task := &Type{Kind: Struct, Name: "task_struct", Size: 100}
	kern.Define("struct task_struct", task)
	kern.DefineVar("jiffies", ULongType)
	var loaded []string
	mod := NewScope("ext4")
	u := NewUniverse(func(name string) (Source, error) {
		loaded = append(loaded, name)
		if name == "ext4" {
			return mod, nil
		}
		return nil, ErrNotFound
	}, NewC(), NewD(256), script, kern)

	for name, want := range map[string]*Type{
		"int":                        IntType,
		"struct s":                   s,
		"struct task_struct":         task,
		"struct vmlinux`task_struct": task,
		"C`unsigned long":            ULongType,
	} {
		got, err := u.LookupType(name)
		if err != nil || got != want {
			t.Errorf("LookupType(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	if got, err := u.LookupType("uint32_t"); err != nil || got.String() != "uint32_t" || Resolve(got) != UIntType {
		t.Errorf("uint32_t = %v, %v", got, err)
	}
	if got, err := u.LookupType("string"); err != nil || got.Kind != String || got.Size != 256 {
		t.Errorf("string = %+v, %v", got, err)
	}
	if _, err := u.LookupType("struct C`task_struct"); !errors.Is(err, ErrNotFound) {
		t.Errorf("struct C`task_struct: err %v, want ErrNotFound", err)
	}
	if _, err := u.LookupType("ext4`int"); !errors.Is(err, ErrNotFound) || len(loaded) != 1 {
		t.Errorf("ext4`int: err %v, loaded %v", err, loaded)
	}
	if _, err := u.LookupType("nomod`int"); !errors.Is(err, ErrNotFound) {
		t.Errorf("nomod`int: err %v", err)
	}
	for _, name := range []string{"jiffies", "`jiffies", "vmlinux`jiffies"} {
		if got, err := u.LookupVar(name); err != nil || got != ULongType {
			t.Errorf("LookupVar(%q) = %v, %v", name, got, err)
		}
	}
	if _, err := u.LookupVar("nosuch"); !errors.Is(err, ErrNotFound) {
		t.Errorf("LookupVar(nosuch) err %v", err)
	}
}

func TestSplitScope(t *testing.T) {
	tests := []struct{ in, mod, name string }{
		{"struct vmlinux`task_struct", "vmlinux", "struct task_struct"},
		{"`jiffies", "vmlinux", "jiffies"},
		{"ext4`ext4_inode", "ext4", "ext4_inode"},
		{"pid_t", "", "pid_t"},
		{"union  u", "", "union u"},
	}
	for _, tt := range tests {
		if m, n := SplitScope(tt.in); m != tt.mod || n != tt.name {
			t.Errorf("SplitScope(%q) = %q, %q; want %q, %q", tt.in, m, n, tt.mod, tt.name)
		}
	}
}

// TestSearchModules checks that unscoped names fall back to the modules
// SearchModules lists, in order, loading each once, after the universe's
// own sources.
func TestSearchModules(t *testing.T) {
	kern := NewScope(KernelModule)
	kinode := &Type{Kind: Struct, Name: "inode", Size: 8}
	kern.Define("struct inode", kinode)
	ext4 := NewScope("ext4")
	ext4Inode := &Type{Kind: Struct, Name: "ext4_inode_info", Size: 16}
	ext4.Define("struct ext4_inode_info", ext4Inode)
	ext4.Define("struct inode", &Type{Kind: Struct, Name: "inode", Size: 99})
	xfs := NewScope("xfs")
	xfsInode := &Type{Kind: Struct, Name: "ext4_inode_info", Size: 32}
	xfs.Define("struct ext4_inode_info", xfsInode)
	xfs.DefineVar("xfs_stats", IntType)
	var loaded []string
	u := NewUniverse(func(name string) (Source, error) {
		loaded = append(loaded, name)
		switch name {
		case "ext4":
			return ext4, nil
		case "xfs":
			return xfs, nil
		}
		return nil, ErrNotFound
	}, NewC(), kern)
	if _, err := u.LookupType("struct ext4_inode_info"); !errors.Is(err, ErrNotFound) {
		t.Errorf("before SearchModules: err %v, want ErrNotFound", err)
	}
	u.SearchModules(func() []string { return []string{KernelModule, "broken", "ext4", "xfs"} })
	for name, want := range map[string]*Type{
		"struct inode":               kinode,
		"struct ext4_inode_info":     ext4Inode,
		"struct xfs`ext4_inode_info": xfsInode,
	} {
		if got, err := u.LookupType(name); err != nil || got != want {
			t.Errorf("LookupType(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	if got, err := u.LookupVar("xfs_stats"); err != nil || got != IntType {
		t.Errorf("LookupVar(xfs_stats) = %v, %v", got, err)
	}
	if _, err := u.LookupType("struct nosuch"); !errors.Is(err, ErrNotFound) {
		t.Errorf("struct nosuch: err %v", err)
	}
	slices.Sort(loaded)
	if want := []string{"broken", "ext4", "xfs"}; !slices.Equal(loaded, want) {
		t.Errorf("loaded %v, want each of %v once", loaded, want)
	}
}
