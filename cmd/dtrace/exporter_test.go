package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// freeAddr returns a loopback address with a port nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// scrape returns the metric families at addr, in the text format.
func scrape(t *testing.T, addr string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("scrape: %s\n%s", resp.Status, b)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	mfs, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return mfs
}

// waitHealthy waits until the exporter at addr says tracing runs.
func waitHealthy(t *testing.T, addr string) {
	t.Helper()
	for range 200 {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the exporter at %s never became healthy", addr)
}

// TestExporterScrape runs a script as an exporter: a scrape taken once
// its workload is done gives the counts and the distribution its own
// printa() prints at the end.
func TestExporterScrape(t *testing.T) {
	requireTracing(t)
	dir := t.TempDir()
	done := filepath.Join(dir, "done")
	work := filepath.Join(dir, "work")
	script := "#!/bin/sh\ni=0\nwhile [ $i -lt 300 ]; do echo $i >/dev/null; i=$((i+1)); done\n: >" + done + "\nexec sleep 30\n"
	if err := os.WriteFile(work, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	cmd, stdout, stderr := dtraceProcess(t, "-q", "-x", "exporter="+addr, "-x", "exporterlabels=writes:exe",
		"-n", `syscall::write:entry /pid == $target/ { @writes[execname] = count(); @size[execname] = quantize(arg2); }`,
		"-n", `END { printa("writes %s %@u\n", @writes); printa("size %s\n%@d\n", @size); }`,
		"-c", work)
	t.Cleanup(func() { cmd.Process.Kill() })
	waitHealthy(t, addr)
	for range 400 {
		if _, err := os.Stat(done); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	mfs := scrape(t, addr)
	// The end of the run kills the workload, asleep, and prints.
	cmd.Process.Signal(os.Interrupt)
	out, _ := io.ReadAll(stdout)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}

	m := regexp.MustCompile(`(?m)^writes work (\d+)$`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no count of the workload's writes in:\n%s", out)
	}
	want, _ := strconv.ParseFloat(string(m[1]), 64)
	if want < 300 {
		t.Errorf("printa counts %v writes, fewer than the script's 300", want)
	}
	writes := mfs["dtrace_writes_total"]
	if writes == nil || writes.GetType() != dto.MetricType_COUNTER || len(writes.Metric) != 1 ||
		labels(writes.Metric[0]) != "exe=work" || writes.Metric[0].GetCounter().GetValue() != want {
		t.Errorf("dtrace_writes_total is %v, printa() says %v", writes, want)
	}

	// The distribution: each row of printa()'s table with a count is a
	// bucket whose bound is the row's largest value.
	size := mfs["dtrace_size"]
	if size == nil || size.GetType() != dto.MetricType_HISTOGRAM || len(size.Metric) != 1 {
		t.Fatalf("dtrace_size is %v", size)
	}
	h := size.Metric[0].GetHistogram()
	if labels(size.Metric[0]) != "k0=work" || float64(h.GetSampleCount()) != want {
		t.Errorf("dtrace_size{%s} counts %d, printa() %v", labels(size.Metric[0]), h.GetSampleCount(), want)
	}
	perBucket := map[float64]uint64{}
	var prev uint64
	for _, b := range h.Bucket {
		perBucket[b.GetUpperBound()] = b.GetCumulativeCount() - prev
		prev = b.GetCumulativeCount()
	}
	rows := regexp.MustCompile(`(?m)^\s+(-?\d+) \|[@ ]+ (\d+)\s*$`).FindAllSubmatch(out, -1)
	if len(rows) == 0 {
		t.Fatalf("no distribution in:\n%s", out)
	}
	for _, r := range rows {
		lo, _ := strconv.ParseInt(string(r[1]), 10, 64)
		n, _ := strconv.ParseUint(string(r[2]), 10, 64)
		hi := lo
		if lo > 0 {
			hi = 2*lo - 1
		}
		if n != 0 && perBucket[float64(hi)] != n {
			t.Errorf("bucket %d..%d: printa() counts %d, the histogram %d", lo, hi, n, perBucket[float64(hi)])
		}
	}
	if t.Failed() {
		t.Logf("printa():\n%s", out)
	}
}

func labels(m *dto.Metric) string {
	var s []string
	for _, l := range m.Label {
		s = append(s, l.GetName()+"="+l.GetValue())
	}
	return strings.Join(s, ",")
}

// TestExporterTrunc scrapes while the script truncates and clears its
// aggregations twenty times a second: every scrape is whole (the
// session takes its snapshots one at a time), and the aggregations it
// truncates or clears are gauges. The script ends itself, and the
// exporter with it.
func TestExporterTrunc(t *testing.T) {
	requireTracing(t)
	addr := freeAddr(t)
	cmd, stdout, stderr := dtraceProcess(t, "-q", "-x", "exporter="+addr,
		"-n", `syscall:::entry { @calls[probefunc] = count(); @top[probefunc] = count(); @sz[probefunc] = quantize(arg0); }`,
		"-n", `tick-50ms { trunc(@top, 3); clear(@sz); }`, "-n", `tick-4s { exit(0); }`)
	t.Cleanup(func() { cmd.Process.Kill() })
	go io.Copy(io.Discard, stdout)
	waitHealthy(t, addr)
	n := 0
	for ; ; n++ {
		resp, err := http.Get("http://" + addr + "/metrics")
		if err != nil {
			break // the run is over
		}
		p := expfmt.NewTextParser(model.UTF8Validation)
		mfs, err := p.TextToMetricFamilies(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("scrape %d: %s, %v", n, resp.Status, err)
		}
		for name, typ := range map[string]dto.MetricType{"dtrace_top": dto.MetricType_GAUGE, "dtrace_calls_total": dto.MetricType_COUNTER,
			"dtrace_sz": dto.MetricType_HISTOGRAM} {
			if mfs[name].GetType() != typ || len(mfs[name].GetMetric()) == 0 {
				t.Fatalf("scrape %d: %s is %v", n, name, mfs[name])
			}
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	if n < 2 {
		t.Errorf("%d scrapes while the script ran, want 2 or more", n)
	}
}

// TestExporterErrors: an address in use or malformed, and a program
// without aggregations, fail before tracing with a message.
func TestExporterErrors(t *testing.T) {
	requireTracing(t)
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	agg := "BEGIN { @ = count(); exit(0); }"
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"-x", "exporter=" + busy.Addr().String(), "-n", agg},
			fmt.Sprintf("dtrace: could not enable tracing: failed to listen on exporter address '%s': Address already in use\n", busy.Addr())},
		{[]string{"-x", "exporter=9464", "-n", agg},
			"dtrace: could not enable tracing: exporter: address '9464' is not host:port\n"},
		{[]string{"-x", "exporter=" + freeAddr(t), "-n", "BEGIN { exit(0); }"},
			"dtrace: exporter: the program has no aggregation to export\n"},
		{[]string{"-x", "exporter=" + freeAddr(t), "-x", "exporterlabels=calls:a", "-n", agg},
			"dtrace: exporterlabels: the program has no aggregation @calls\n"},
		{[]string{"-x", "exporterlabels=calls", "-n", agg},
			"dtrace: failed to set -x exporterlabels: Invalid value for specified option\n"},
	} {
		_, stderr, status := run(t, append([]string{"-q"}, tc.args...)...)
		if status != 1 || stderr != tc.stderr {
			t.Errorf("%v: status %d, stderr %q, want 1 and %q", tc.args, status, stderr, tc.stderr)
		}
	}
}
