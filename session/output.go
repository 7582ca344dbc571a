package session

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/output"
)

// decoder is the consume.Handler that decodes a program's records into
// the records of an output.Writer, and keeps the program's aggregations:
// their snapshots, taken from the aggregation map at printa() and at the
// end, and clear(), trunc(), normalize() and denormalize().
type decoder struct {
	prog    *cg.Program
	maps    *bpfrt.Maps
	w       output.Writer
	fx      *output.Effects // carries out system(), freopen(), ftruncate()
	syms    symbols
	aggs    agg.Set
	formats []output.Format // prog.Formats, as output records carry them
	probes  []probeName     // by EPID, split once
	rec     output.Probe    // reused from record to record
	vals    []format.Value  // printf() arguments, reused likewise
	arena   []byte          // the raw bytes of string fields, reused likewise
	// raw holds the aggregation map keys of each entry of the last
	// snapshot, one per CPU that has the tuple, by aggregation ID.
	raw map[int]map[*agg.Entry][][]byte
	// ncpu is the number of possible CPUs when the aggregations keep
	// per-CPU data (aggpercpu), which then show every CPU.
	ncpu int
	// mu guards aggs and raw against snapshots taken for a writer on
	// another goroutine (output.Start.Snapshot); ended says END has
	// fired, and aggs are final.
	mu    sync.Mutex
	ended bool
	// aggRate is the aggrate option: printa() reads the aggregation maps
	// at most once in that time, lastAgg when it last did (see
	// rateSnapshot).
	aggRate time.Duration
	lastAgg time.Time
	// rates is the consumer, whose switchrate and statusrate setopt()
	// changes while tracing.
	rates rateSetter
}

// rateSetter is the consumer's side of setopt() of switchrate and
// statusrate (consume.Session).
type rateSetter interface {
	SetSwitchRate(d time.Duration)
	SetStatusRate(d time.Duration)
}

// probeName is a probe's name split into its fields.
type probeName struct {
	ok                               bool
	provider, module, function, name string
}

func newDecoder(prog *cg.Program, maps *bpfrt.Maps, syms symbols, w output.Writer, fx *output.Effects) *decoder {
	o := &decoder{prog: prog, maps: maps, syms: syms, w: w, fx: fx}
	for _, a := range prog.Aggs {
		o.aggs.Declare(agg.New(a.ID, a.Name, a.Func, a.Params))
	}
	o.formats = make([]output.Format, len(prog.Formats))
	for i, f := range prog.Formats {
		o.formats[i] = output.Format{Text: f.Text, Convs: f.Convs}
	}
	return o
}

// keepPerCPU makes the aggregations keep each CPU's data (aggpercpu), of
// every possible CPU.
func (o *decoder) keepPerCPU() error {
	n, err := ebpf.PossibleCPU()
	if err != nil {
		return fmt.Errorf("aggpercpu: %w", err)
	}
	o.ncpu = n
	for _, a := range o.aggs.Aggregations() {
		a.KeepPerCPU = true
	}
	return nil
}

// probe returns the split name of the probe of ep.
func (o *decoder) probe(ep *bpfrt.EPDesc) *probeName {
	for int(ep.EPID) >= len(o.probes) {
		o.probes = append(o.probes, probeName{})
	}
	p := &o.probes[ep.EPID]
	if !p.ok {
		p.provider, p.module, p.function, p.name = splitProbe(ep.ProbeName)
		p.ok = true
	}
	return p
}

