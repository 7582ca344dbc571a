package output

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/pprof/profile"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/testutil"
)

// profileStart is when the runs of writeProfile start; each lasts a second.
var profileStart = time.Unix(1000, 0)

// writeProfile writes the aggregations aggs as the pprof output does at
// the end of a run, with fakeSyms for symbols, and reads the profile back.
func writeProfile(t *testing.T, aggs ...*agg.Aggregation) *profile.Profile {
	t.Helper()
	var set agg.Set
	for _, x := range aggs {
		set.Declare(x)
	}
	path := filepath.Join(t.TempDir(), "p.pb.gz")
	w := NewPprof(path)
	if err := w.Start(&Start{Time: profileStart, Symbols: fakeSyms{}}); err != nil {
		t.Fatal(err)
	}
	if err := w.End(&End{Time: profileStart.Add(time.Second), Aggs: &set}); err != nil {
		t.Fatal(err)
	}
	return testutil.ReadProfile(t, path)
}

func TestPprof(t *testing.T) {
	// @ counts kernel stacks; @b sums by execname, kernel and user stack;
	// @q is a distribution and @n has no stack: neither is profiled.
	a := agg.New(1, "", agg.Count, agg.Params{})
	a.Merge(0, []int64{2}, stack(0x1010, 0x9000))
	a.Merge(1, []int64{3}, stack(0x1010, 0x9000))
	b := agg.New(2, "b", agg.Sum, agg.Params{})
	b.Merge(0, []int64{100}, format.String("bash"), stack(0x1020), format.Value{Kind: format.KindUStack, Pid: 7, Frames: []uint64{0x410, 0x420, 0}}, format.Int(-3, 4))
	q := agg.New(3, "q", agg.Quantize, agg.Params{})
	q.Merge(0, make([]int64, agg.QuantizeBuckets), stack(0x1010))
	n := agg.New(4, "n", agg.Count, agg.Params{})
	n.Merge(0, []int64{1}, format.String("x"))
	p := writeProfile(t, a, b, q, n)
	var types []string
	for _, st := range p.SampleType {
		types = append(types, st.Type+"/"+st.Unit)
	}
	if got := strings.Join(types, " "); got != "count/count b/" || p.DefaultSampleType != "count" {
		t.Errorf("sample types %s, default %s", got, p.DefaultSampleType)
	}
	if p.TimeNanos != profileStart.UnixNano() || p.DurationNanos != int64(time.Second) {
		t.Errorf("time %d, duration %d", p.TimeNanos, p.DurationNanos)
	}
	var samples []string
	for _, s := range p.Sample {
		var frames []string
		for _, l := range s.Location {
			name := "?"
			if len(l.Line) == 1 {
				name = l.Line[0].Function.Name
			}
			mod := ""
			if l.Mapping != nil {
				mod = l.Mapping.File
			}
			frames = append(frames, name+"@"+mod+"#"+strings.TrimPrefix(hexAddr(l.Address), "0x"))
		}
		samples = append(samples, strings.Join(frames, " ")+" "+fmt.Sprint(s.Value)+" "+fmtLabels(s))
	}
	want := []string{
		"vmlinux`f@vmlinux#1010 ?@#9000 [5 0] ",
		"vmlinux`f@vmlinux#1020 libc.so.6`g@libc.so.6#410 libc.so.6`g@libc.so.6#420 [0 100] key0=bash key3=-3",
	}
	if !slices.Equal(samples, want) {
		t.Errorf("samples\n%s\nwant\n%s", strings.Join(samples, "\n"), strings.Join(want, "\n"))
	}
	// One function per symbol, one mapping per module, the kernel's
	// first, spanning the addresses seen.
	if len(p.Function) != 2 || len(p.Mapping) != 2 {
		t.Fatalf("%d functions, %d mappings", len(p.Function), len(p.Mapping))
	}
	if m := p.Mapping[0]; m.File != "vmlinux" || m.Start != 0x1010 || m.Limit != 0x1021 || !m.HasFunctions {
		t.Errorf("kernel mapping %+v", *m)
	}
}

func fmtLabels(s *profile.Sample) string {
	var l []string
	for k, v := range s.Label {
		l = append(l, k+"="+strings.Join(v, ","))
	}
	for k, v := range s.NumLabel {
		l = append(l, fmt.Sprintf("%s=%d", k, v[0]))
	}
	slices.Sort(l)
	return strings.Join(l, " ")
}

// TestPprofTruncated: a user stack the unwinder marked truncated ends in
// a location of the function [truncated], without address or mapping.
func TestPprofTruncated(t *testing.T) {
	a := agg.New(1, "", agg.Count, agg.Params{})
	a.Merge(0, []int64{4}, format.Value{Kind: format.KindUStack, Pid: 7, Frames: []uint64{0x410, format.FrameTruncated, 0}})
	a.Merge(0, []int64{2}, format.Value{Kind: format.KindUStack, Pid: 8, Frames: []uint64{0x420, format.FrameTruncated, 0}})
	p := writeProfile(t, a)
	// Both samples end in the one location of the mark.
	if len(p.Sample) != 2 || len(p.Sample[0].Location) != 2 || len(p.Sample[1].Location) != 2 {
		t.Fatalf("samples %v, want two of 2 locations", p.Sample)
	}
	l := p.Sample[0].Location[1]
	if l.Address != 0 || l.Mapping != nil || len(l.Line) != 1 || l.Line[0].Function.Name != format.TruncatedText {
		t.Errorf("last location %+v, want the function %s", *l, format.TruncatedText)
	}
	if p.Sample[1].Location[1] != l || len(p.Location) != 3 {
		t.Errorf("%d locations, want the mark's shared", len(p.Location))
	}
}
