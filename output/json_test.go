package output

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/jsonschema"
)

// fakeSyms resolves addresses 0x1000-0x1fff to vmlinux`f at 0x1000 and
// user addresses to libc.so.6`g at 0x400.
type fakeSyms struct{}

func (fakeSyms) Kernel(addr uint64) (format.Symbol, bool) {
	if addr >= 0x1000 && addr < 0x2000 {
		return format.Symbol{Module: "vmlinux", Name: "f", Addr: 0x1000}, true
	}
	return format.Symbol{}, false
}

func (fakeSyms) User(pid int, addr uint64) (format.Symbol, bool) {
	return format.Symbol{Module: "libc.so.6", Name: "g", Addr: 0x400}, true
}

// schema loads docs/json-output.schema.json.
func schema(t *testing.T) *jsonschema.Schema {
	s, err := jsonschema.Load(filepath.Join("..", "docs", "json-output.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// validLines checks each line of out against the schema and returns the
// decoded records.
func validLines(t *testing.T, out []byte) []map[string]any {
	t.Helper()
	lines, err := schema(t).ValidateLines(out)
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]map[string]any, len(lines))
	for i, l := range lines {
		recs[i] = l.(map[string]any)
	}
	return recs
}

func TestJSONRecords(t *testing.T) {
	var out bytes.Buffer
	j := NewJSON(nil, &out)
	count := agg.New(1, "n", agg.Count, agg.Params{})
	count.Merge(0, []int64{3}, format.String("bash"))
	count.Merge(1, []int64{4}, format.String("bash"))
	count.Merge(0, []int64{1}, format.String("sh"))
	q := agg.New(2, "", agg.Quantize, agg.Params{})
	data := make([]int64, agg.QuantizeBuckets)
	data[agg.QuantizeBucket(5)] = 2
	q.Merge(0, data, format.Value{Kind: format.KindStack, Frames: []uint64{0x1010, 0x9000, 0}})
	var set agg.Set
	set.Declare(count)
	set.Declare(q)
	count.Printed = true
	convs, err := format.Parse("%s=%d\n")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC)
	steps := []error{
		j.Start(&Start{Time: start, PID: 42, Symbols: fakeSyms{}}),
		j.Probe(&Probe{CPU: 1, EPID: 3, ID: 7, Provider: "syscall", Module: "vmlinux", Function: "read", Name: "entry", Actions: []Action{
			{Kind: Trace, Value: format.Int(-5, 4)},
			{Kind: Trace, Value: format.Uint(math.MaxUint64, 8)},
			{Kind: Trace, Value: format.String("a\"\\\n\x01\xff€")},
			{Kind: Trace, Value: format.Bytes([]byte{0, 0xab})},
			{Kind: Trace, Value: format.Float(math.NaN())},
			{Kind: Trace, Value: format.Value{Kind: format.KindSym, Bits: 0x1004}},
			{Kind: Trace, Value: format.Value{Kind: format.KindMod, Bits: 0x1004}},
			{Kind: Trace, Value: format.Value{Kind: format.KindUStack, Pid: 9, Frames: []uint64{0x410}}},
			{Kind: Trace, Value: format.Value{Kind: format.KindUStack, Pid: 9, Frames: []uint64{0x410, format.FrameTruncated, 0}}},
			{Kind: Printf, Format: &Format{Text: "%s=%d\n", Convs: convs}, Args: []format.Value{format.String("x"), format.Int(2, 4)}},
			{Kind: Printa, Aggs: []*agg.Aggregation{count.Snapshot()}},
			{Kind: Setopt, Option: "aggsortrev"},
		}}),
		j.Error(&Error{CPU: 0, EPID: 3, ID: 7, Provider: "syscall", Module: "vmlinux", Function: "read", Name: "entry",
			Fault: "invalid address", Addr: 0, HasAddr: true, PC: 12, Message: "error"}),
		j.Drops(&Drops{Kind: PrincipalDrops, CPU: 1, Count: 5, Message: "5 drops on CPU 1"}),
		j.Drops(&Drops{Kind: SpeculationBusy, CPU: -1, Count: 1, Message: "1 failed speculation"}),
		j.End(&End{Time: start, Status: 3, Aggs: &set}),
	}
	for _, err := range steps {
		if err != nil {
			t.Fatal(err)
		}
	}
	recs := validLines(t, out.Bytes())
	if !bytes.Contains(out.Bytes(), []byte(`\u0001\ufffd`)) {
		t.Errorf("control characters and bytes that are not UTF-8 are not escaped:\n%s", out.Bytes())
	}
	var types []string
	for _, r := range recs {
		types = append(types, r["type"].(string))
	}
	if got, want := types, []string{"start", "probe", "error", "drops", "drops", "aggregation", "end"}; !equalJSON(got, want) {
		t.Fatalf("record types %v, want %v\n%s", got, want, out.Bytes())
	}
	data0 := recs[1]["data"].([]any)
	for i, want := range []string{
		`{"action":"trace","value":-5}`,
		`{"action":"trace","value":18446744073709551615}`,
		`{"action":"trace","value":"a\"\\\n\u0001�€"}`,
		`{"action":"trace","value":{"bytes":"00ab"}}`,
		`{"action":"trace","value":"NaN"}`,
		`{"action":"trace","value":{"address":"0x1004","module":"vmlinux","name":"f","offset":4,"sym":"vmlinux` + "`" + `f"}}`,
		`{"action":"trace","value":{"address":"0x1004","mod":"vmlinux","module":"vmlinux","name":"f","offset":4}}`,
		`{"action":"trace","value":{"pid":9,"ustack":[{"address":"0x410","module":"libc.so.6","name":"g","offset":16,"symbol":"libc.so.6` + "`" + `g+0x10"}]}}`,
		`{"action":"trace","value":{"pid":9,"truncated":true,"ustack":[{"address":"0x410","module":"libc.so.6","name":"g","offset":16,"symbol":"libc.so.6` + "`" + `g+0x10"}]}}`,
		`{"action":"printf","args":["x",2],"format":"%s=%d\n","output":"x=2\n"}`,
		`{"action":"printa","aggregations":[{"function":"count","id":1,"name":"n","tuples":[{"keys":["sh"],"value":1},{"keys":["bash"],"value":7}]}]}`,
		`{"action":"setopt","option":"aggsortrev"}`,
	} {
		if got := canon(t, data0[i]); got != want {
			t.Errorf("action %d: %s\nwant %s", i, got, want)
		}
	}
	// The quantize() aggregation was not printed; its stack is folded
	// back to symbols, and its bucket is 4..7. The aggsortrev of setopt()
	// applies to it.
	wantAgg := `{"function":"quantize","id":2,"name":"","tuples":[{"buckets":[{"count":2,"max":7,"min":4}],"keys":[{"stack":[{"address":"0x1010","module":"vmlinux","name":"f","offset":16,"symbol":"vmlinux` + "`" + `f+0x10"},{"address":"0x9000","symbol":"0x9000"}]}]}],"type":"aggregation"}`
	if got := canon(t, recs[5]); got != wantAgg {
		t.Errorf("aggregation %s\nwant %s", got, wantAgg)
	}
	if got := canon(t, recs[6]); got != `{"status":3,"time":"2024-01-02T03:04:05.000000006Z","type":"end"}` {
		t.Errorf("end %s", got)
	}
}