// Record decodes one record, applies its aggregation operations in turn,
// and hands the actions that output something to the writer.
func (o *decoder) Record(r consume.Record) error {
	pn := o.probe(r.EP)
	p := &o.rec
	*p = output.Probe{CPU: r.CPU, EPID: r.EP.EPID, ID: r.EP.ProbeID,
		Provider: pn.provider, Module: pn.module, Function: pn.function, Name: pn.name, Actions: p.Actions[:0]}
	o.vals = o.vals[:0]
	o.arena = o.arena[:0]
	var trap bpfrt.Action // panic() or breakpoint(), carried out last
	recs := r.EP.Stmt.Recs
	for i := 0; i < len(recs); i++ {
		rd := recs[i]
		switch rd.Action {
		case cg.ActGuard:
			if int(rd.Offset) < len(r.Data) && r.Data[rd.Offset] == 0 {
				i += int(rd.Arg)
			}
		case cg.ActTrace:
			p.Actions = append(p.Actions, output.Action{Kind: output.Trace, Value: o.recValue(rd, r.Data)})
		case cg.ActPcap:
			// A packet prints as tracemem() prints memory, which is
			// what DTrace does when it has no pcap file or tshark to
			// give it to; a NULL socket buffer prints nothing.
			if v := value(rd, r.Data); len(v.Bytes) > 0 {
				p.Actions = append(p.Actions, output.Action{Kind: output.Trace, Value: v})
			}
		case cg.ActPrintf, cg.ActSystem, cg.ActFreopen:
			n := int(rd.Arg)
			if i+n >= len(recs) {
				return fmt.Errorf("printf record of EPID %d lacks its arguments", r.EP.EPID)
			}
			first := len(o.vals)
			for _, ar := range recs[i+1 : i+1+n] {
				o.vals = append(o.vals, format.Value{})
				o.argInto(&o.vals[len(o.vals)-1], ar, r.Data)
			}
			i += n
			kind := output.Printf
			switch rd.Action {
			case cg.ActSystem:
				kind = output.System
			case cg.ActFreopen:
				kind = output.Freopen
			}
			// Filled in place: an Action is 232 bytes.
			p.Actions = append(p.Actions, output.Action{})
			a := &p.Actions[len(p.Actions)-1]
			a.Kind, a.Format, a.Args = kind, &o.formats[rd.Format], o.vals[first:len(o.vals):len(o.vals)]
		case cg.ActFtruncate:
			p.Actions = append(p.Actions, output.Action{Kind: output.Ftruncate})
		case cg.ActPanic, cg.ActBreakpoint:
			trap = rd.Action
		case cg.ActClear, cg.ActTrunc, cg.ActNormalize, cg.ActDenormalize:
			var arg int64
			if rd.Action == cg.ActNormalize || rd.Action == cg.ActTrunc && rd.Format == 1 {
				if i+1 >= len(recs) {
					return fmt.Errorf("record of EPID %d lacks an argument", r.EP.EPID)
				}
				i++
				arg = value(recs[i], r.Data).Int64()
			}
			if err := o.aggOp(rd.Action, int(rd.Arg), arg); err != nil {
				return err
			}
		case cg.ActSetopt:
			var text string
			if n := int(rd.Arg); n > 0 {
				// A name or value known only at run time: both
				// follow as strings.
				if i+n >= len(recs) || n > 2 {
					return fmt.Errorf("setopt record of EPID %d lacks its strings", r.EP.EPID)
				}
				text = value(recs[i+1], r.Data).Str
				if n == 2 {
					text += "=" + value(recs[i+2], r.Data).Str
				}
				i += n
			} else {
				text = o.prog.Formats[rd.Format].Text
			}
			if err := o.setoptError(r, text); err != nil {
				return err
			}
			o.setRate(text)
			p.Actions = append(p.Actions, output.Action{Kind: output.Setopt, Option: text})
		case cg.ActPrint:
			n := int(rd.Arg)
			if i+n >= len(recs) || n < 1 || n > 2 || rd.Format < 0 || rd.Format >= len(o.prog.Types) {
				return fmt.Errorf("print record of EPID %d is malformed", r.EP.EPID)
			}
			p.Actions = append(p.Actions, printAction(o.prog.Types[rd.Format], recs[i+1:i+1+n], r.Data))
			i += n
		case cg.ActPrinta:
			n := int(rd.Arg)
			if i+n >= len(recs) {
				return fmt.Errorf("printa record of EPID %d lacks its aggregations", r.EP.EPID)
			}
			a, err := o.printa(rd, recs[i+1:i+1+n])
			if err != nil {
				return err
			}
			i += n
			p.Actions = append(p.Actions, a)
		}
	}
	if err := o.fx.Present(o.w, p); err != nil || trap == 0 {
		return err
	}
	return kernelTrap(trap)
}

