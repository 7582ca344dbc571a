package session

import (
	"encoding/binary"
	"io"
	"testing"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/output"
)

// oneFormat is a program whose one printf format is text.
func oneFormat(tb testing.TB, text string) *cg.Program {
	convs, err := format.Parse(text)
	if err != nil {
		tb.Fatal(err)
	}
	return &cg.Program{Formats: []cg.Format{{Text: text, Convs: convs}}}
}

// traceRecord is a record of "syscall::read:entry { trace(pid);
// printf("%d %s\n", fd, execname); }", as the BPF side writes it.
func traceRecord(tb testing.TB) (*cg.Program, consume.Record) {
	prog := oneFormat(tb, "%d %s\n")
	stmt := &bpfrt.Stmt{DataSize: 32, Recs: []bpfrt.RecDesc{
		{Action: cg.ActTrace, Offset: 0, Size: 8, Arg: uint64(cg.KindInt)},
		{Action: cg.ActPrintf, Format: 0, Arg: 2},
		{Action: cg.ActArg, Offset: 8, Size: 8, Arg: uint64(cg.KindInt)},
		{Action: cg.ActArg, Offset: 16, Size: 16, Arg: uint64(cg.KindString)},
	}}
	data := make([]byte, 32)
	binary.NativeEndian.PutUint64(data, 4242)
	binary.NativeEndian.PutUint64(data[8:], 3)
	copy(data[16:], "bash")
	ep := &bpfrt.EPDesc{EPID: 1, ProbeID: 1234, ProbeName: "syscall:vmlinux:read:entry", Stmt: stmt}
	return prog, consume.Record{CPU: 1, EP: ep, Data: data}
}

func TestTextRecord(t *testing.T) {
	prog, rec := traceRecord(t)
	var out writerFunc
	d := newDecoder(prog, nil, symbols{}, output.NewText(nil, &out, io.Discard), output.NewEffects(output.NewDestination(&out), io.Discard))
	if err := d.Record(rec); err != nil {
		t.Fatal(err)
	}
	want := "CPU     ID                    FUNCTION:NAME\n  1   1234                       read:entry                 42423 bash\n\n"
	if string(out) != want {
		t.Errorf("got %q\nwant %q", out, want)
	}
}

type writerFunc []byte

func (w *writerFunc) Write(b []byte) (int, error) {
	*w = append(*w, b...)
	return len(b), nil
}

// BenchmarkTextRecord measures a record's way from the buffer to the text
// output: decoding, then printing.
func BenchmarkTextRecord(b *testing.B) {
	prog, rec := traceRecord(b)
	d := newDecoder(prog, nil, symbols{}, output.NewText(nil, io.Discard, io.Discard), output.NewEffects(output.NewDestination(io.Discard), io.Discard))
	b.ReportAllocs()
	for b.Loop() {
		if err := d.Record(rec); err != nil {
			b.Fatal(err)
		}
	}
}

// printfRecord is a record of `printf("%s %d %d %d\n", execname, arg0,
// arg1, pid)`, the string and three integers of bench/README.md's
// records a second, with execname's 16 bytes.
func printfRecord(tb testing.TB) (*cg.Program, consume.Record) {
	prog := oneFormat(tb, "%s %d %d %d\n")
	stmt := &bpfrt.Stmt{DataSize: 40, Recs: []bpfrt.RecDesc{
		{Action: cg.ActPrintf, Format: 0, Arg: 4},
		{Action: cg.ActArg, Offset: 0, Size: 16, Arg: uint64(cg.KindString)},
		{Action: cg.ActArg, Offset: 16, Size: 8, Arg: uint64(cg.KindInt)},
		{Action: cg.ActArg, Offset: 24, Size: 8, Arg: uint64(cg.KindInt)},
		{Action: cg.ActArg, Offset: 32, Size: 4, Arg: uint64(cg.KindInt)},
	}}
	data := make([]byte, 40)
	copy(data, "sysloop")
	binary.NativeEndian.PutUint64(data[16:], 123456)
	binary.NativeEndian.PutUint64(data[24:], 1<<40)
	binary.NativeEndian.PutUint32(data[32:], 4242)
	ep := &bpfrt.EPDesc{EPID: 1, ProbeID: 1234, ProbeName: "syscall:vmlinux:getppid:entry", Stmt: stmt}
	return prog, consume.Record{CPU: 1, EP: ep, Data: data}
}

// benchRecord measures a record's way from the buffer to w, written
// through a Destination as a run writes it.
func benchRecord(b *testing.B, w func(opts output.Options, d *output.Destination) output.Writer) {
	prog, rec := printfRecord(b)
	opts := option.New()
	if err := opts.SetArg("quiet"); err != nil {
		b.Fatal(err)
	}
	dst := output.NewDestination(io.Discard)
	d := newDecoder(prog, nil, symbols{}, w(opts, dst), output.NewEffects(dst, io.Discard))
	b.ReportAllocs()
	for b.Loop() {
		if err := d.Record(rec); err != nil {
			b.Fatal(err)
		}
	}
	d.Flush()
}

// BenchmarkPrintfRecordText is printfRecord decoded and printed as text
// (dtrace -q).
func BenchmarkPrintfRecordText(b *testing.B) {
	benchRecord(b, func(opts output.Options, d *output.Destination) output.Writer {
		return output.NewText(opts, d, io.Discard)
	})
}

// BenchmarkPrintfRecordJSON is printfRecord decoded and written as a JSON
// line (-x oformat=json).
func BenchmarkPrintfRecordJSON(b *testing.B) {
	benchRecord(b, func(opts output.Options, d *output.Destination) output.Writer { return output.NewJSON(opts, d) })
}
