package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
)

func main() {
	attach := flag.String("attach", "rawtp", "rawtp (raw_syscalls sys_enter, filtered on getppid) or tp (syscalls:sys_enter_getppid)")
	flag.Parse()
	if err := run(*attach); err != nil {
		fmt.Fprintf(os.Stderr, "keyfloor: %v\n", err)
		os.Exit(1)
	}
}

func run(attach string) error {
	counts, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.PerCPUHash, KeySize: 16, ValueSize: 8, MaxEntries: 1024})
	if err != nil {
		return err
	}
	defer counts.Close()
	typ := ebpf.TracePoint
	var insns asm.Instructions
	switch attach {
	case "rawtp":
		// struct bpf_raw_tracepoint_args: args[1] is the system call.
		typ = ebpf.RawTracepoint
		insns = asm.Instructions{
			asm.LoadMem(asm.R2, asm.R1, 8, asm.DWord),
			asm.JNE.Imm(asm.R2, syscall.SYS_GETPPID, "out"),
		}
	case "tp":
	default:
		return fmt.Errorf("bad -attach %q", attach)
	}
	key := func(r asm.Register) asm.Instructions {
		return asm.Instructions{asm.Mov.Reg(r, asm.RFP), asm.Add.Imm(r, -16)}
	}
	insns = append(insns, key(asm.R1)...)
	insns = append(insns, asm.Mov.Imm(asm.R2, 16), asm.FnGetCurrentComm.Call(), asm.LoadMapPtr(asm.R1, counts.FD()))
	insns = append(insns, key(asm.R2)...)
	insns = append(insns,
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, "new"),
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
		asm.Ja.Label("out"),
		asm.Mov.Imm(asm.R1, 1).WithSymbol("new"),
		asm.StoreMem(asm.RFP, -24, asm.R1, asm.DWord),
		asm.LoadMapPtr(asm.R1, counts.FD()),
	)
	insns = append(insns, key(asm.R2)...)
	insns = append(insns,
		asm.Mov.Reg(asm.R3, asm.RFP),
		asm.Add.Imm(asm.R3, -24),
		asm.Mov.Imm(asm.R4, 1), // BPF_NOEXIST
		asm.FnMapUpdateElem.Call(),
		asm.Mov.Imm(asm.R0, 0).WithSymbol("out"),
		asm.Return(),
	)
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{Type: typ, License: "GPL", Instructions: insns})
	if err != nil {
		return err
	}
	defer prog.Close()
	var l link.Link
	if typ == ebpf.RawTracepoint {
		l, err = link.AttachRawTracepoint(link.RawTracepointOptions{Name: "sys_enter", Program: prog})
	} else {
		l, err = link.Tracepoint("syscalls", "sys_enter_getppid", prog, nil)
	}
	if err != nil {
		return err
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	fmt.Println("READY")
	<-sig
	l.Close()
	var sum uint64
	var k []byte
	var per []uint64
	for it := counts.Iterate(); it.Next(&k, &per); {
		if strings.HasPrefix(string(k), "sysloop\x00") {
			for _, v := range per {
				sum += v
			}
		}
	}
	fmt.Printf("events=%d\n", sum)
	return nil
}