// kernelTrap carries out panic() or breakpoint() the only way a stock
// kernel lets a tracer: through the magic SysRq key, which a BPF program
// cannot press. panic() crashes the kernel ('c'), breakpoint() enters
// the kernel debugger ('g') when the kernel has one; both need SysRq
// enabled. They happen when the consumer reads the record, not in probe
// context as in DTrace.
func kernelTrap(act bpfrt.Action) error {
	key, name := "c", "panic"
	if act == cg.ActBreakpoint {
		key, name = "g", "breakpoint"
	}
	if err := os.WriteFile("/proc/sysrq-trigger", []byte(key), 0); err != nil {
		return fmt.Errorf("%s(): %w", name, err)
	}
	return nil
}

// rateSnapshot takes a snapshot for printa(), at most once per aggrate as
// DTrace's dtrace_aggregate_snap does: within that time since the last
// one, printa() prints the last snapshot again. Without aggrate, every
// printa() reads the maps. The final snapshot (end) is always fresh.
func (o *decoder) rateSnapshot() error {
	if o.aggRate > 0 {
		now := time.Now()
		switch {
		case o.lastAgg.IsZero():
			o.lastAgg = now
		case now.Sub(o.lastAgg) < o.aggRate:
			return nil
		default:
			o.lastAgg = o.lastAgg.Add(o.aggRate)
		}
	}
	return o.snapshot()
}

// printa takes a snapshot of the aggregations of a printa() and marks
// them printed when they had a tuple to print, as DTrace does: those are
// not printed again when the run ends.
func (o *decoder) printa(rd bpfrt.RecDesc, recs []bpfrt.RecDesc) (output.Action, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.rateSnapshot(); err != nil {
		return output.Action{}, err
	}
	a := output.Action{Kind: output.Printa, Aggs: make([]*agg.Aggregation, len(recs))}
	if rd.Format >= 0 {
		a.Format = &o.formats[rd.Format]
	}
	printed := false
	for i, ar := range recs {
		ag := o.aggs.Lookup(int(ar.Arg))
		if ag == nil {
			return output.Action{}, fmt.Errorf("printa() of unknown aggregation %d", ar.Arg)
		}
		printed = printed || len(ag.Entries()) > 0
		a.Aggs[i] = ag
	}
	for i, ag := range a.Aggs {
		ag.Printed = ag.Printed || printed
		a.Aggs[i] = ag.Snapshot()
	}
	return a, nil
}

// printAction decodes print(): a pointer to a struct or union recorded
// with the bytes it points to (two records), or a value (one record),
// whose bytes are valid during the record's call only.
func printAction(t *ctype.Type, recs []bpfrt.RecDesc, data []byte) output.Action {
	a := output.Action{Kind: output.Print, Type: t}
	if len(recs) == 2 {
		a.Deref = true
		a.Addr = value(recs[0], data).Bits
		a.Value = value(recs[1], data)
		return a
	}
	rd := recs[0]
	switch {
	case cg.RecKind(rd) == cg.KindString:
		a.Value = value(rd, data)
	case int(rd.Offset+rd.Size) <= len(data):
		a.Value = format.Bytes(data[rd.Offset : rd.Offset+rd.Size])
	}
	return a
}

// setoptError reports a setopt() that cannot take effect while tracing
// (an unknown option, a bad value, an option only set before tracing),
// as DTrace reports it: as an error of the clause, which goes on. The
// option is tried on a fresh, active option set, so that nothing is set.
func (o *decoder) setoptError(r consume.Record, text string) error {
	name, value, has := strings.Cut(text, "=")
	if !has {
		value = "1"
	}
	try := option.New()
	try.SetActive()
	err := try.SetArg(name + "=" + value)
	if err == nil {
		return nil
	}
	var oe *option.Error
	if errors.As(err, &oe) {
		err = oe.Err
	}
	pn := o.probe(r.EP)
	// DTrace's message ends with a newline of its own.
	msg := fmt.Sprintf("error in %s for probe ID %d (%s): couldn't set option \"%s\" to \"%s\": %v\n",
		r.EP.Stmt.Symbol(), r.EP.ProbeID, r.EP.ProbeName, name, value, err)
	return o.w.Error(&output.Error{CPU: r.CPU, EPID: r.EP.EPID, ID: r.EP.ProbeID, Provider: pn.provider,
		Module: pn.module, Function: pn.function, Name: pn.name, Message: msg})
}

