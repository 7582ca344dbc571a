package format

import "strings"

// Flow is the state of the flowindent layout: the indentation, which grows
// by two after each entry probe and shrinks by two at each return probe.
type Flow struct {
	// NoCPU leaves the CPU column out, as dtrace(8) does when testing
	// (_DTRACE_TESTING), where which CPU fires varies from run to run.
	NoCPU     bool
	indent    int
	lastEPID  uint32
	lastProbe uint32
	begun     bool
}

// flowKind classifies a probe for flowindent.
type flowKind int

const (
	flowNone flowKind = iota
	flowEntry
	flowReturn
)

// classify says whether a probe name is an entry ("entry", "*-entry") or a
// return ("return", "*-return"); names that merely end in those letters
// ("gentry") are neither.
func classify(name string) flowKind {
	for _, k := range []struct {
		suffix string
		kind   flowKind
	}{{"entry", flowEntry}, {"return", flowReturn}} {
		if name == k.suffix || strings.HasSuffix(name, "-"+k.suffix) {
			return k.kind
		}
	}
	return flowNone
}

// FlowProbe identifies the probe whose line AppendLine starts.
type FlowProbe struct {
	CPU int
	// EPID is the enabled probe ID of the clause that produced the
	// record; ProbeID the probe's ID.
	EPID, ProbeID            uint32
	Provider, Function, Name string
}

// AppendLine appends the start of a probe's line in the flowindent layout:
// CPU, then the indented function marked " -> " on entry and " <- " on
// return (" => " and " <= " for the syscall provider), or "| func:name"
// for other probes, padded to 41 columns, and a space. An entry of the
// probe of the previous line from another clause is not indented again
// (DTrace's heuristic for several enablings of one probe).
func (f *Flow) AppendLine(dst []byte, p FlowProbe) []byte {
	kind := classify(p.Name)
	if kind == flowEntry && f.begun && p.EPID != f.lastEPID && p.ProbeID == f.lastProbe {
		kind = flowNone
	}
	prefix := "| "
	switch kind {
	case flowEntry:
		prefix = " -> "
		if p.Provider == "syscall" {
			prefix = " => "
		}
	case flowReturn:
		prefix = " <- "
		if p.Provider == "syscall" {
			prefix = " <= "
		}
		if f.indent > 0 {
			f.indent -= 2
		}
	}
	text := strings.Repeat(" ", f.indent) + prefix + p.Function
	if kind == flowNone {
		text += ":" + p.Name
	}
	if !f.NoCPU {
		dst = appendInt(dst, spec{width: 3}, 'd', uint64(abs(p.CPU)), p.CPU < 0)
		dst = append(dst, ' ')
	}
	dst = appendStr(dst, spec{flags: FlagLeft, width: 41}, text)
	dst = append(dst, ' ')
	if kind == flowEntry {
		f.indent += 2
	}
	f.lastEPID, f.lastProbe, f.begun = p.EPID, p.ProbeID, true
	return dst
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
