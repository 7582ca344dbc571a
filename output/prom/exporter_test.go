package prom

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/common/expfmt"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/output"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// fakeSyms resolves kernel addresses 0x1000-0x1fff to vmlinux`f and
// 0x2000-0x2fff to vmlinux`g, and user addresses to libc.so.6`h at 0x400.
type fakeSyms struct{}

func (fakeSyms) Kernel(addr uint64) (format.Symbol, bool) {
	switch {
	case addr >= 0x1000 && addr < 0x2000:
		return format.Symbol{Module: "vmlinux", Name: "f", Addr: 0x1000}, true
	case addr >= 0x2000 && addr < 0x3000:
		return format.Symbol{Module: "vmlinux", Name: "g", Addr: 0x2000}, true
	}
	return format.Symbol{}, false
}

func (fakeSyms) User(pid int, addr uint64) (format.Symbol, bool) {
	return format.Symbol{Module: "libc.so.6", Name: "h", Addr: 0x400}, true
}

func stack(frames ...uint64) format.Value {
	return format.Value{Kind: format.KindStack, Frames: frames}
}

// program is a fake run: aggregations, as the session would describe and
// snapshot them.
type program struct {
	descs []output.AggDesc
	aggs  []*agg.Aggregation
}

func (p *program) add(a *agg.Aggregation, keys int, lowered bool) *agg.Aggregation {
	p.descs = append(p.descs, output.AggDesc{ID: a.ID, Name: a.Name, Func: a.Func, Keys: keys, Lowered: lowered})
	p.aggs = append(p.aggs, a)
	return a
}

func (p *program) start() *output.Start {
	return &output.Start{Symbols: fakeSyms{}, Aggs: p.descs, Snapshot: func() ([]*agg.Aggregation, error) {
		out := make([]*agg.Aggregation, len(p.aggs))
		for i, a := range p.aggs {
			out[i] = a.Snapshot()
		}
		return out, nil
	}}
}

// every returns a program with an aggregation of each function, keys of
// every kind, and names that clash.
func every(t *testing.T) *program {
	p := &program{}
	// @calls[string, int]: strings with quotes, backslashes, newlines,
	// bytes that are not UTF-8 (which then read as another key's text:
	// the two add up), negative numbers.
	c := p.add(agg.New(1, "calls", agg.Count, agg.Params{}), 2, false)
	c.Merge(0, []int64{3}, format.String(`say "hi"\n`), format.Int(-1, 4))
	c.Merge(1, []int64{4}, format.String("two\nlines"), format.Uint(1<<63, 8))
	c.Merge(0, []int64{1}, format.String("bad\xffutf8"), format.Int(0, 4))
	c.Merge(0, []int64{2}, format.String("bad\xfeutf8"), format.Int(0, 4))
	// @bytes: sum() of a cleared aggregation is a gauge; sums may be
	// negative.
	s := p.add(agg.New(2, "bytes", agg.Sum, agg.Params{}), 1, true)
	s.Merge(0, []int64{-4096}, format.String("read"))
	s.Merge(0, []int64{100}, format.String("write"))
	// @: a counter without keys, dtrace_agg_total; @agg then takes its
	// ID: dtrace_agg would be @'s family name in OpenMetrics.
	p.add(agg.New(3, "", agg.Count, agg.Params{}), 0, false).Merge(0, []int64{42})
	p.add(agg.New(4, "agg", agg.Max, agg.Params{}), 0, false).Merge(0, []int64{-7})
	mn := p.add(agg.New(5, "least", agg.Min, agg.Params{}), 1, false)
	mn.Merge(0, []int64{-3}, format.Value{Kind: format.KindSym, Bits: 0x1004})
	mn.Merge(1, []int64{9}, format.Value{Kind: format.KindSym, Bits: 0x1008}) // vmlinux`f too
	mn.Merge(0, []int64{5}, format.Value{Kind: format.KindMod, Bits: 0x2004})
	av := p.add(agg.New(6, "mean", agg.Avg, agg.Params{}), 1, false)
	av.Merge(0, []int64{4, 10}, format.Value{Kind: format.KindUAddr, Pid: 9, Bits: 0x410})
	sd := p.add(agg.New(7, "spread", agg.Stddev, agg.Params{}), 1, false)
	sd.Add(2, 1, format.Value{Kind: format.KindUSym, Pid: 9, Bits: 0x404})
	sd.Add(4, 1, format.Value{Kind: format.KindUSym, Pid: 9, Bits: 0x404})
	sd.Add(4, 1, format.Value{Kind: format.KindUSym, Pid: 9, Bits: 0x404})
	sd.Add(4, 1, format.Value{Kind: format.KindUSym, Pid: 9, Bits: 0x404})
	// Distributions, negative values included.
	q := p.add(agg.New(8, "sizes", agg.Quantize, agg.Params{}), 1, false)
	for _, v := range []int64{-5, 0, 1, 3, 3, 1000, 1 << 62} {
		q.Add(v, 1, format.String("x"))
	}
	lp, err := agg.LQuantizeParams(0, 100, 25)
	if err != nil {
		t.Fatal(err)
	}
	lq := p.add(agg.New(9, "pct", agg.LQuantize, lp), 0, false)
	for _, v := range []int64{-1, 10, 30, 30, 99, 100, 500} {
		lq.Add(v, 1)
	}
	llp, err := agg.LLQuantizeParams(10, 0, 2, 10)
	if err != nil {
		t.Fatal(err)
	}
	llq := p.add(agg.New(10, "lat", agg.LLQuantize, llp), 0, false)
	for _, v := range []int64{0, 7, 15, 250, 5000} {
		llq.Add(v, 2)
	}
	// A normalized distribution: counts divided as printa() divides them.
	nq := p.add(agg.New(11, "norm", agg.Quantize, agg.Params{}), 0, true)
	nq.Add(8, 10, nil...)
	nq.Normalize(4)
	// Stacks: folded, root first, cut to the innermost 2 frames (the
	// exporterframes of the test), so that the last two read the same.
	st := p.add(agg.New(12, "stacks", agg.Count, agg.Params{}), 2, false)
	st.Merge(0, []int64{1}, stack(0x1010, 0x2020, 0x9000, 0), format.Value{Kind: format.KindUStack, Pid: 9, Frames: []uint64{0x410, 0x420}})
	st.Merge(0, []int64{2}, stack(0x1010, 0x2020, 0xa000), format.Value{Kind: format.KindUStack, Pid: 9, Frames: []uint64{0x410}})
	st.Merge(0, []int64{5}, stack(0x1010, 0x2020, 0xb000), format.Value{Kind: format.KindUStack, Pid: 9, Frames: []uint64{0x410}})
	// A metric name needing no sanitising, and memory keys in hex.
	m := p.add(agg.New(13, "Mixed_Case9", agg.Count, agg.Params{}), 1, false)
	m.Merge(0, []int64{1}, format.Bytes([]byte{0xde, 0xad, 0, 1}))
	return p
}