// setRate carries out a setopt() of one of the rates the consumer keeps
// (switchrate, statusrate, aggrate), which DTrace applies from the next
// time it looks at the buffers, the state or the aggregations; an option
// given without a value or with a bad one (setoptError reported it) is
// left as it was.
func (o *decoder) setRate(text string) {
	name, value, has := strings.Cut(text, "=")
	if !has {
		return
	}
	switch name {
	case "switchrate", "statusrate", "aggrate":
	default:
		return
	}
	try := option.New()
	try.SetActive()
	if try.SetArg(name+"="+value) != nil {
		return
	}
	v, ok := try.Value(name)
	if !ok || v <= 0 {
		return
	}
	d := time.Duration(v)
	switch {
	case name == "aggrate":
		o.mu.Lock()
		o.aggRate = d
		o.mu.Unlock()
	case o.rates == nil:
	case name == "switchrate":
		o.rates.SetSwitchRate(d)
	default:
		o.rates.SetStatusRate(d)
	}
}

// Stopping makes the next printa() take a fresh snapshot whatever the
// aggrate: once tracing has stopped, DTrace reads the aggregations (and
// the buffers) regardless of their rates before it drains what is left.
func (o *decoder) Stopping() error {
	o.mu.Lock()
	o.lastAgg = time.Time{}
	o.mu.Unlock()
	return nil
}

// Fault reports a fault and goes on.
func (o *decoder) Fault(f consume.Fault) error {
	e := &output.Error{CPU: f.CPU, EPID: f.EPID, ID: f.ProbeID, Fault: f.Kind.String(),
		Addr: f.Value, HasAddr: f.Kind.HasValue(), PC: int(f.PC), Message: f.Error()}
	if f.EP != nil {
		e.EPID = f.EP.EPID
		pn := o.probe(f.EP)
		e.Provider, e.Module, e.Function, e.Name = pn.provider, pn.module, pn.function, pn.name
	}
	return o.w.Error(e)
}

// Flush writes the output buffered so far: consume calls it whenever it
// has read the buffers empty.
func (o *decoder) Flush() error { return o.fx.Flush() }

// Drops reports losses.
func (o *decoder) Drops(kind consume.DropKind, cpu int, n uint64) error {
	k := map[consume.DropKind]output.DropKind{consume.DropPrincipal: output.PrincipalDrops,
		consume.DropAggregation: output.AggregationDrops, consume.DropDynamic: output.DynamicDrops, consume.DropNested: output.NestedDrops}[kind]
	return o.w.Drops(&output.Drops{Kind: k, CPU: cpu, Count: n, Message: consume.DropsMessage(kind, cpu, n)})
}

// SpecDrops reports speculative losses.
func (o *decoder) SpecDrops(kind consume.SpecDrop, n uint64) error {
	k := output.SpeculationDrops
	switch kind {
	case consume.SpecDropBusy:
		k = output.SpeculationBusy
	case consume.SpecDropUnavail:
		k = output.SpeculationUnavailable
	}
	return o.w.Drops(&output.Drops{Kind: k, CPU: -1, Count: n, Message: consume.SpecDropsMessage(kind, n)})
}

// end hands the writer the final aggregations and the exit status.
func (o *decoder) end(status int) error {
	o.mu.Lock()
	err := o.snapshot()
	o.ended = true
	o.mu.Unlock()
	if err != nil {
		return err
	}
	return o.w.End(&output.End{Time: time.Now(), Status: status, Aggs: &o.aggs})
}

// aggSnapshot is output.Start.Snapshot: a fresh snapshot of the
// aggregation maps, copied, or the final aggregations once END has fired
// (the maps may be gone, and the writers read aggs without the lock).
func (o *decoder) aggSnapshot() ([]*agg.Aggregation, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.ended {
		if err := o.snapshot(); err != nil {
			return nil, err
		}
	}
	aggs := o.aggs.Aggregations()
	out := make([]*agg.Aggregation, len(aggs))
	for i, a := range aggs {
		out[i] = a.Snapshot()
	}
	return out, nil
}

