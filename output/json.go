package output

import (
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
)

// JSONVersion is the version of the JSON output's schema
// (docs/json-output.md), in its start record. It changes when a record
// loses or changes a member; new members and record types keep it.
const JSONVersion = 1

// JSON is the Writer of JSON lines (oformat=json): one JSON object per
// line for each record, as docs/json-output.md describes.
type JSON struct {
	w    io.Writer
	p    *format.Printer // the text of printf() and printa() formats
	ao   *agg.Options
	opts Options
	buf  []byte
	text []byte // the part of printf()'s text that needs escaping, reused
	// dst is w when it is the run's Destination: a line is then
	// appended to what it holds (inDst while one is), not copied there.
	dst   *Destination
	inDst bool
	// probes and formats are what records repeat, encoded once: by
	// EPID and by format.
	probes  []probeMembers
	formats map[*Format][]byte
	// lastFormat and lastOpen are the last printfOpen, which a flood
	// of one printf() asks for again and again.
	lastFormat *Format
	lastOpen   []byte
}

// NewJSON returns the JSON lines Writer under opts (the aggregation
// sorting options). For freopen() to move its lines, w is the run's
// Destination.
func NewJSON(opts Options, w io.Writer) *JSON {
	j := &JSON{w: w, p: format.NewPrinter(), opts: opts}
	j.dst, _ = w.(*Destination)
	j.p.Quiet = true
	j.ao = aggOptions(opts)
	j.ao.Printer = j.p
	return j
}

