package output

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/format"
)

// TestEffects checks system(), freopen() and ftruncate() through both
// writers: the command's output and the file's content in their place
// among the records.
func TestEffects(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out")
	action := func(kind ActionKind, text string) Action {
		convs, err := format.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		return Action{Kind: kind, Format: &Format{Text: text, Convs: convs}}
	}
	printf := func(text string) Action { return action(Printf, text) }
	acts := []Action{
		printf("before\n"),
		action(System, "echo from the shell"),
		action(Freopen, file),
		printf("dropped\n"),
		{Kind: Ftruncate},
		printf("in the file\n"),
		action(Freopen, ""),
		printf("after\n"),
	}
	var text bytes.Buffer
	out := NewDestination(&text)
	fx := NewEffects(out, os.Stderr)
	tw := NewText(quietOptions{}, out, os.Stderr)
	if err := fx.Present(tw, &Probe{Actions: acts}); err != nil {
		t.Fatal(err)
	}
	// The run flushes its output at each switchrate tick and at the end.
	if err := fx.Flush(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if want := "before\nfrom the shell\nafter\n"; text.String() != want {
		t.Errorf("text output %q, want %q", text.String(), want)
	}
	if want := "in the file\n"; string(got) != want {
		t.Errorf("text into the file %q, want %q", got, want)
	}

	var lines bytes.Buffer
	out = NewDestination(&lines)
	fx = NewEffects(out, os.Stderr)
	jw := NewJSON(nil, out)
	if err := fx.Present(jw, &Probe{Actions: []Action{action(System, "echo from the shell"), action(Freopen, file), {Kind: Ftruncate}}}); err != nil {
		t.Fatal(err)
	}
	if err := fx.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := fx.Present(jw, &Probe{Actions: []Action{action(Freopen, "")}}); err != nil {
		t.Fatal(err)
	}
	recs := validLines(t, bytes.TrimSuffix(lines.Bytes(), []byte("from the shell\n")))
	if len(recs) != 1 || !bytes.Contains(lines.Bytes(), []byte(`{"action":"system","command":"echo from the shell"},{"action":"freopen","file":"`+file+`"},{"action":"ftruncate"}`)) {
		t.Errorf("JSON lines:\n%s", lines.Bytes())
	}
	if got, _ := os.ReadFile(file); !bytes.HasPrefix(got, []byte(`{"type":"probe"`)) {
		t.Errorf("the file after freopen() and ftruncate(): %q", got)
	}
}

// TestEffectsOnce checks that each effect is carried out once whatever
// presents the record: one writer, several through Tee, or callbacks that
// ask for nothing.
func TestEffectsOnce(t *testing.T) {
	dir := t.TempDir()
	count := filepath.Join(dir, "count")
	cmd := "echo ran >> " + count
	convs, err := format.Parse(cmd)
	if err != nil {
		t.Fatal(err)
	}
	xconvs, err := format.Parse("x\n")
	if err != nil {
		t.Fatal(err)
	}
	rec := func() *Probe {
		return &Probe{Actions: []Action{{Kind: Printf, Format: &Format{Text: "x\n", Convs: xconvs}}, {Kind: System, Format: &Format{Text: cmd, Convs: convs}}}}
	}
	for _, c := range []struct {
		name string
		w    func(out io.Writer) Writer
	}{
		{"text", func(out io.Writer) Writer { return NewText(quietOptions{}, out, io.Discard) }},
		{"json", func(out io.Writer) Writer { return NewJSON(nil, out) }},
		{"tee", func(out io.Writer) Writer {
			return Tee(NewText(quietOptions{}, out, io.Discard), NewJSON(nil, io.Discard), &Funcs{})
		}},
		{"funcs", func(io.Writer) Writer { return &Funcs{} }},
	} {
		os.Remove(count)
		out := NewDestination(io.Discard)
		fx := NewEffects(out, io.Discard)
		w := c.w(out)
		for range 2 {
			if err := fx.Present(w, rec()); err != nil {
				t.Fatal(err)
			}
		}
		if got, _ := os.ReadFile(count); string(got) != "ran\nran\n" {
			t.Errorf("%s: the command ran %d times for 2 records, want 2", c.name, bytes.Count(got, []byte("ran")))
		}
	}
}

// quietOptions sets quiet.
type quietOptions struct{}

func (quietOptions) Value(string) (int64, bool) { return 0, false }
func (quietOptions) Bool(name string) bool      { return name == "quiet" }
func (quietOptions) Text(string) string         { return "" }

// orderWriter notes which stream each write went to, in order.
type orderWriter struct {
	name string
	log  *[]string
}

func (w orderWriter) Write(b []byte) (int, error) {
	*w.log = append(*w.log, w.name+":"+string(b))
	return len(b), nil
}

// TestDestinationBuffers checks that the output is written at Flush, in
// one write, and that a message on standard error comes after what was
// printed before it.
func TestDestinationBuffers(t *testing.T) {
	var log []string
	out := NewDestination(orderWriter{"stdout", &log})
	tw := NewText(quietOptions{}, out, orderWriter{"stderr", &log})
	for _, text := range []string{"one\n", "two\n"} {
		convs, err := format.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := tw.Probe(&Probe{Actions: []Action{{Kind: Printf, Format: &Format{Text: text, Convs: convs}}}}); err != nil {
			t.Fatal(err)
		}
	}
	if len(log) != 0 {
		t.Fatalf("written before a flush: %q", log)
	}
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := tw.Probe(&Probe{Actions: []Action{{Kind: Trace, Value: format.Int(3, 4)}}}); err != nil {
		t.Fatal(err)
	}
	if err := tw.Drops(&Drops{Kind: PrincipalDrops, CPU: 1, Count: 2, Message: "2 drops on CPU 1"}); err != nil {
		t.Fatal(err)
	}
	want := []string{"stdout:one\ntwo\n", "stdout:3", "stderr:dtrace: 2 drops on CPU 1\n"}
	if strings.Join(log, "|") != strings.Join(want, "|") {
		t.Errorf("writes %q, want %q", log, want)
	}
	// A pipe is not a terminal: its output is buffered.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if NewDestination(w).direct {
		t.Error("a pipe is taken for a terminal")
	}
}