// aggDescs describes the program's aggregations for output.Start.
func (o *decoder) aggDescs() []output.AggDesc {
	lowered := map[int]bool{}
	for _, c := range o.prog.Clauses {
		for _, rd := range c.Stmt.Recs {
			switch rd.Action {
			case cg.ActClear, cg.ActTrunc, cg.ActNormalize, cg.ActDenormalize:
				lowered[int(rd.Arg)] = true
			}
		}
	}
	descs := make([]output.AggDesc, len(o.prog.Aggs))
	for i, a := range o.prog.Aggs {
		descs[i] = output.AggDesc{ID: a.ID, Name: a.Name, Func: a.Func, Keys: len(a.Keys), Lowered: lowered[a.ID]}
	}
	return descs
}

// symKey turns a sym(), mod(), usym() or umod() key into the address
// that stands for all of its function or module, as DTrace aggregates
// them: the start of the symbol, or the first address seen in the module
// (mods, by process and module).
func (o *decoder) symKey(v format.Value, mods map[modKey]uint64) format.Value {
	var s format.Symbol
	var ok bool
	switch v.Kind {
	case format.KindSym, format.KindMod:
		s, ok = o.syms.Kernel(v.Bits)
	case format.KindUSym, format.KindUMod:
		s, ok = o.syms.User(v.Pid, v.Bits)
	default:
		return v
	}
	switch {
	case !ok:
	case v.Kind == format.KindSym || v.Kind == format.KindUSym:
		if s.Name != "" {
			v.Bits = s.Addr
		}
	default:
		k := modKey{v.Pid, s.Module}
		if a, seen := mods[k]; seen {
			v.Bits = a
		} else {
			mods[k] = v.Bits
		}
	}
	return v
}

// modKey names a module of a process (pid 0: the kernel's).
type modKey struct {
	pid    int
	module string
}

// KeyNotice reads the mappings of the processes whose user addresses a
// new aggregation tuple holds, while they most likely still run (see
// bpfrt.EPIDKeyNotice).
func (o *decoder) KeyNotice(n consume.KeyNotice) error {
	if n.AggID < 1 || n.AggID > len(o.prog.Aggs) {
		return fmt.Errorf("key notice of unknown aggregation %d", n.AggID)
	}
	o.syms.user.warm(o.prog.Aggs[n.AggID-1].Keys, n.Key)
	return nil
}

// recValue decodes the value of record field rd as the clause's output
// shows it: the text of an address conversion, made here from the
// address bytes the clause recorded, is cut to strsize characters, as
// the conversion in the clause cuts it.
func (o *decoder) recValue(rd bpfrt.RecDesc, data []byte) format.Value {
	if cg.RecKind(rd) == cg.KindString {
		return o.recString(rd, data)
	}
	v := value(rd, data)
	switch cg.RecKind(rd) {
	case cg.KindInet4, cg.KindInet6, cg.KindInet6Strict:
		if n := o.prog.Config.StrSize - 1; n > 0 && len(v.Str) > n {
			v.Str = v.Str[:n]
		}
	}
	return v
}

// argInto decodes the printf() argument rd into *v, which is zero. An
// integer, which most arguments are, is written in place: a Value is 128
// bytes, and returning one and copying it into place cost more than
// decoding it.
func (o *decoder) argInto(v *format.Value, rd bpfrt.RecDesc, data []byte) {
	off, size := int(rd.Offset), int(rd.Size)
	if cg.RecKind(rd) != cg.KindInt || off+size > len(data) {
		*v = o.recValue(rd, data)
		return
	}
	b := data[off : off+size]
	switch size {
	case 1:
		v.Bits = uint64(b[0])
	case 2:
		v.Bits = uint64(binary.LittleEndian.Uint16(b))
	case 4:
		v.Bits = uint64(binary.LittleEndian.Uint32(b))
	case 8:
		v.Bits = binary.LittleEndian.Uint64(b)
	default:
		*v = o.recValue(rd, data)
		return
	}
	// As field decodes it (format.IntFromBytes, signed).
	v.Kind, v.Size, v.Signed = format.KindInt, size, true
}

