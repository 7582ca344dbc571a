package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPrometheus runs three dtrace exporters, each tracing a workload of
// its own (pid == $target), scraped by a real Prometheus server on
// loopback; PromQL's sums and quantiles over the three match what the
// three scripts' printa() print. It needs Debian's prometheus package.
func TestPrometheus(t *testing.T) {
	requireTracing(t)
	bin, err := exec.LookPath("prometheus")
	if err != nil {
		t.Skip("no prometheus binary (apt-get install prometheus)")
	}
	dir := t.TempDir()
	type exporter struct {
		addr, done string
		cmd        *exec.Cmd
		out        io.Reader
		stderr     fmt.Stringer
	}
	var exps []*exporter
	var targets []string
	// Each workload writes n lines of size bytes, then waits for the
	// scrapes.
	for i, w := range []struct{ n, size int }{{100, 2}, {200, 40}, {300, 1000}} {
		e := &exporter{addr: freeAddr(t), done: filepath.Join(dir, fmt.Sprint("done", i))}
		work := filepath.Join(dir, fmt.Sprint("work", i))
		line := strings.Repeat("x", w.size-1)
		script := fmt.Sprintf("#!/bin/sh\ni=0\nwhile [ $i -lt %d ]; do echo %s >/dev/null; i=$((i+1)); done\n: >%s\nexec sleep 30\n", w.n, line, e.done)
		if err := os.WriteFile(work, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd, stdout, stderr := dtraceProcess(t, "-q", "-x", "exporter="+e.addr, "-x", "exporterlabels=writes:syscall",
			"-n", `syscall::write:entry /pid == $target/ { @writes[probefunc] = count(); @size = quantize(arg2); }`,
			"-n", `END { printa("writes %s %@u\n", @writes); printa(@size); }`,
			"-c", work)
		e.cmd, e.out, e.stderr = cmd, stdout, stderr
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		exps = append(exps, e)
		targets = append(targets, "'"+e.addr+"'")
	}

	promAddr := freeAddr(t)
	conf := filepath.Join(dir, "prometheus.yml")
	cfg := fmt.Sprintf("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n  - job_name: dtrace\n    static_configs:\n      - targets: [%s]\n",
		strings.Join(targets, ", "))
	if err := os.WriteFile(conf, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	prom := exec.Command(bin, "--config.file="+conf, "--storage.tsdb.path="+filepath.Join(dir, "tsdb"),
		"--web.listen-address="+promAddr, "--log.level=warn")
	var promLog strings.Builder
	prom.Stderr = &promLog
	if err := prom.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { prom.Process.Kill(); prom.Wait() })

	for _, e := range exps {
		waitHealthy(t, e.addr)
	}
	deadline := time.Now().Add(60 * time.Second)
	for _, e := range exps {
		for {
			if _, err := os.Stat(e.done); err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("a workload never finished: %s", e.stderr)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// Wait for a scrape of every exporter taken after the workloads'
	// writes.
	since := float64(time.Now().Add(time.Second).UnixMilli()) / 1000
	for {
		if v, ok := promQuery(t, promAddr, "min(timestamp(dtrace_writes_total))"); ok && v > since {
			if n, _ := promQuery(t, promAddr, "count(dtrace_writes_total)"); n == 3 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("Prometheus never scraped the three exporters:\n%s", promLog.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	sum, _ := promQuery(t, promAddr, `sum by (syscall) (dtrace_writes_total{syscall="write"})`)
	p90, _ := promQuery(t, promAddr, `histogram_quantile(0.9, sum by (le) (dtrace_size_bucket))`)
	p50, _ := promQuery(t, promAddr, `histogram_quantile(0.5, sum by (le) (dtrace_size_bucket))`)

	// The printa() of each script, at its end: the counts, and the
	// distributions added up bucket by bucket.
	var want float64
	buckets := map[int64]uint64{} // by the bucket's largest value
	for _, e := range exps {
		e.cmd.Process.Signal(syscall.SIGINT)
		out, _ := io.ReadAll(e.out)
		if err := e.cmd.Wait(); err != nil {
			t.Fatalf("%v: %s", err, e.stderr)
		}
		m := regexp.MustCompile(`(?m)^writes write (\d+)$`).FindSubmatch(out)
		if m == nil {
			t.Fatalf("no count of writes in:\n%s", out)
		}
		n, _ := strconv.ParseFloat(string(m[1]), 64)
		want += n
		for _, r := range regexp.MustCompile(`(?m)^\s+(-?\d+) \|[@ ]+ (\d+)\s*$`).FindAllSubmatch(out, -1) {
			lo, _ := strconv.ParseInt(string(r[1]), 10, 64)
			c, _ := strconv.ParseUint(string(r[2]), 10, 64)
			hi := lo
			if lo > 0 {
				hi = 2*lo - 1
			}
			buckets[hi] += c
		}
	}
	if sum != want {
		t.Errorf("PromQL sums %v writes, the printa()s %v", sum, want)
	}
	for _, q := range []struct{ q, got float64 }{{0.9, p90}, {0.5, p50}} {
		if w := quantile(q.q, buckets); math.Abs(q.got-w) > 1e-9*w {
			t.Errorf("histogram_quantile(%v) is %v, %v from the printa()s' distributions %v", q.q, q.got, w, buckets)
		}
	}
}

// promQuery returns the value of an instant PromQL query that gives one
// sample, and whether it gave one.
func promQuery(t *testing.T, addr, query string) (float64, bool) {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/api/v1/query?query=" + url.QueryEscape(query))
	if err != nil {
		return 0, false // not up yet
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		return 0, false // starting
	}
	var r struct {
		Status string
		Data   struct {
			Result []struct {
				Value [2]any
			}
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || r.Status != "success" {
		t.Fatalf("query %s: %v %s", query, err, r.Status)
	}
	if len(r.Data.Result) != 1 {
		return 0, false
	}
	s, _ := r.Data.Result[0].Value[1].(string)
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// quantile is histogram_quantile's estimate from buckets of counts by
// largest value: linear within the bucket holding the rank, from the
// bound of the bucket below.
func quantile(q float64, buckets map[int64]uint64) float64 {
	les := slices.Sorted(func(yield func(int64) bool) {
		for le := range buckets {
			if !yield(le) {
				return
			}
		}
	})
	var total uint64
	for _, c := range buckets {
		total += c
	}
	rank := q * float64(total)
	var cum uint64
	for i, le := range les {
		c := buckets[le]
		if float64(cum+c) >= rank && c > 0 {
			lower := 0.0
			if i > 0 {
				lower = float64(les[i-1])
			}
			return lower + (float64(le)-lower)*(rank-float64(cum))/float64(c)
		}
		cum += c
	}
	return float64(les[len(les)-1])
}