// canon re-encodes a decoded value with sorted members.
func canon(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// BenchmarkJSONProbe measures a trace()+printf() record as JSON.
func BenchmarkJSONProbe(b *testing.B) {
	convs, _ := format.Parse("%d %s\n")
	p := &Probe{CPU: 1, EPID: 1, ID: 1234, Provider: "syscall", Module: "vmlinux", Function: "read", Name: "entry", Actions: []Action{
		{Kind: Trace, Value: format.Int(4242, 8)},
		{Kind: Printf, Format: &Format{Text: "%d %s\n", Convs: convs}, Args: []format.Value{format.Int(3, 8), format.String("bash")}},
	}}
	var buf bytes.Buffer
	j := NewJSON(nil, &buf)
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := j.Probe(p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestJSONDestination checks that lines appended in place to the run's
// Destination are those written through any other writer, escapes
// included, and that a record abandoned for an error leaves what the
// Destination held as it was.
func TestJSONDestination(t *testing.T) {
	convs, err := format.Parse("%s \"%d\"\t%s\n")
	if err != nil {
		t.Fatal(err)
	}
	f := &Format{Text: "%s \"%d\"\t%s\n", Convs: convs}
	probe := func(s string, n int64) *Probe {
		return &Probe{CPU: 1, EPID: 3, ID: 7, Provider: "syscall", Module: "vmlinux", Function: "read", Name: "entry",
			Actions: []Action{{Kind: Printf, Format: f, Args: []format.Value{format.String(s), format.Int(n, 8), format.String("\xff€")}},
				{Kind: Trace, Value: format.Int(n, 8)}}}
	}
	var want bytes.Buffer
	plain := NewJSON(nil, &want)
	var got bytes.Buffer
	d := NewDestination(&got)
	inPlace := NewJSON(nil, d)
	for i, s := range []string{"plain", "a\\b", "", "tab\there"} {
		if err := plain.Probe(probe(s, int64(i))); err != nil {
			t.Fatal(err)
		}
		if err := inPlace.Probe(probe(s, int64(i))); err != nil {
			t.Fatal(err)
		}
	}
	// Too few arguments: the record fails half made.
	bad := probe("x", 1)
	bad.Actions[0].Args = bad.Actions[0].Args[:1]
	if err := inPlace.Probe(bad); err == nil {
		t.Fatal("printf() with a missing argument did not fail")
	}
	if err := d.Flush(); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("in place:\n%s\nwant:\n%s", got.Bytes(), want.Bytes())
	}
	recs := validLines(t, got.Bytes())
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4:\n%s", len(recs), got.Bytes())
	}
	out := recs[3]["data"].([]any)[0].(map[string]any)["output"]
	if out != "tab\there \"3\"\t\ufffd€\n" {
		t.Errorf("output %q", out)
	}
}
