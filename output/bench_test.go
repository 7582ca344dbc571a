package output

import (
	"io"
	"testing"

	"github.com/godtrace/godtrace/format"
)

// benchProbe is a record of printf("%s %d %d %d\n", execname, ...), the
// string and three integers of the output benchmarks
// (bench/README.md).
func benchProbe(b *testing.B) *Probe {
	convs, err := format.Parse("%s %d %d %d\n")
	if err != nil {
		b.Fatal(err)
	}
	return &Probe{CPU: 1, EPID: 3, ID: 4242, Provider: "syscall", Module: "vmlinux", Function: "getppid", Name: "entry",
		Actions: []Action{{Kind: Printf, Format: &Format{Text: "%s %d %d %d\n", Convs: convs},
			Args: []format.Value{format.String("sysloop"), format.Int(123456, 8), format.Int(-1, 8), format.Int(98765, 4)}}}}
}

// benchWrite times w's writing of the record p through d, as a run
// writes its records: the loop of the writer benchmarks.
func benchWrite(b *testing.B, d *Destination, w Writer, p *Probe) {
	b.ReportAllocs()
	for b.Loop() {
		if err := w.Probe(p); err != nil {
			b.Fatal(err)
		}
	}
	d.Flush()
}

// BenchmarkTextPrintf is the text writer's cost of one printf() record,
// written through a Destination as a run writes it: no allocation.
func BenchmarkTextPrintf(b *testing.B) {
	p := benchProbe(b)
	d := NewDestination(io.Discard)
	t := NewText(nil, d, io.Discard)
	t.quiet, t.p.Quiet = true, true
	benchWrite(b, d, t, p)
}

// BenchmarkTextTrace is trace() of an integer with the probe line
// (dtrace without -q).
func BenchmarkTextTrace(b *testing.B) {
	p := &Probe{CPU: 1, EPID: 3, ID: 4242, Provider: "syscall", Module: "vmlinux", Function: "getppid", Name: "entry",
		Actions: []Action{{Kind: Trace, Value: format.Int(98765, 4)}}}
	d := NewDestination(io.Discard)
	t := NewText(nil, d, io.Discard)
	benchWrite(b, d, t, p)
}

// BenchmarkJSONPrintf is BenchmarkTextPrintf's record as a JSON line
// (oformat=json): the probe, the format, its text and the arguments.
func BenchmarkJSONPrintf(b *testing.B) {
	p := benchProbe(b)
	d := NewDestination(io.Discard)
	j := NewJSON(nil, d)
	benchWrite(b, d, j, p)
}
