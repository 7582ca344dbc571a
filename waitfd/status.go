package waitfd

import (
	"encoding/binary"
	"fmt"
	"syscall"

	"golang.org/x/sys/unix"
)

// SiginfoSize is the size of a Linux siginfo_t, the record a Read returns.
const SiginfoSize = 128

// Offsets of the SIGCHLD fields inside a Linux siginfo_t (all 64-bit
// architectures share them).
const (
	offSigno  = 0
	offCode   = 8
	offPid    = 16
	offUID    = 20
	offStatus = 24
)

// Codes of si_code for SIGCHLD, as waitid reports them.
const (
	CLDExited    = 1
	CLDKilled    = 2
	CLDDumped    = 3
	CLDTrapped   = 4
	CLDStopped   = 5
	CLDContinued = 6
)

// Status is one process state change, decoded from the siginfo_t that
// waitid fills in.
type Status struct {
	Pid  int
	UID  int
	Code int // CLD_* value: why the state changed
	// Value is si_status: the exit status for CLDExited, the signal for
	// CLDKilled/CLDDumped/CLDStopped/CLDContinued, and the stop signal
	// (with any ptrace event in bits 8-15) for CLDTrapped.
	Value int
	// Unknown is set when the process exited but is not our child and the
	// kernel could not tell its exit status (it had not been reaped yet, or
	// the kernel lacks PIDFD_INFO_EXIT): Code is CLDExited and Value is 0.
	Unknown bool
}

// Exited reports whether the process has terminated, normally or by signal.
func (s Status) Exited() bool {
	return s.Code == CLDExited || s.Code == CLDKilled || s.Code == CLDDumped
}

// Stopped reports whether the process stopped (job control or ptrace).
func (s Status) Stopped() bool { return s.Code == CLDStopped || s.Code == CLDTrapped }

// Signal returns the terminating signal, or 0 if the process was not killed.
func (s Status) Signal() syscall.Signal {
	if s.Code == CLDKilled || s.Code == CLDDumped {
		return syscall.Signal(s.Value)
	}
	return 0
}

// StopSignal returns the signal that stopped the process, or 0.
func (s Status) StopSignal() syscall.Signal {
	if s.Stopped() {
		return syscall.Signal(s.Value & 0x7f)
	}
	return 0
}

// WaitStatus returns the status word waitpid(2) would have stored.
func (s Status) WaitStatus() syscall.WaitStatus {
	switch s.Code {
	case CLDExited:
		return syscall.WaitStatus((s.Value & 0xff) << 8)
	case CLDKilled:
		return syscall.WaitStatus(s.Value & 0x7f)
	case CLDDumped:
		return syscall.WaitStatus(s.Value&0x7f | 0x80)
	case CLDStopped, CLDTrapped:
		return syscall.WaitStatus(s.Value<<8 | 0x7f)
	case CLDContinued:
		return 0xffff
	}
	return 0
}

func (s Status) String() string {
	switch s.Code {
	case CLDExited:
		if s.Unknown {
			return fmt.Sprintf("pid %d exited", s.Pid)
		}
		return fmt.Sprintf("pid %d exited with status %d", s.Pid, s.Value)
	case CLDKilled:
		return fmt.Sprintf("pid %d killed by %v", s.Pid, syscall.Signal(s.Value))
	case CLDDumped:
		return fmt.Sprintf("pid %d killed by %v (core dumped)", s.Pid, syscall.Signal(s.Value))
	case CLDStopped:
		return fmt.Sprintf("pid %d stopped by %v", s.Pid, syscall.Signal(s.Value))
	case CLDTrapped:
		return fmt.Sprintf("pid %d trapped by %v", s.Pid, syscall.Signal(s.Value&0x7f))
	case CLDContinued:
		return fmt.Sprintf("pid %d continued", s.Pid)
	}
	return fmt.Sprintf("pid %d: si_code %d status %d", s.Pid, s.Code, s.Value)
}

// ParseSiginfo decodes the SIGCHLD fields of a siginfo_t as Read returns it.
func ParseSiginfo(b []byte) (Status, error) {
	if len(b) < SiginfoSize {
		return Status{}, fmt.Errorf("siginfo: %d bytes, need %d", len(b), SiginfoSize)
	}
	le := binary.LittleEndian
	if signo := le.Uint32(b[offSigno:]); signo != uint32(unix.SIGCHLD) {
		return Status{}, fmt.Errorf("siginfo: signal %d is not SIGCHLD", signo)
	}
	return Status{
		Pid:   int(int32(le.Uint32(b[offPid:]))),
		UID:   int(int32(le.Uint32(b[offUID:]))),
		Code:  int(int32(le.Uint32(b[offCode:]))),
		Value: int(int32(le.Uint32(b[offStatus:]))),
	}, nil
}

// encode writes s into b as a siginfo_t.
func (s Status) encode(b []byte) {
	clear(b[:SiginfoSize])
	le := binary.LittleEndian
	le.PutUint32(b[offSigno:], uint32(unix.SIGCHLD))
	le.PutUint32(b[offCode:], uint32(int32(s.Code)))
	le.PutUint32(b[offPid:], uint32(int32(s.Pid)))
	le.PutUint32(b[offUID:], uint32(int32(s.UID)))
	le.PutUint32(b[offStatus:], uint32(int32(s.Value)))
}

// fromExitCode converts a waitpid-style status word, as PIDFD_INFO_EXIT
// reports it, into a Status.
func fromExitCode(pid int, ws syscall.WaitStatus) Status {
	switch {
	case ws.Exited():
		return Status{Pid: pid, Code: CLDExited, Value: ws.ExitStatus()}
	case ws.Signaled() && ws.CoreDump():
		return Status{Pid: pid, Code: CLDDumped, Value: int(ws.Signal())}
	case ws.Signaled():
		return Status{Pid: pid, Code: CLDKilled, Value: int(ws.Signal())}
	}
	return Status{Pid: pid, Code: CLDExited, Unknown: true}
}