func (j *JSON) line(b []byte) error {
	b = append(b, '}', '\n')
	if j.inDst {
		j.inDst = false
		return j.dst.commit(b)
	}
	j.buf = b[:0]
	if _, err := j.w.Write(b); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// begin returns the slice a line is appended to: the Destination's
// buffer, after what it holds, or the writer's own.
func (j *JSON) begin() []byte {
	if j.dst != nil {
		if b, ok := j.dst.appendTo(); ok {
			j.inDst = true
			return b
		}
	}
	j.inDst = false
	return j.buf[:0]
}

// record starts the line of a record of type typ.
func (j *JSON) record(typ string) []byte {
	return appendStringMember(append(j.begin(), '{'), "type", typ)
}

// Start writes the start record.
func (j *JSON) Start(s *Start) error {
	j.p.Sym = s.Symbols
	b := j.record("start")
	b = appendIntMember(b, "version", JSONVersion)
	b = appendStringMember(b, "time", s.Time.UTC().Format(time.RFC3339Nano))
	b = appendIntMember(b, "pid", int64(s.PID))
	return j.line(b)
}

func appendProbe(b []byte, cpu int, id, epid uint32, prov, mod, fn, name string) []byte {
	b = appendIntMember(b, "cpu", int64(cpu))
	b = appendUintMember(b, "id", uint64(id))
	b = appendUintMember(b, "epid", uint64(epid))
	b = appendStringMember(b, "provider", prov)
	b = appendStringMember(b, "module", mod)
	b = appendStringMember(b, "function", fn)
	return appendStringMember(b, "name", name)
}

// probeMembers are the members of an enabled probe's records after
// "cpu", up to the opening of "data", as appendProbe writes them: made
// once per enabled probe, they are what most of a record's line is.
type probeMembers struct {
	id                               uint32
	provider, module, function, name string
	text                             []byte
}

// appendProbeMembers appends r's members after "cpu" to the opening of
// "data".
func (j *JSON) appendProbeMembers(b []byte, r *Probe) []byte {
	if int(r.EPID) >= len(j.probes) {
		j.probes = append(j.probes, make([]probeMembers, int(r.EPID)+1-len(j.probes))...)
	}
	m := &j.probes[r.EPID]
	if m.text == nil || m.id != r.ID || m.provider != r.Provider || m.module != r.Module || m.function != r.Function || m.name != r.Name {
		text := appendProbe([]byte{'{'}, 0, r.ID, r.EPID, r.Provider, r.Module, r.Function, r.Name)
		text = text[len(`{"cpu":0`):]
		text = append(appendKey(text, "data"), '[')
		*m = probeMembers{id: r.ID, provider: r.Provider, module: r.Module, function: r.Function, name: r.Name, text: text}
	}
	return append(b, m.text...)
}

// printfOpen returns the start of a printf() action's object up to the
// text of "output": its "action", its "format", escaped once per format,
// and the key of "output" with the string's opening quote.
func (j *JSON) printfOpen(f *Format) []byte {
	if f == j.lastFormat {
		return j.lastOpen
	}
	m, ok := j.formats[f]
	if !ok {
		m = j.newPrintfOpen(f)
	}
	j.lastFormat, j.lastOpen = f, m
	return m
}

func (j *JSON) newPrintfOpen(f *Format) []byte {
	if j.formats == nil {
		j.formats = map[*Format][]byte{}
	}
	m := appendStringMember([]byte(`{"action":"printf"`), "format", f.Text)
	m = append(m, `,"output":"`...)
	j.formats[f] = m
	return m
}

// actionOpen is the start of each kind of action's object.
var actionOpen = func() (t [len(actionNames)]string) {
	for k := range t {
		t[k] = `{"action":"` + ActionKind(k).String() + `"`
	}
	return t
}()

// Probe writes a probe record with its actions in "data".
func (j *JSON) Probe(r *Probe) error {
	b := strconv.AppendInt(append(j.begin(), `{"type":"probe","cpu":`...), int64(r.CPU), 10)
	b = j.appendProbeMembers(b, r)
	var err error
	effects := false
	for i := range r.Actions {
		a := &r.Actions[i]
		b = appendComma(b)
		if a.Kind == Printf {
			// The text is formatted in place and escaped there: most
			// of it needs no escaping.
			b = append(b, j.printfOpen(a.Format)...)
			start := len(b)
			if b, err = j.p.Append(b, a.Format.Convs, a.Args, nil); err != nil {
				return fmt.Errorf("printf(): %w", err)
			}
			b = append(j.escapeFrom(b, start), `","args":[`...)
			for k := range a.Args {
				if k > 0 {
					b = append(b, ',')
				}
				b = j.appendValue(b, &a.Args[k])
			}
			b = append(b, ']', '}')
			continue
		}
		if int(a.Kind) < len(actionOpen) {
			b = append(b, actionOpen[a.Kind]...)
		} else {
			b = appendStringMember(append(b, '{'), "action", a.Kind.String())
		}
		switch a.Kind {
		case Trace:
			b = j.appendValue(appendKey(b, "value"), &a.Value)
		case Print:
			b = j.appendPrint(b, a)
		case Printa:
			if b, err = j.appendPrinta(b, a); err != nil {
				return err
			}
		case System, Freopen:
			var text []byte
			if text, err = j.p.Append(nil, a.Format.Convs, a.Args, nil); err != nil {
				return fmt.Errorf("%s(): %w", a.Kind, err)
			}
			member := "command"
			if a.Kind == Freopen {
				member = "file"
			}
			b = appendStringMember(b, member, string(text))
			effects = true
		case Ftruncate:
			effects = true
		case Setopt:
			name, value, has := strings.Cut(a.Option, "=")
			b = appendStringMember(b, "option", name)
			if has {
				b = appendStringMember(b, "value", value)
			}
			if applySetopt(j.opts, a.Option) {
				readAggOptions(j.ao, j.opts)
			} else if n, on := setopt(a.Option); n != "quiet" {
				setAggOption(j.ao, n, on)
			}
		}
		b = append(b, '}')
	}
	b = append(b, ']')
	if err := j.line(b); err != nil || !effects || r.Effect == nil {
		return err
	}
	// The run carries the effects out once the record is written.
	for i := range r.Actions {
		if IsEffect(r.Actions[i].Kind) {
			if err := r.Effect(i); err != nil {
				return err
			}
		}
	}
	return nil
}

// escapeFrom makes the text appended to b from start the body of a JSON
// string: from the first byte that needs escaping on, the text is copied
// aside and appended again, escaped.
func (j *JSON) escapeFrom(b []byte, start int) []byte {
	k := start
	for k < len(b) && plain[b[k]] {
		k++
	}
	if k == len(b) {
		return b
	}
	j.text = append(j.text[:0], b[k:]...)
	return appendStringBody(b[:k], unsafe.String(unsafe.SliceData(j.text), len(j.text)))
}

// appendPrint appends print()'s members: the type, the text print()
// shows and the value's bytes (or string).
func (j *JSON) appendPrint(b []byte, a *Action) []byte {
	b = appendStringMember(b, "type", a.Type.String())
	var text []byte
	switch {
	case a.Deref:
		b = appendHexMember(b, "address", a.Addr)
		text = format.AppendPrint(nil, a.Type, a.Addr, true, a.Value.Bytes, printSize(j.opts))
	case a.Value.Kind == format.KindString:
		text = []byte(a.Value.Str)
	case a.Value.Bytes != nil:
		text = format.AppendPrint(nil, a.Type, 0, false, a.Value.Bytes, printSize(j.opts))
	}
	b = appendStringMember(b, "output", string(text))
	return j.appendValue(appendKey(b, "value"), &a.Value)
}

// appendPrinta appends printa()'s members: the format and its text, if
// it has one, and the aggregations' snapshots.
func (j *JSON) appendPrinta(b []byte, a *Action) ([]byte, error) {
	if a.Format != nil {
		b = appendStringMember(b, "format", a.Format.Text)
		text, err := agg.PrintaFormat(nil, j.ao, a.Format.Convs, a.Aggs...)
		if err != nil {
			return b, err
		}
		b = appendStringMember(b, "output", string(text))
	}
	b = append(appendKey(b, "aggregations"), '[')
	for _, ag := range a.Aggs {
		b = append(appendComma(b), '{')
		b = append(j.appendAggregation(b, ag), '}')
	}
	return append(b, ']'), nil
}

// appendAggregation appends the members of an aggregation: its ID, name,
// function (with its parameters) and its tuples, sorted as printa()
// sorts them.
func (j *JSON) appendAggregation(b []byte, a *agg.Aggregation) []byte {
	b = appendIntMember(b, "id", int64(a.ID))
	b = appendStringMember(b, "name", a.Name)
	b = appendStringMember(b, "function", a.Func.String())
	switch a.Func {
	case agg.LQuantize:
		b = append(appendKey(b, "params"), '{')
		b = appendIntMember(b, "base", a.Params.Base)
		b = appendIntMember(b, "step", a.Params.Step)
		b = append(appendIntMember(b, "levels", int64(a.Params.Levels)), '}')
	case agg.LLQuantize:
		b = append(appendKey(b, "params"), '{')
		b = appendIntMember(b, "factor", int64(a.Params.Factor))
		b = appendIntMember(b, "low", int64(a.Params.LowMag))
		b = appendIntMember(b, "high", int64(a.Params.HighMag))
		b = append(appendIntMember(b, "steps", int64(a.Params.Steps)), '}')
	}
	b = append(appendKey(b, "tuples"), '[')
	for _, t := range agg.Tuples(j.ao, a) {
		b = append(appendComma(b), '{')
		b = append(appendKey(b, "keys"), '[')
		for k := range t.Keys {
			b = j.appendValue(appendComma(b), &t.Keys[k])
		}
		b = append(b, ']')
		data := t.Entries[0].Data
		if a.IsHistogram() {
			b = append(appendKey(b, "buckets"), '[')
			for _, bk := range a.Buckets(data) {
				b = append(appendComma(b), '{')
				b = appendIntMember(b, "min", bk.Min)
				b = appendIntMember(b, "max", bk.Max)
				b = append(appendIntMember(b, "count", bk.Count), '}')
			}
			b = append(b, ']')
		} else {
			r := a.Result(data)
			b = j.appendValue(appendKey(b, "value"), &r)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendValue appends a traced value: integers as numbers, strings as
// strings, and the others as objects whose first member names their kind.
// It takes the value by pointer: a Value is 128 bytes, and copying it
// costs as much as appending an integer or a string, which most are.
func (j *JSON) appendValue(b []byte, v *format.Value) []byte {
	switch v.Kind {
	case format.KindInt:
		if v.Signed {
			return strconv.AppendInt(b, v.Int64(), 10)
		}
		return strconv.AppendUint(b, v.Uint64(), 10)
	case format.KindString:
		return appendString(b, v.Str)
	case format.KindFloat:
		return appendFloat(b, v.Float)
	case format.KindBytes:
		b = appendStringMember(append(b, '{'), "bytes", hex.EncodeToString(v.Bytes))
		return append(b, '}')
	case format.KindStack, format.KindUStack:
		b = append(b, '{')
		name := "stack"
		if v.Kind == format.KindUStack {
			name = "ustack"
		}
		b = append(appendKey(b, name), '[')
		truncated := false
		for _, pc := range v.Frames {
			if pc == 0 {
				break
			}
			if v.Kind == format.KindUStack && pc == format.FrameTruncated {
				truncated = true
				break
			}
			b = append(appendComma(b), '{')
			b = append(j.appendFrame(b, *v, pc, true), '}')
		}
		b = append(b, ']')
		if truncated {
			b = append(appendKey(b, "truncated"), "true"...)
		}
		if v.Kind == format.KindUStack {
			b = appendIntMember(b, "pid", int64(v.Pid))
		}
		return append(b, '}')
	case format.KindSym, format.KindMod, format.KindUSym, format.KindUMod:
		b = append(b, '{')
		s, ok := lookup(j.p.Sym, *v, v.Bits)
		switch v.Kind {
		case format.KindSym:
			b = appendStringMember(b, "sym", funcText(s, ok, v.Bits))
		case format.KindUSym:
			b = appendStringMember(b, "usym", funcText(s, ok, v.Bits))
		case format.KindMod:
			b = appendStringMember(b, "mod", keyText(j.p.Sym, *v))
		default:
			b = appendStringMember(b, "umod", keyText(j.p.Sym, *v))
		}
		b = j.appendFrame(b, *v, v.Bits, false)
		if v.Kind == format.KindUSym || v.Kind == format.KindUMod {
			b = appendIntMember(b, "pid", int64(v.Pid))
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}

// appendFrame appends the members that describe a code address: the
// address, its text as DTrace prints it in stacks (with symbol), and
// the module, function and offset it resolves to.
func (j *JSON) appendFrame(b []byte, v format.Value, pc uint64, symbol bool) []byte {
	s, ok := lookup(j.p.Sym, v, pc)
	b = appendHexMember(b, "address", pc)
	if symbol {
		b = appendStringMember(b, "symbol", frameText(s, ok, pc))
	}
	if !ok {
		return b
	}
	if s.Module != "" {
		b = appendStringMember(b, "module", s.Module)
	}
	if s.Name != "" {
		b = appendStringMember(b, "name", s.Name)
		b = appendUintMember(b, "offset", pc-s.Addr)
	}
	return b
}

// Error writes an error record.
func (j *JSON) Error(e *Error) error {
	b := j.record("error")
	b = appendProbe(b, e.CPU, e.ID, e.EPID, e.Provider, e.Module, e.Function, e.Name)
	b = appendStringMember(b, "fault", e.Fault)
	if e.HasAddr {
		b = appendHexMember(b, "address", e.Addr)
	}
	b = appendIntMember(b, "pc", int64(e.PC))
	b = appendStringMember(b, "message", e.Message)
	return j.line(b)
}

// Drops writes a drops record.
func (j *JSON) Drops(d *Drops) error {
	b := j.record("drops")
	b = appendStringMember(b, "kind", d.Kind.String())
	if d.Kind == PrincipalDrops || d.Kind == AggregationDrops || d.Kind == NestedDrops {
		b = appendIntMember(b, "cpu", int64(d.CPU))
	}
	b = appendUintMember(b, "count", d.Count)
	b = appendStringMember(b, "message", d.Message)
	return j.line(b)
}

// End writes a record for each aggregation printa() has not printed, in
// ID order, then the end record.
func (j *JSON) End(e *End) error {
	for _, a := range e.Aggs.Aggregations() {
		if a.Printed {
			continue
		}
		if err := j.line(j.appendAggregation(j.record("aggregation"), a)); err != nil {
			return err
		}
	}
	b := j.record("end")
	b = appendStringMember(b, "time", e.Time.UTC().Format(time.RFC3339Nano))
	b = appendIntMember(b, "status", int64(e.Status))
	return j.line(b)
}