// recString decodes a string field of a record without allocating: the
// text is the record's own bytes, valid during the record's call as the
// record is (output.Writer's records are), and the whole field that the
// rawbytes option dumps, the string and the NULs after it, is copied into
// the decoder's arena, which the next record reuses.
func (o *decoder) recString(rd bpfrt.RecDesc, data []byte) format.Value {
	off, size := int(rd.Offset), int(rd.Size)
	if off+size > len(data) {
		return format.Bytes(nil)
	}
	v := data[off : off+size]
	s := v
	if i := bytes.IndexByte(v, 0); i >= 0 {
		s = v[:i]
	}
	start := len(o.arena)
	o.arena = append(o.arena, s...)
	o.arena = append(o.arena, make([]byte, len(v)-len(s))...)
	raw := o.arena[start:len(o.arena):len(o.arena)]
	return format.Value{Kind: format.KindString, Str: unsafe.String(unsafe.SliceData(s), len(s)), Bytes: raw}
}

// value decodes the value of record field rd.
func value(rd bpfrt.RecDesc, data []byte) format.Value {
	return field(cg.Field{Kind: cg.RecKind(rd), Offset: int(rd.Offset), Size: int(rd.Size)}, data)
}

// field decodes a value of f in b.
func field(f cg.Field, b []byte) format.Value {
	if f.Offset+f.Size > len(b) {
		return format.Bytes(nil)
	}
	v := b[f.Offset : f.Offset+f.Size]
	switch f.Kind {
	case cg.KindString:
		s := v
		if i := bytes.IndexByte(v, 0); i >= 0 {
			s = v[:i]
		}
		// The rawbytes option dumps the whole record: the string and the
		// NULs that fill it to strsize+1, whatever the copy left there.
		raw := make([]byte, len(v))
		copy(raw, s)
		return format.Value{Kind: format.KindString, Str: string(s), Bytes: raw}
	case cg.KindInt:
		return format.IntFromBytes(v, true)
	case cg.KindSym, cg.KindMod:
		k := format.KindSym
		if f.Kind == cg.KindMod {
			k = format.KindMod
		}
		return format.Value{Kind: k, Bits: format.IntFromBytes(v, false).Bits}
	case cg.KindInet4:
		return format.String(format.InetNtop(format.AFInet, v))
	case cg.KindInet6Strict:
		return format.String(format.InetNtop(format.AFInet6, v))
	case cg.KindInet6:
		if len(v) < 16 {
			return format.String("")
		}
		return format.String(format.InetNtoa6([16]byte(v[:16])))
	case cg.KindBytes:
		return format.Bytes(bytes.Clone(v))
	case cg.KindFloat:
		switch len(v) {
		case 4:
			f := format.Float(float64(math.Float32frombits(binary.NativeEndian.Uint32(v))))
			f.Size = 4
			return f
		case 8:
			f := format.Float(math.Float64frombits(binary.NativeEndian.Uint64(v)))
			f.Size = 8
			return f
		}
		return format.Bytes(bytes.Clone(v))
	case cg.KindMem:
		if len(v) < 8 {
			return format.Bytes(nil)
		}
		n := binary.NativeEndian.Uint64(v)
		v = v[8:]
		return format.Bytes(bytes.Clone(v[:min(n, uint64(len(v)))]))
	case cg.KindStack:
		return format.Value{Kind: format.KindStack, Frames: frames(v)}
	case cg.KindUStack, cg.KindUSym, cg.KindUAddr, cg.KindUMod:
		if len(v) < 8 {
			return format.Bytes(nil)
		}
		pid := int(binary.NativeEndian.Uint64(v))
		if f.Kind == cg.KindUStack {
			return format.Value{Kind: format.KindUStack, Pid: pid, Frames: frames(v[8:])}
		}
		k := map[cg.Kind]format.Kind{cg.KindUSym: format.KindUSym, cg.KindUAddr: format.KindUAddr, cg.KindUMod: format.KindUMod}[f.Kind]
		return format.Value{Kind: k, Pid: pid, Bits: format.IntFromBytes(v[8:], false).Bits}
	}
	return format.IntFromBytes(v, false)
}

// frames decodes stack frames, 8 bytes each.
func frames(b []byte) []uint64 {
	out := make([]uint64, len(b)/8)
	for i := range out {
		out[i] = binary.NativeEndian.Uint64(b[8*i:])
	}
	return out
}

// splitProbe splits "prov:mod:func:name".
func splitProbe(s string) (prov, mod, fn, name string) {
	f := strings.SplitN(s, ":", 4)
	for len(f) < 4 {
		f = append(f, "")
	}
	return f[0], f[1], f[2], f[3]
}
