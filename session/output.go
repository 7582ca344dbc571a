package session

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/format"
)

// output is the consume.Handler that prints a program's records.
type output struct {
	prog    *cg.Program
	maps    *bpfrt.Maps
	opts    Options
	p       *format.Printer
	ao      *agg.Options
	aggs    agg.Set
	ncpu    int // possible CPUs, the per-CPU values aggpercpu prints
	stdout  io.Writer
	stderr  io.Writer
	quiet   bool
	flow    *format.Flow // the flowindent layout, nil without it
	started bool         // the probe line header was printed
	buf     []byte
	// raw holds the aggregation map keys of each entry of the last
	// snapshot, one per CPU that has the tuple, by aggregation ID.
	raw map[int]map[*agg.Entry][][]byte
}

func newOutput(prog *cg.Program, maps *bpfrt.Maps, opts Options, syms format.Symbolizer, stdout, stderr io.Writer) (*output, error) {
	o := &output{prog: prog, maps: maps, opts: opts, p: format.NewPrinter(), stdout: stdout, stderr: stderr}
	o.p.Sym = syms
	o.ao = &agg.Options{Printer: o.p}
	if opts != nil && opts.Bool("flowindent") {
		o.flow = &format.Flow{}
	}
	o.readOptions()
	keep := opts != nil && opts.Bool("aggpercpu")
	o.ao.PerCPU = keep
	if keep {
		n, err := ebpf.PossibleCPU()
		if err != nil {
			return nil, fmt.Errorf("aggpercpu: %w", err)
		}
		o.ncpu = n
	}
	for _, a := range prog.Aggs {
		ag := agg.New(a.ID, a.Name, a.Func, a.Params)
		ag.KeepPerCPU = keep
		o.aggs.Declare(ag)
	}
	return o, nil
}

// readOptions applies the options that shape the output, as they are now:
// quiet and the aggregation layout and sort options.
func (o *output) readOptions() {
	if o.opts == nil {
		return
	}
	on := o.opts.Bool
	pos := func(name string) int {
		if v, ok := o.opts.Value(name); ok && v > 0 && v <= math.MaxInt32 {
			return int(v)
		}
		return 0
	}
	o.quiet = on("quiet")
	o.p.Quiet = o.quiet
	ao := o.ao
	ao.SortKey, ao.SortRev = on("aggsortkey"), on("aggsortrev")
	ao.SortPos, ao.SortKeyPos = pos("aggsortpos"), pos("aggsortkeypos")
	ao.Zoom, ao.Hist, ao.Pack = on("aggzoom"), on("agghist"), on("aggpack")
	enc := o.opts.Text("encoding")
	ao.UTF8 = enc == "utf8"
	// As DTrace, aggpack draws with block elements unless told not to or
	// on a terminal known not to show them.
	switch term := os.Getenv("TERM"); {
	case enc != "":
		ao.PackUTF8 = ao.UTF8
	default:
		ao.PackUTF8 = term != "sun" && term != "sun-color" && term != "dumb"
	}
}

// Record prints one record: the probe line unless quiet, then each
// action's output.
func (o *output) Record(r consume.Record) error {
	b := o.buf[:0]
	if !o.quiet {
		if !o.started {
			b = format.AppendProbeHeader(b, o.flow != nil)
			o.started = true
		}
		prov, _, fn, name := splitProbe(r.EP.ProbeName)
		if o.flow != nil {
			b = o.flow.AppendLine(b, format.FlowProbe{CPU: r.CPU, EPID: r.EP.EPID, ProbeID: r.EP.ProbeID, Provider: prov, Function: fn, Name: name})
		} else {
			b = format.AppendProbeLine(b, r.CPU, r.EP.ProbeID, fn, name)
		}
	}
	recs := r.EP.Stmt.Recs
	var err error
	for i := 0; i < len(recs); i++ {
		rd := recs[i]
		switch rd.Action {
		case cg.ActGuard:
			if int(rd.Offset) < len(r.Data) && r.Data[rd.Offset] == 0 {
				i += int(rd.Arg)
			}
		case cg.ActTrace:
			b = o.p.AppendTrace(b, value(rd, r.Data))
		case cg.ActPrintf:
			n := int(rd.Arg)
			if i+n >= len(recs) {
				return fmt.Errorf("printf record of EPID %d lacks its arguments", r.EP.EPID)
			}
			args := make([]format.Value, n)
			for j := range args {
				args[j] = value(recs[i+1+j], r.Data)
			}
			i += n
			if b, err = o.p.Append(b, o.prog.Formats[rd.Format].Convs, args, nil); err != nil {
				o.flush(b)
				return fmt.Errorf("printf(): %w", err)
			}
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
			o.setopt(o.prog.Formats[rd.Format].Text)
		case cg.ActPrint:
			n := int(rd.Arg)
			if i+n >= len(recs) || n < 1 || n > 2 || rd.Format < 0 || rd.Format >= len(o.prog.Types) {
				return fmt.Errorf("print record of EPID %d is malformed", r.EP.EPID)
			}
			b = o.print(b, o.prog.Types[rd.Format], recs[i+1:i+1+n], r.Data)
			i += n
		case cg.ActPrinta:
			n := int(rd.Arg)
			if i+n >= len(recs) {
				return fmt.Errorf("printa record of EPID %d lacks its aggregations", r.EP.EPID)
			}
			var as []*agg.Aggregation
			for _, ar := range recs[i+1 : i+1+n] {
				as = append(as, o.aggs.Lookup(int(ar.Arg)))
			}
			i += n
			if err := o.snapshot(); err != nil {
				return err
			}
			if rd.Format < 0 {
				b = agg.Printa(b, o.ao, as...)
			} else if b, err = agg.PrintaFormat(b, o.ao, o.prog.Formats[rd.Format].Convs, as...); err != nil {
				o.flush(b)
				return err
			}
		}
	}
	b = o.p.AppendProbeEnd(b)
	return o.flush(b)
}

