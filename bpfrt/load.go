package bpfrt

import (
	"errors"
	"fmt"
	"runtime"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"
)

// Load loads a program built by a Builder, resolving its map references
// to the maps of m. name is the kernel's name for it (at most 15 bytes);
// attachTo names the kernel function a tracing program (fentry, fexit) is
// for, and is "" for other programs. Load may be called from several
// goroutines at once: the kernel verifies programs in parallel.
func (m *Maps) Load(name string, typ ebpf.ProgramType, attach ebpf.AttachType, attachTo string, insns asm.Instructions) (*ebpf.Program, error) {
	return m.load(name, typ, attach, attachTo, insns, nil)
}

// LoadChain loads a program built by a Builder together with its
// continuations (Builder.Continuations), which its tail calls run: they
// are loaded first, into a program array of the main program's own. The
// continuations and their array are the maps' to release (Close), for
// they live as long as the session.
func (m *Maps) LoadChain(name string, typ ebpf.ProgramType, attach ebpf.AttachType, attachTo string, insns asm.Instructions, conts []asm.Instructions) (*ebpf.Program, error) {
	if len(conts) == 0 {
		return m.load(name, typ, attach, attachTo, insns, nil)
	}
	tails, err := ebpf.NewMap(&ebpf.MapSpec{Name: MapTailCalls, Type: ebpf.ProgramArray, KeySize: 4, ValueSize: 4, MaxEntries: uint32(len(conts))})
	if err != nil {
		return nil, fmt.Errorf("program %s: program array: %w", name, err)
	}
	m.mu.Lock()
	m.chains = append(m.chains, tails)
	m.mu.Unlock()
	for i, c := range conts {
		prog, err := m.load(name, typ, attach, attachTo, c, tails)
		if err != nil {
			return nil, err
		}
		m.mu.Lock()
		m.chains = append(m.chains, prog)
		m.mu.Unlock()
		if err := tails.Put(uint32(i), prog); err != nil {
			return nil, fmt.Errorf("program %s: continuation %d: %w", name, i+1, err)
		}
	}
	return m.load(name, typ, attach, attachTo, insns, tails)
}

// load loads a program whose references to MapTailCalls, if any, are to
// tails.
func (m *Maps) load(name string, typ ebpf.ProgramType, attach ebpf.AttachType, attachTo string, insns asm.Instructions, tails *ebpf.Map) (*ebpf.Program, error) {
	insns = append(asm.Instructions(nil), insns...)
	if callsTo(insns, OutputFunc) && !definesFunc(insns, OutputFunc) {
		insns = append(insns, m.outputFunc()...)
	}
	for i := range insns {
		ins := &insns[i]
		if !ins.IsLoadFromMap() || ins.Reference() == "" {
			continue
		}
		mp := m.ByName(ins.Reference())
		if ins.Reference() == MapTailCalls {
			mp = tails
		}
		if mp == nil {
			return nil, fmt.Errorf("program %s: reference to unknown map %q", name, ins.Reference())
		}
		if err := ins.AssociateMap(mp); err != nil {
			return nil, fmt.Errorf("program %s: %w", name, err)
		}
	}
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Name:         name,
		Type:         typ,
		AttachType:   attach,
		AttachTo:     attachTo,
		Instructions: insns,
		License:      "GPL",
	})
	if err != nil {
		le := &LoadError{Program: name, Err: err}
		var ve *ebpf.VerifierError
		if errors.As(err, &ve) {
			le.Err, le.Log = ve.Cause, ve.Log
		}
		return nil, le
	}
	return prog, nil
}

// Run fires a raw tracepoint program once in the calling thread with
// BPF_PROG_RUN, so its helpers see this process (pid, execname): that is
// how BEGIN and END fire. It runs on the calling CPU; asking for another
// CPU would run it from an IPI, in whatever task that CPU was running.
// So when cpu is not negative (the cpu option, whose CPU alone runs
// clauses) the thread moves to that CPU first, as DTrace fires BEGIN and
// END from a thread bound to it, and goes back after.
//
// Before running it, the thread reads its own CPU clock: that makes the
// scheduler account the time it has run so far (task_sched_runtime), so
// vtimestamp in BEGIN and END is never the 0 of a thread not yet
// accounted.
func Run(prog *ebpf.Program, cpu int) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if cpu >= 0 {
		var old, set unix.CPUSet
		if err := unix.SchedGetaffinity(0, &old); err != nil {
			return fmt.Errorf("run %s: %w", prog, err)
		}
		set.Set(cpu)
		if err := unix.SchedSetaffinity(0, &set); err != nil {
			return fmt.Errorf("run %s on cpu %d: %w", prog, cpu, err)
		}
		defer unix.SchedSetaffinity(0, &old)
	}
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts)
	if _, err := prog.Run(&ebpf.RunOptions{Context: make([]uint64, 1)}); err != nil {
		return fmt.Errorf("run %s: %w", prog, err)
	}
	return nil
}
