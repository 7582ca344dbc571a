package prom

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/output"
)

// ErrNoAggregation is returned by Start for a program without
// aggregations: it would export nothing.
var ErrNoAggregation = errors.New("exporter: the program has no aggregation to export")

// Timeouts of the HTTP server: a scraper that sends its request slowly,
// or never reads the response, is cut off, and never holds the tracing
// back (a scrape holds the session's aggregations only while it takes
// its snapshot).
const (
	readTimeout  = 10 * time.Second
	writeTimeout = 30 * time.Second
	idleTimeout  = 2 * time.Minute
	// closeTimeout bounds how long Close waits for scrapes under way.
	closeTimeout = 5 * time.Second
)

// Exporter is the Writer of -x exporter=ADDR: it serves the run's
// aggregations as Prometheus metrics at /metrics, read at each scrape,
// and /healthz, until End or Close.
type Exporter struct {
	ln     net.Listener
	srv    *http.Server
	labels map[string][]string // exporterlabels, by aggregation name
	frames int                 // exporterframes

	mu       sync.Mutex
	families []*family // by aggregation ID - 1, set by Start
	snapshot func() ([]*agg.Aggregation, error)
	syms     format.Symbolizer

	drops     [output.NestedDrops + 1]atomic.Uint64
	faults    atomic.Uint64
	dropsDesc *prometheus.Desc
	errDesc   *prometheus.Desc
	closeOnce sync.Once
	served    chan struct{}
}

// Listen binds addr (host:port; an empty host is every address) and
// serves the metrics there from now on: until Start, only the drops and
// errors counters, all zero. opts gives exporterlabels and
// exporterframes; nil means neither.
func Listen(addr string, opts output.Options) (*Exporter, error) {
	return listen(addr, opts, readTimeout, writeTimeout)
}

func listen(addr string, opts output.Options, rt, wt time.Duration) (*Exporter, error) {
	e := &Exporter{frames: 32, served: make(chan struct{})}
	if opts != nil {
		var err error
		if e.labels, err = parseLabels(opts.Text("exporterlabels")); err != nil {
			return nil, err
		}
		if v, ok := opts.Value("exporterframes"); ok && v > 0 {
			e.frames = int(v)
		}
	}
	if addr == "" || !strings.Contains(addr, ":") {
		return nil, fmt.Errorf("exporter: address '%s' is not host:port", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("exporter: cannot listen on '%s': %w", addr, err)
	}
	e.ln = ln
	e.dropsDesc = prometheus.NewDesc("dtrace_drops_total", "Records DTrace lost, by kind of drop.", []string{"kind"}, nil)
	e.errDesc = prometheus.NewDesc("dtrace_errors_total", "Faults in D clauses (each abandoned its clause).", nil, nil)
	reg := prometheus.NewRegistry()
	reg.MustRegister(e,
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewGoCollector())
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{
		EnableOpenMetrics: true,
		ErrorHandling:     promhttp.HTTPErrorOnError,
		// Each scrape takes a snapshot of the kernel's maps: a crowd
		// of scrapers is turned away rather than queued.
		MaxRequestsInFlight: 4,
	}))
	mux.HandleFunc("/healthz", e.healthz)
	e.srv = &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: rt,
		ReadTimeout:       rt,
		WriteTimeout:      wt,
		IdleTimeout:       idleTimeout,
		// A scraper's broken connection is no concern of the
		// tracing's output.
		ErrorLog: log.New(io.Discard, "", 0),
	}
	go func() {
		defer close(e.served)
		_ = e.srv.Serve(ln)
	}()
	return e, nil
}

// Addr returns the address the exporter listens on.
func (e *Exporter) Addr() net.Addr { return e.ln.Addr() }

// healthz answers 200 while tracing, 503 before the run has started.
func (e *Exporter) healthz(w http.ResponseWriter, _ *http.Request) {
	e.mu.Lock()
	started := e.families != nil
	e.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if !started {
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, "starting\n")
		return
	}
	io.WriteString(w, "ok\n")
}

// Start names the metric families of the program's aggregations; a
// program without aggregations is an error (ErrNoAggregation), as are
// exporterlabels that do not fit it.
func (e *Exporter) Start(s *output.Start) error {
	if len(s.Aggs) == 0 || s.Snapshot == nil {
		return ErrNoAggregation
	}
	fams, err := newFamilies(s.Aggs, e.labels)
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.families, e.snapshot, e.syms = fams, s.Snapshot, s.Symbols
	return nil
}

func (*Exporter) Probe(*output.Probe) error { return nil }

// Error counts a fault.
func (e *Exporter) Error(*output.Error) error {
	e.faults.Add(1)
	return nil
}

// Drops counts lost records by kind.
func (e *Exporter) Drops(d *output.Drops) error {
	if int(d.Kind) < len(e.drops) {
		e.drops[d.Kind].Add(d.Count)
	}
	return nil
}

// End stops serving: the run is over.
func (e *Exporter) End(*output.End) error { return e.Close() }

// Close stops serving, letting the scrapes under way finish for a few
// seconds, and releases the address. It may be called more than once.
func (e *Exporter) Close() error {
	e.closeOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
		defer cancel()
		if err := e.srv.Shutdown(ctx); err != nil {
			e.srv.Close()
		}
		<-e.served
	})
	return nil
}

// Describe describes nothing: the families are the program's
// aggregations, known at Start, so the collector is unchecked.
func (e *Exporter) Describe(chan<- *prometheus.Desc) {}

// Collect sends the drops and errors counters and, once the run has
// started, the metrics of a fresh snapshot of the aggregations.
func (e *Exporter) Collect(ch chan<- prometheus.Metric) {
	for k := output.PrincipalDrops; int(k) < len(e.drops); k++ {
		ch <- prometheus.MustNewConstMetric(e.dropsDesc, prometheus.CounterValue, float64(e.drops[k].Load()), k.String())
	}
	ch <- prometheus.MustNewConstMetric(e.errDesc, prometheus.CounterValue, float64(e.faults.Load()))
	e.mu.Lock()
	fams, snapshot, syms := e.families, e.snapshot, e.syms
	e.mu.Unlock()
	if snapshot == nil {
		return
	}
	aggs, err := snapshot()
	if err != nil {
		ch <- prometheus.NewInvalidMetric(e.errDesc, fmt.Errorf("snapshot of the aggregations: %w", err))
		return
	}
	c := collector{syms: syms, frames: e.frames, ch: ch}
	for _, a := range aggs {
		if a.ID >= 1 && a.ID <= len(fams) {
			c.aggregation(fams[a.ID-1], a)
		}
	}
}