func newOptions(t *testing.T, args ...string) *option.Options {
	t.Helper()
	o := option.New()
	for _, a := range args {
		if err := o.SetArg(a); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

// gather returns the exposition of e's own metrics in format f.
func gather(t *testing.T, e *Exporter, f expfmt.Format) string {
	t.Helper()
	reg := prometheus.NewPedanticRegistry()
	reg.MustRegister(e)
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := expfmt.NewEncoder(&b, f)
	for _, mf := range mfs {
		if err := enc.Encode(mf); err != nil {
			t.Fatal(err)
		}
	}
	if c, ok := enc.(expfmt.Closer); ok {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	testutil.Golden(t, filepath.Join("testdata", name), []byte(got), *update)
}

// exporter returns an exporter on a loopback port, closed with the test.
func exporter(t *testing.T, args ...string) *Exporter {
	t.Helper()
	e, err := Listen("127.0.0.1:0", newOptions(t, args...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func TestExposition(t *testing.T) {
	e := exporter(t, "exporterframes=2", "exporterlabels=calls:name,n", "exporterlabels=stacks:kstack,ustack")
	p := every(t)
	if err := e.Start(p.start()); err != nil {
		t.Fatal(err)
	}
	e.Error(&output.Error{})
	e.Drops(&output.Drops{Kind: output.PrincipalDrops, CPU: 0, Count: 3})
	e.Drops(&output.Drops{Kind: output.PrincipalDrops, CPU: 1, Count: 4})
	e.Drops(&output.Drops{Kind: output.AggregationDrops, CPU: 1, Count: 1})
	golden(t, "every.prom", gather(t, e, expfmt.NewFormat(expfmt.TypeTextPlain)))
	golden(t, "every.om", gather(t, e, expfmt.NewFormat(expfmt.TypeOpenMetrics)))
}

// TestNegotiation scrapes over HTTP: the text format by default,
// OpenMetrics when asked for; /healthz says whether tracing runs.
func TestNegotiation(t *testing.T) {
	e := exporter(t)
	base := "http://" + e.Addr().String()
	if code, body := get(t, base+"/healthz", ""); code != http.StatusServiceUnavailable || body != "starting\n" {
		t.Errorf("/healthz before Start: %d %q", code, body)
	}
	if code, body := get(t, base+"/metrics", ""); code != 200 || !strings.Contains(body, "dtrace_errors_total 0\n") || strings.Contains(body, "dtrace_calls") {
		t.Errorf("/metrics before Start: %d\n%s", code, body)
	}
	p := &program{}
	p.add(agg.New(1, "calls", agg.Count, agg.Params{}), 1, false).Merge(0, []int64{7}, format.String("sh"))
	if err := e.Start(p.start()); err != nil {
		t.Fatal(err)
	}
	if code, body := get(t, base+"/healthz", ""); code != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	for _, tc := range []struct{ accept, ctype, has string }{
		{"", "text/plain; version=0.0.4", "# TYPE dtrace_calls_total counter\ndtrace_calls_total{k0=\"sh\"} 7\n"},
		{"application/openmetrics-text; version=1.0.0", "application/openmetrics-text; version=1.0.0",
			"# TYPE dtrace_calls counter\ndtrace_calls_total{k0=\"sh\"} 7.0\n"},
	} {
		req, _ := http.NewRequest("GET", base+"/metrics", nil)
		if tc.accept != "" {
			req.Header.Set("Accept", tc.accept)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, tc.ctype) || !strings.Contains(string(body), tc.has) {
			t.Errorf("Accept %q: Content-Type %q, body lacks %q:\n%s", tc.accept, ct, tc.has, body)
		}
		if !strings.Contains(string(body), "process_resident_memory_bytes") {
			t.Errorf("Accept %q: no process metrics", tc.accept)
		}
	}
	if err := e.End(&output.End{}); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("the exporter still serves after End")
	}
}

func get(t *testing.T, url, accept string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func TestListenErrors(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	for _, tc := range []struct{ addr, want string }{
		{busy.Addr().String(), "exporter: cannot listen on '" + busy.Addr().String() + "': listen tcp " + busy.Addr().String() + ": bind: address already in use"},
		{"127.0.0.1:70000", "exporter: cannot listen on '127.0.0.1:70000': listen tcp: address 70000: invalid port"},
		{"9464", "exporter: address '9464' is not host:port"},
		{"", "exporter: address '' is not host:port"},
	} {
		e, err := Listen(tc.addr, nil)
		if err == nil {
			e.Close()
			t.Errorf("%q: no error", tc.addr)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%q: %v, want %s", tc.addr, err, tc.want)
		}
	}
}

func TestStartErrors(t *testing.T) {
	p := &program{}
	p.add(agg.New(1, "calls", agg.Count, agg.Params{}), 1, false)
	p.add(agg.New(2, "lat", agg.Quantize, agg.Params{}), 2, false)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"exporterlabels=calls:a,b"}, "exporterlabels: @calls has 1 key, 2 names given"},
		{[]string{"exporterlabels=nosuch:a"}, "exporterlabels: the program has no aggregation @nosuch"},
		{[]string{"exporterlabels=lat:le"}, "exporterlabels: label le of @lat: a histogram's buckets have it"},
		{[]string{"exporterlabels=lat:a,a"}, "exporterlabels: label a of @lat given twice"},
		{[]string{"exporterlabels=lat:k1"}, "exporterlabels: label k1 of @lat given twice"},
		{[]string{"exporterlabels=calls:__name"}, "exporterlabels: label __name of @calls: names starting with __ are Prometheus's"},
	} {
		e := exporter(t, tc.args...)
		if err := e.Start(p.start()); err == nil || err.Error() != tc.want {
			t.Errorf("%v: %v, want %s", tc.args, err, tc.want)
		}
	}
	e := exporter(t)
	if err := e.Start(&output.Start{}); !errors.Is(err, ErrNoAggregation) {
		t.Errorf("no aggregation: %v", err)
	}
	_, err := Listen("127.0.0.1:0", newOptions(t, "exporterlabels=calls:a", "exporterlabels=calls:b"))
	if err == nil || err.Error() != "exporterlabels: @calls is named twice" {
		t.Errorf("@calls named twice: %v", err)
	}
	for _, bad := range []string{"calls", "calls:", "calls:a,", "1x:a", "calls:a b", "calls:a-b"} {
		if err := option.New().SetArg("exporterlabels=" + bad); !errors.Is(err, option.ErrBadValue) {
			t.Errorf("exporterlabels=%s: %v", bad, err)
		}
	}
}

// TestSlowScraper holds a scrape's response unread: the server cuts it
// off after its write timeout, and other scrapes are served meanwhile.
func TestSlowScraper(t *testing.T) {
	e, err := listen("127.0.0.1:0", nil, time.Second, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	p := &program{}
	a := p.add(agg.New(1, "big", agg.Count, agg.Params{}), 1, false)
	// Some megabytes, more than the sockets' buffers hold.
	for i := range 50000 {
		a.Merge(0, []int64{1}, format.String(fmt.Sprintf("%0100d", i)))
	}
	if err := e.Start(p.start()); err != nil {
		t.Fatal(err)
	}
	c, err := net.Dial("tcp", e.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// The client reads nothing until the server has given up: its socket
	// buffers (the kernel's defaults) hold far less than the response.
	fmt.Fprintf(c, "GET /metrics HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n")
	time.Sleep(100 * time.Millisecond)
	if code, body := get(t, "http://"+e.Addr().String()+"/healthz", ""); code != 200 || body != "ok\n" {
		t.Errorf("/healthz beside a slow scrape: %d %q", code, body)
	}
	// Once cut off, the connection ends before the whole response came.
	time.Sleep(time.Second)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	n, err := io.Copy(io.Discard, c)
	if err != nil && !errors.Is(err, syscall.ECONNRESET) {
		t.Fatalf("reading the slow scrape: %v", err)
	}
	full := gather(t, e, expfmt.NewFormat(expfmt.TypeTextPlain))
	if n >= int64(len(full)) {
		t.Errorf("the slow scrape read %d bytes of %d: not cut off", n, len(full))
	}
}
