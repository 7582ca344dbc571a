package proc

import (
	"debug/elf"
	"fmt"
	"syscall"

	"golang.org/x/sys/unix"
)

// stopAddress returns where a process at its exec stop should be stopped
// for evaltime at: the entry point, or main when there is one.
func stopAddress(pid int, at EvalTime) (uint64, error) {
	aux, err := ReadAuxv(pid)
	if err != nil {
		return 0, err
	}
	entry, ok := aux[AtEntry]
	if !ok {
		return 0, fmt.Errorf("pid %d: no AT_ENTRY in auxv", pid)
	}
	if at == EvalPreinit {
		return entry, nil
	}
	main, err := mainAddress(pid, entry)
	if err != nil {
		return 0, err
	}
	if main == 0 {
		return entry, nil
	}
	return main, nil
}

// mainAddress returns the run-time address of main in the executable of
// pid, or 0 if it has no such symbol. The load bias is what the kernel
// added to the ELF entry point to get AT_ENTRY.
func mainAddress(pid int, entry uint64) (uint64, error) {
	f, err := elf.Open(fmt.Sprintf("/proc/%d/exe", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	bias := entry - f.Entry
	for _, load := range []func() ([]elf.Symbol, error){f.Symbols, f.DynamicSymbols} {
		syms, _ := load() // either table may be missing
		for _, s := range syms {
			if s.Name == "main" && elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Section != elf.SHN_UNDEF {
				return bias + s.Value, nil
			}
		}
	}
	return 0, nil
}

// RunTo resumes a stopped process until it reaches addr, with a
// temporary breakpoint, and leaves it stopped there with its code intact,
// ready for Regs, ReadMemory and Continue.
func (p *Process) RunTo(addr uint64) error {
	if !p.Stopped() {
		return fmt.Errorf("proc: run pid %d to %#x: not stopped", p.pid, addr)
	}
	if err := p.runTo(addr); err != nil {
		return fmt.Errorf("proc: run pid %d to %#x: %w", p.pid, addr, err)
	}
	return nil
}

// Regs returns the registers of a stopped process.
func (p *Process) Regs() (unix.PtraceRegs, error) {
	var regs unix.PtraceRegs
	p.mu.Lock()
	tr := p.tr
	p.mu.Unlock()
	if tr == nil {
		return regs, fmt.Errorf("proc: registers of pid %d: not stopped", p.pid)
	}
	if err := tr.do(func() error { return unix.PtraceGetRegs(p.pid, &regs) }); err != nil {
		return regs, fmt.Errorf("proc: registers of pid %d: %w", p.pid, err)
	}
	return regs, nil
}

func (p *Process) runTo(addr uint64) error {
	orig := make([]byte, len(breakInsn))
	err := p.tr.do(func() error {
		if _, err := unix.PtracePeekData(p.pid, uintptr(addr), orig); err != nil {
			return fmt.Errorf("PTRACE_PEEKDATA %#x: %w", addr, err)
		}
		if _, err := unix.PtracePokeData(p.pid, uintptr(addr), breakInsn); err != nil {
			return fmt.Errorf("PTRACE_POKEDATA %#x: %w", addr, err)
		}
		return unix.PtraceCont(p.pid, 0)
	})
	if err != nil {
		return err
	}
	for {
		st, err := p.nextTrap()
		if err == ErrExited {
			return fmt.Errorf("pid %d: %v before reaching %#x: %w", p.pid, st, addr, ErrExited)
		}
		if err != nil {
			return err
		}
		sig := st.StopSignal()
		hit := false
		err = p.tr.do(func() error {
			if sig == syscall.SIGTRAP {
				var regs unix.PtraceRegs
				if err := unix.PtraceGetRegs(p.pid, &regs); err != nil {
					return fmt.Errorf("PTRACE_GETREGS: %w", err)
				}
				if trapPC(&regs) == addr {
					hit = true
					if _, err := unix.PtracePokeData(p.pid, uintptr(addr), orig); err != nil {
						return fmt.Errorf("PTRACE_POKEDATA %#x: %w", addr, err)
					}
					setPC(&regs, addr)
					return unix.PtraceSetRegs(p.pid, &regs)
				}
			}
			// Not our trap: deliver the signal and run on.
			return unix.PtraceCont(p.pid, int(sig))
		})
		if err != nil || hit {
			return err
		}
	}
}
