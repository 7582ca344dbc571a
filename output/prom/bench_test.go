package prom

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
)

// BenchmarkScrape times one scrape of /metrics, in the text format and
// uncompressed, of an aggregation of n keys (a string and an integer):
// the snapshot copied, label texts, metrics built, gathered, sorted and
// encoded. The session's reading of the kernel's map is not in it (see
// bench/README.md for a live run).
func BenchmarkScrape(b *testing.B) {
	for _, tc := range []struct {
		n int
		f agg.Func
	}{{10000, agg.Count}, {100000, agg.Count}, {10000, agg.Quantize}} {
		b.Run(fmt.Sprintf("%s/%d", tc.f, tc.n), func(b *testing.B) {
			e, err := Listen("127.0.0.1:0", nil)
			if err != nil {
				b.Fatal(err)
			}
			defer e.Close()
			p := &program{}
			a := p.add(agg.New(1, "calls", tc.f, agg.Params{}), 2, false)
			data := make([]int64, tc.f.DataLen(agg.Params{}))
			for i := range tc.n {
				clear(data)
				if tc.f == agg.Quantize {
					data[agg.QuantizeBucket(int64(i%5000))] = 3
				} else {
					data[0] = int64(i)
				}
				a.Merge(0, data, format.String(fmt.Sprintf("process-%d", i%1000)), format.Int(int64(i), 8))
			}
			if err := e.Start(p.start()); err != nil {
				b.Fatal(err)
			}
			req := httptest.NewRequest("GET", "/metrics", nil)
			var size int
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				w := httptest.NewRecorder()
				e.srv.Handler.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("%d: %s", w.Code, w.Body)
				}
				size = w.Body.Len()
			}
			b.ReportMetric(float64(size), "bytes/scrape")
			// The machine is shared: the CPU the scrapes took says more
			// than their wall time.
			b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/scrape")
		})
	}
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
