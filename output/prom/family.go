package prom

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/output"
)

// kind is the Prometheus type of an aggregation's family.
type kind int

const (
	counter kind = iota
	gauge
	histogram
)

// family is the metric family of one aggregation.
type family struct {
	desc *prometheus.Desc
	kind kind
}

// parseLabels reads exporterlabels: "agg:name,name..." items separated
// by ';' (the option package has checked their syntax), an empty agg
// meaning @.
func parseLabels(text string) (map[string][]string, error) {
	if text == "" {
		return nil, nil
	}
	m := map[string][]string{}
	for item := range strings.SplitSeq(text, ";") {
		a, names, ok := strings.Cut(item, ":")
		if !ok || names == "" {
			return nil, fmt.Errorf("exporterlabels: '%s' is not agg:name,name...", item)
		}
		if _, dup := m[a]; dup {
			return nil, fmt.Errorf("exporterlabels: @%s is named twice", a)
		}
		m[a] = strings.Split(names, ",")
	}
	return m, nil
}

// kindOf returns the type of the family of aggregation d. A count() or
// sum() the program clears, truncates or normalizes can go down, which a
// counter must not: Prometheus would take each fall for a restart of the
// exporter and rate() would count the whole new value as an increase.
func kindOf(d output.AggDesc) kind {
	switch d.Func {
	case agg.Count, agg.Sum:
		if d.Lowered {
			return gauge
		}
		return counter
	case agg.Quantize, agg.LQuantize, agg.LLQuantize:
		return histogram
	}
	return gauge
}

// reserved holds the names of the exporter's own families, and what
// OpenMetrics calls them.
var reserved = []string{"dtrace_drops_total", "dtrace_drops", "dtrace_errors_total", "dtrace_errors"}

// newFamilies names the families of the aggregations descs, their labels
// from labels (by aggregation name) or k0, k1...
func newFamilies(descs []output.AggDesc, labels map[string][]string) ([]*family, error) {
	byName := map[string]bool{}
	for _, d := range descs {
		byName[d.Name] = true
	}
	for a := range labels {
		if !byName[a] {
			return nil, fmt.Errorf("exporterlabels: the program has no aggregation @%s", a)
		}
	}
	taken := map[string]bool{}
	for _, n := range reserved {
		taken[n] = true
	}
	fams := make([]*family, len(descs))
	for i, d := range descs {
		k := kindOf(d)
		names, err := labelNames(d, k, labels[d.Name])
		if err != nil {
			return nil, err
		}
		base := "dtrace_" + sanitize(d.Name)
		if d.Name == "" {
			base = "dtrace_agg"
		}
		// Names clash when two aggregations differ only by characters
		// Prometheus does not take, when @ meets @agg, or when one
		// family's suffixed samples (_total, _bucket...) are another's
		// name: the later aggregation takes its ID as a suffix.
		name := base
		for n := 0; clashes(taken, name, k); n++ {
			name = base + "_" + strconv.Itoa(d.ID)
			if n > 0 {
				name += "_" + strconv.Itoa(n)
			}
		}
		for _, s := range samples(name, k) {
			taken[s] = true
		}
		if k == counter {
			name += "_total"
		}
		help := fmt.Sprintf("DTrace aggregation @%s: %s()", d.Name, d.Func)
		if d.Lowered && (d.Func == agg.Count || d.Func == agg.Sum) {
			help += ", a gauge as the program clears, truncates or normalizes it"
		}
		fams[i] = &family{desc: prometheus.NewDesc(name, help, names, nil), kind: k}
	}
	return fams, nil
}

// samples returns the names a family of name and kind k takes in either
// format: its samples', and its own.
func samples(name string, k kind) []string {
	switch k {
	case counter:
		return []string{name, name + "_total"}
	case histogram:
		return []string{name, name + "_bucket", name + "_sum", name + "_count"}
	}
	return []string{name}
}

func clashes(taken map[string]bool, name string, k kind) bool {
	for _, s := range samples(name, k) {
		if taken[s] {
			return true
		}
	}
	return false
}

// labelNames returns the label names of the keys of d: those given, then
// k<position> for the keys left.
func labelNames(d output.AggDesc, k kind, given []string) ([]string, error) {
	if len(given) > d.Keys {
		return nil, fmt.Errorf("exporterlabels: @%s has %d key%s, %d names given", d.Name, d.Keys, plural(d.Keys), len(given))
	}
	names := make([]string, d.Keys)
	seen := map[string]bool{}
	for i := range names {
		n := "k" + strconv.Itoa(i)
		if i < len(given) {
			n = given[i]
		}
		switch {
		case strings.HasPrefix(n, "__"):
			return nil, fmt.Errorf("exporterlabels: label %s of @%s: names starting with __ are Prometheus's", n, d.Name)
		case n == "le" && k == histogram:
			return nil, fmt.Errorf("exporterlabels: label le of @%s: a histogram's buckets have it", d.Name)
		case seen[n]:
			return nil, fmt.Errorf("exporterlabels: label %s of @%s given twice", n, d.Name)
		}
		seen[n] = true
		names[i] = n
	}
	return names, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// sanitize makes a D identifier a Prometheus metric name's tail: any
// character outside [a-zA-Z0-9_] becomes '_'.
func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '_', 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9':
			return r
		}
		return '_'
	}, s)
}
