package check

import (
	"strings"

	"github.com/godtrace/godtrace/ctype"
)

// newFixtureKernel is a tiny stand-in for the kernel's types, enough for
// curthread and its common members, for tests that must not depend on the
// machine.
func newFixtureKernel() *ctype.Scope {
	s := ctype.NewScope(ctype.KernelModule)
	task := &ctype.Type{Kind: ctype.Struct, Name: "task_struct", Size: 64}
	pid := ctype.NewTypedef("pid_t", ctype.IntType)
	task.SetMembers([]ctype.Member{
		{Name: "pid", Type: pid},
		{Name: "tgid", Type: pid, Offset: 32},
		{Name: "real_parent", Type: ctype.NewPointer(task), Offset: 64},
		{Name: "comm", Type: ctype.NewArray(ctype.CharType, 16), Offset: 128},
	})
	s.Define("struct task_struct", task)
	for _, n := range []string{"struct mutex", "struct path", "struct in6_addr", "mblk_t"} {
		s.Define(n, &ctype.Type{Kind: ctype.Struct, Name: strings.TrimPrefix(n, "struct "), Size: 8})
	}
	s.Define("rwlock_t", ctype.NewTypedef("rwlock_t", ctype.UIntType))
	return s
}
