package fbt

import (
	"errors"
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/ctype/btfsrc"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/kprobe"
)

// noReturn are the functions that never return whose fexit the kernel
// refuses (the verifier's noreturn_deny set): their return probes use
// kretprobes, which never fire either.
var noReturn = map[string]bool{
	"do_exit": true, "do_group_exit": true, "make_task_dead": true,
	"kthread_exit": true, "kthread_complete_and_exit": true,
	"__x64_sys_exit": true, "__x64_sys_exit_group": true,
	"__ia32_sys_exit": true, "__ia32_sys_exit_group": true,
}

// errNoPrototype is why a function cannot have fentry/fexit probes.
var errNoPrototype = errors.New("no BTF prototype that fentry takes")

// fentryTarget returns the attach target of f's entry (or return) probe
// and how many 8-byte argument slots the trampoline's context holds
// before the return value, or why fentry cannot serve it: the function
// needs a BTF prototype whose parameters (at most kprobe.MaxArgs, not variadic)
// and return value each fit one slot, as the kprobe backend's registers
// do; a module's function must not share its name with one of vmlinux's,
// since the loader would find that one instead (see provider.Target).
func fentryTarget(f kprobe.Func, entry bool) (provider.Target, int, error) {
	t := provider.Target{Function: f.Name}
	if !entry && noReturn[f.Name] {
		return t, 0, fmt.Errorf("%s never returns: %w", f.Name, errNoPrototype)
	}
	src, err := btfsrc.Module(ctype.KernelModule)
	if err != nil {
		return t, 0, fmt.Errorf("%w: %w", errNoPrototype, err)
	}
	if f.Loadable {
		if _, err := src.(funcSource).LookupFunc(f.Name); err == nil {
			return t, 0, fmt.Errorf("%s`%s shares its name with a vmlinux function: %w", f.Module, f.Name, errNoPrototype)
		}
		if src, err = btfsrc.Module(f.Module); err != nil {
			return t, 0, fmt.Errorf("%w: %w", errNoPrototype, err)
		}
		t.Module = f.Module
	}
	fs, ok := src.(funcSource)
	if !ok {
		return t, 0, errNoPrototype
	}
	fn, err := fs.LookupFunc(f.Name)
	if err != nil {
		return t, 0, fmt.Errorf("%w: %w", errNoPrototype, err)
	}
	if fn.Variadic || len(fn.Params) > kprobe.MaxArgs {
		return t, 0, fmt.Errorf("%s: %d parameters: %w", t, len(fn.Params), errNoPrototype)
	}
	for _, p := range fn.Params {
		if !oneSlot(p) {
			return t, 0, fmt.Errorf("%s: parameter of type %s: %w", t, p, errNoPrototype)
		}
	}
	if !ctype.IsVoid(fn.Elem) && !oneSlot(fn.Elem) {
		return t, 0, fmt.Errorf("%s: returns %s: %w", t, fn.Elem, errNoPrototype)
	}
	return t, len(fn.Params), nil
}

// oneSlot reports whether a value of type t fills one 8-byte slot of a
// trampoline's context: an integer, enum or pointer, as the kernel gives
// them (floats and structures passed by value are laid out otherwise).
func oneSlot(t *ctype.Type) bool {
	r := ctype.Resolve(t)
	return (ctype.IsInteger(r) || ctype.IsPointer(r)) && r.Sizeof() <= 8
}

// fentryUnit is one fentry (or fexit) program: one probe of one
// function, whose arguments the context holds as nargs 8-byte slots,
// followed on return by the return value.
type fentryUnit struct {
	name   string
	entry  bool
	target provider.Target
	nargs  int
	probe  provider.Enabled
}

func (u *fentryUnit) Name() string                { return u.name }
func (*fentryUnit) ProgramType() ebpf.ProgramType { return ebpf.Tracing }
func (*fentryUnit) Phase() provider.Phase         { return provider.PhaseTrace }
func (u *fentryUnit) Target() provider.Target     { return u.target }

func (u *fentryUnit) AttachType() ebpf.AttachType {
	if u.entry {
		return ebpf.AttachTraceFEntry
	}
	return ebpf.AttachTraceFExit
}

// Attach links the program, loaded for its function, to the function's
// trampoline.
func (u *fentryUnit) Attach(prog *ebpf.Program) (io.Closer, error) {
	l, err := link.AttachTracing(link.TracingOptions{Program: prog})
	if err != nil {
		return nil, fmt.Errorf("%s: %s %s: %w", u.name, u.AttachType(), u.target, err)
	}
	return l, nil
}

// Trampoline returns at once unless tracing is active, else copies the
// arguments with bpf_get_func_arg (which the
// verifier inlines as loads from the context), as it takes arguments of
// every type, where the context's direct loads refuse pointers to
// anything but structures and integers: on entry the parameters; on
// return -1 (the offset, as the kprobe backend gives it) and the return
// value, from bpf_get_func_ret.
func (u *fentryUnit) Trampoline(b *bpfrt.Builder) error {
	b.ExitUnless(u.Phase().Activity())
	from := 0 // the first argument not copied from the context
	if u.entry {
		for i := range u.nargs {
			b.Emit(
				asm.Mov.Reg(asm.R1, bpfrt.RegCtx),
				asm.Mov.Imm(asm.R2, int32(i)),
				asm.Mov.Reg(asm.R3, bpfrt.RegScratch),
				asm.Add.Imm(asm.R3, int32(bpfrt.MstArg(i))),
				asm.FnGetFuncArg.Call())
		}
		from = u.nargs
	} else {
		b.Emit(
			bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(0), -1),
			asm.Mov.Reg(asm.R1, bpfrt.RegCtx),
			asm.Mov.Reg(asm.R2, bpfrt.RegScratch),
			asm.Add.Imm(asm.R2, int32(bpfrt.MstArg(1))),
			asm.FnGetFuncRet.Call())
		from = 2
	}
	for i := from; i < bpfrt.NumArgs; i++ {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
	}
	b.Fire(u.probe.Probe.Ref(), u.Phase().Activity(), u.probe.Stmts)
	return nil
}