func (o *output) flush(b []byte) error {
	o.buf = b[:0]
	if _, err := o.stdout.Write(b); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// Fault reports a fault as DTrace does and goes on.
func (o *output) Fault(f consume.Fault) error {
	_, err := fmt.Fprintf(o.stderr, "dtrace: %s\n", f.Error())
	return err
}

// Drops reports losses.
func (o *output) Drops(kind consume.DropKind, cpu int, n uint64) error {
	_, err := fmt.Fprintf(o.stderr, "dtrace: %s\n", consume.DropsMessage(kind, cpu, n))
	return err
}

// SpecDrops reports speculative losses.
func (o *output) SpecDrops(kind consume.SpecDrop, n uint64) error {
	_, err := fmt.Fprintf(o.stderr, "dtrace: %s\n", consume.SpecDropsMessage(kind, n))
	return err
}

// end prints what a run prints when it ends: the aggregations not
// printed yet.
func (o *output) end() error {
	if err := o.snapshot(); err != nil {
		return err
	}
	return o.flush(o.aggs.End(o.buf[:0], o.ao))
}

// optionSetter is satisfied by option sets that setopt() can change
// while tracing (*option.Options).
type optionSetter interface {
	SetArg(arg string) error
}

// setopt applies setopt(): the option changes from the next output on.
// As in DTrace, an option given without a value is set to 1, and a value
// the option does not take is ignored; so are options that only matter
// when compiling or starting.
func (o *output) setopt(text string) {
	set, ok := o.opts.(optionSetter)
	if !ok {
		return
	}
	if !strings.Contains(text, "=") {
		text += "=1"
	}
	if set.SetArg(text) == nil {
		o.readOptions()
	}
}

// print appends the output of print(): of a pointer to a struct or
// union, recorded with the bytes it points to (two records), or of a
// value (one record).
func (o *output) print(b []byte, t *ctype.Type, recs []bpfrt.RecDesc, data []byte) []byte {
	if !o.quiet {
		b = append(b, '\n')
	}
	if len(recs) == 2 {
		addr := value(recs[0], data).Bits
		return format.AppendPrint(b, t, addr, true, value(recs[1], data).Bytes)
	}
	rd := recs[0]
	if cg.RecKind(rd) == cg.KindString {
		return o.p.AppendTrace(b, value(rd, data))
	}
	if int(rd.Offset+rd.Size) > len(data) {
		return b
	}
	return format.AppendPrint(b, t, 0, false, data[rd.Offset:rd.Offset+rd.Size])
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
		if i := bytes.IndexByte(v, 0); i >= 0 {
			v = v[:i]
		}
		return format.String(string(v))
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
	case cg.KindInet6:
		return format.String(format.InetNtop(format.AFInet6, v))
	case cg.KindBytes:
		return format.Bytes(bytes.Clone(v))
	case cg.KindStack:
		frames := make([]uint64, len(v)/8)
		for i := range frames {
			frames[i] = binary.NativeEndian.Uint64(v[8*i:])
		}
		return format.Value{Kind: format.KindStack, Frames: frames}
	}
	return format.IntFromBytes(v, false)
}

// splitProbe splits "prov:mod:func:name".
func splitProbe(s string) (prov, mod, fn, name string) {
	f := strings.SplitN(s, ":", 4)
	for len(f) < 4 {
		f = append(f, "")
	}
	return f[0], f[1], f[2], f[3]
}
