package output

import (
	"bytes"
	"os"
	"path/filepath"
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
	tw := NewText(quietOptions{}, &text, os.Stderr)
	if err := tw.Probe(&Probe{Actions: acts}); err != nil {
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
	jw := NewJSON(nil, &lines)
	if err := jw.Probe(&Probe{Actions: []Action{action(System, "echo from the shell"), action(Freopen, file), {Kind: Ftruncate}}}); err != nil {
		t.Fatal(err)
	}
	if err := jw.Probe(&Probe{Actions: []Action{action(Freopen, "")}}); err != nil {
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

// quietOptions sets quiet.
type quietOptions struct{}

func (quietOptions) Value(string) (int64, bool) { return 0, false }
func (quietOptions) Bool(name string) bool      { return name == "quiet" }
func (quietOptions) Text(string) string         { return "" }
