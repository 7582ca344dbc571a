package output

import (
	"fmt"
	"io"
	"math"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
)

// Text is the Writer of dtrace(8)'s output: probe lines and the actions'
// text on stdout, faults and drops on stderr, as DTrace prints them.
type Text struct {
	out     io.Writer
	stderr  io.Writer
	p       *format.Printer
	ao      *agg.Options
	opts    Options
	quiet   bool
	flow    *format.Flow // the flowindent layout, nil without it
	folded  bool         // stack aggregations in the folded format
	tags    bool         // drop messages name their kind (droptags)
	started bool         // the probe line header was printed
	// NoIDs leaves the CPU and probe ID columns out of probe lines, as
	// dtrace(8) does when testing (_DTRACE_TESTING): they vary from run
	// to run. Set before the first record.
	NoIDs bool
	buf   []byte
}

// NewText returns the text Writer under opts (quiet, flowindent, the
// aggregation options, and stackformat=folded). For freopen() to move its
// output, stdout is the run's Destination.
func NewText(opts Options, stdout, stderr io.Writer) *Text {
	t := &Text{out: stdout, stderr: stderr, p: format.NewPrinter(), opts: opts}
	t.quiet = optBool(opts, "quiet")
	if optBool(opts, "flowindent") {
		t.flow = &format.Flow{}
	}
	t.folded = optText(opts, "stackformat") == "folded"
	t.tags = optBool(opts, "droptags")
	t.p.Quiet = t.quiet
	t.p.NoResolve = optBool(opts, "noresolve")
	t.p.RawBytes = optBool(opts, "rawbytes")
	if opts != nil {
		if v, ok := opts.Value("stackindent"); ok && v >= 0 && v <= math.MaxInt32 {
			t.p.StackIndent = int(v)
		}
	}
	t.ao = aggOptions(opts)
	t.ao.Printer = t.p
	return t
}

// Start takes the run's symbols.
func (t *Text) Start(s *Start) error {
	t.p.Sym = s.Symbols
	return nil
}

// Probe prints one firing: the probe line unless quiet, then each
// action's output.
func (t *Text) Probe(r *Probe) error {
	b := t.buf[:0]
	if !t.quiet {
		if !t.started {
			b = format.AppendProbeHeader(b, t.flow != nil, t.NoIDs)
			t.started = true
		}
		switch {
		case t.flow != nil:
			t.flow.NoCPU = t.NoIDs
			b = t.flow.AppendLine(b, format.FlowProbe{CPU: r.CPU, EPID: r.EPID, ProbeID: r.ID, Provider: r.Provider, Function: r.Function, Name: r.Name})
		case t.NoIDs:
			b = format.AppendProbeName(b, r.Function, r.Name)
		default:
			b = format.AppendProbeLine(b, r.CPU, r.ID, r.Function, r.Name)
		}
	}
	var err error
	for i := range r.Actions {
		a := &r.Actions[i]
		switch a.Kind {
		case Trace:
			b = t.p.AppendTrace(b, a.Value)
		case Printf:
			if b, err = t.p.Append(b, a.Format.Convs, a.Args, nil); err != nil {
				t.flush(b)
				return fmt.Errorf("printf(): %w", err)
			}
		case Print:
			b = t.print(b, a)
		case Printa:
			if b, err = t.printa(b, a); err != nil {
				t.flush(b)
				return err
			}
		case Setopt:
			t.setopt(a.Option)
		case System, Freopen, Ftruncate:
			// What came before goes where the output went until now;
			// the run then carries the action out.
			if r.Effect == nil {
				break
			}
			if err := t.flush(b); err != nil {
				return err
			}
			if err := r.Effect(i); err != nil {
				return err
			}
			b = t.buf[:0]
		}
	}
	b = t.p.AppendProbeEnd(b)
	return t.flush(b)
}

func (t *Text) printa(b []byte, a *Action) ([]byte, error) {
	if a.Format != nil {
		return agg.PrintaFormat(b, t.ao, a.Format.Convs, a.Aggs...)
	}
	if t.folded && foldable(a.Aggs) {
		// Quiet, the lines are all folded stacks, as flame-graph tools
		// want them; else they start on a line of their own.
		if !t.quiet {
			b = append(b, '\n')
		}
		return appendFolded(b, t.p.Sym, a.Aggs[0]), nil
	}
	return agg.Printa(b, t.ao, a.Aggs...), nil
}

// print appends the output of print(): of a pointer to a struct or
// union with the bytes it points to, or of a value.
func (t *Text) print(b []byte, a *Action) []byte {
	if !t.quiet {
		b = append(b, '\n')
	}
	switch {
	case a.Deref:
		return format.AppendPrint(b, a.Type, a.Addr, true, a.Value.Bytes, printSize(t.opts))
	case a.Value.Kind == format.KindString:
		return t.p.AppendTrace(b, a.Value)
	case a.Value.Bytes == nil:
		return b
	}
	return format.AppendPrint(b, a.Type, 0, false, a.Value.Bytes, printSize(t.opts))
}

// setopt applies setopt(): the output options take effect from the next
// output on; options that only matter when compiling or starting are left
// alone, as DTrace lets them be.
func (t *Text) setopt(text string) {
	if applySetopt(t.opts, text) {
		t.quiet = optBool(t.opts, "quiet")
		t.p.Quiet = t.quiet
		readAggOptions(t.ao, t.opts)
		return
	}
	name, on := setopt(text)
	if name == "quiet" {
		t.quiet, t.p.Quiet = on, on
		return
	}
	setAggOption(t.ao, name, on)
}

func (t *Text) flush(b []byte) error {
	t.buf = b[:0]
	if _, err := t.out.Write(b); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// Error reports a fault on stderr as DTrace does, after what was
// printed before it.
func (t *Text) Error(e *Error) error {
	if err := flushOut(t.out); err != nil {
		return err
	}
	_, err := fmt.Fprintf(t.stderr, "dtrace: %s\n", e.Message)
	return err
}

// flushOut flushes w when it buffers (a Destination), so that a message
// on standard error comes after the output printed before it.
func flushOut(w io.Writer) error {
	if f, ok := w.(interface{ Flush() error }); ok {
		return f.Flush()
	}
	return nil
}

// Drops reports lost records on stderr.
func (t *Text) Drops(d *Drops) error {
	if err := flushOut(t.out); err != nil {
		return err
	}
	tag := ""
	if t.tags {
		tag = "[" + d.Kind.Tag() + "] "
	}
	_, err := fmt.Fprintf(t.stderr, "dtrace: %s%s\n", tag, d.Message)
	return err
}

// End prints what a run prints when it ends: the aggregations not
// printed yet.
func (t *Text) End(e *End) error {
	var err error
	if t.folded {
		err = t.flush(appendFoldedEnd(t.buf[:0], t.p, t.ao, e.Aggs))
	} else {
		err = t.flush(e.Aggs.End(t.buf[:0], t.ao))
	}
	return err
}
