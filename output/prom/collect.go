package prom

import (
	"math"
	"slices"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/output"
)

// collector turns one snapshot of the aggregations into metrics.
type collector struct {
	syms   format.Symbolizer
	frames int
	ch     chan<- prometheus.Metric
	sb     strings.Builder
}

// series is the data of the entries whose keys give the same label
// values, merged.
type series struct {
	labels []string
	data   []int64
}

// aggregation sends the metrics of a's entries. Entries whose keys read
// the same as labels (stacks cut to the same frames, addresses in the
// same function, strings that differ in bytes that are not UTF-8) are one
// series, their data merged as DTrace merges CPUs.
func (c *collector) aggregation(f *family, a *agg.Aggregation) {
	index := map[string]int{}
	var all []series
	for _, e := range a.Entries() {
		lv := make([]string, len(e.Keys))
		c.sb.Reset()
		for i, k := range e.Keys {
			lv[i] = c.label(k)
			c.sb.WriteString(lv[i])
			c.sb.WriteByte(0xff) // no valid UTF-8 holds it
		}
		id := c.sb.String()
		if i, ok := index[id]; ok {
			a.Func.Merge(all[i].data, e.Data)
			continue
		}
		index[id] = len(all)
		all = append(all, series{lv, slices.Clone(e.Data)})
	}
	for _, s := range all {
		var m prometheus.Metric
		var err error
		switch f.kind {
		case histogram:
			m = newHistogram(f.desc, a, s)
		case counter:
			m, err = prometheus.NewConstMetric(f.desc, prometheus.CounterValue, value(a, s.data), s.labels...)
		default:
			m, err = prometheus.NewConstMetric(f.desc, prometheus.GaugeValue, value(a, s.data), s.labels...)
		}
		if err != nil {
			m = prometheus.NewInvalidMetric(f.desc, err)
		}
		c.ch <- m
	}
}

// label returns the label value of key k: a stack folded, root first,
// of at most c.frames frames; other keys as text, as printa() shows them
// (addresses as symbols). Label values are UTF-8, as Prometheus requires:
// other bytes become U+FFFD.
func (c *collector) label(k format.Value) string {
	var s string
	switch k.Kind {
	case format.KindStack, format.KindUStack:
		s = output.FoldedStack(c.syms, k, c.frames)
	default:
		s = output.KeyText(c.syms, k)
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// value is the value printa() prints of data, as a float.
func value(a *agg.Aggregation, data []int64) float64 {
	v := a.Result(data)
	if v.Signed {
		return float64(v.Int64())
	}
	return float64(v.Uint64())
}

// histogramMetric is a classic histogram built straight from a
// distribution's buckets, which come in order: client_golang's
// ConstHistogram would take them in a map and sort them again.
type histogramMetric struct {
	desc   *prometheus.Desc
	labels []*dto.LabelPair
	count  uint64
	bucket []*dto.Bucket
}

// nan is the sum of every histogram: DTrace's distributions do not keep
// the sum of their values.
var nan = math.NaN()

// newHistogram makes the histogram of series s of distribution a. Each
// bucket's bound (le) is the largest value of DTrace's bucket, so that
// the cumulative counts are exact for the integers D counts. Buckets
// start one below the first that holds values (below it, the counts are
// all zero and histogram_quantile only needs the lower bound of the
// first) and go up to the last finite one whatever their counts, so that
// series of several exporters add up bucket by bucket.
func newHistogram(desc *prometheus.Desc, a *agg.Aggregation, s series) *histogramMetric {
	normal := uint64(max(a.Normal, 1))
	h := &histogramMetric{desc: desc, labels: prometheus.MakeLabelPairs(desc, s.labels)}
	first := slices.IndexFunc(s.data, func(c int64) bool { return c != 0 })
	if first < 0 {
		return h
	}
	for i, c := range s.data {
		h.count += uint64(c) / normal
		if i < first-1 {
			continue
		}
		// The last bucket, up to math.MaxInt64, is +Inf: the count.
		if _, hi := a.BucketRange(i); hi != math.MaxInt64 {
			h.bucket = append(h.bucket, &dto.Bucket{CumulativeCount: ptr(h.count), UpperBound: ptr(float64(hi))})
		}
	}
	return h
}

func ptr[T any](v T) *T { return &v }

func (h *histogramMetric) Desc() *prometheus.Desc { return h.desc }

func (h *histogramMetric) Write(m *dto.Metric) error {
	m.Label = h.labels
	m.Histogram = &dto.Histogram{SampleCount: &h.count, SampleSum: &nan, Bucket: h.bucket}
	return nil
}
