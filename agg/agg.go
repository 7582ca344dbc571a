package agg

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/godtrace/godtrace/format"
)

// Entry is one tuple of an aggregation and its data, merged over CPUs.
type Entry struct {
	Keys []format.Value
	// Data is laid out as Func.DataLen describes.
	Data []int64
	// PerCPU holds each CPU's data when the aggregation keeps it (the
	// aggpercpu option), in the order CPUs were merged.
	PerCPU []CPUData
}

// CPUData is an entry's data on one CPU.
type CPUData struct {
	CPU  int
	Data []int64
}

// Aggregation is one aggregation variable (@name) as the consumer sees it.
type Aggregation struct {
	// ID is the variable's ID: aggregations print in ID order.
	ID int
	// Name is the variable's name without the '@' ("" for @).
	Name   string
	Func   Func
	Params Params
	// KeepPerCPU keeps each CPU's data in the entries (aggpercpu).
	KeepPerCPU bool
	// Normal is the normalize() factor; 0 and 1 mean none.
	Normal uint64
	// Printed is set once printa() printed the aggregation, which then
	// is not printed again when the run ends.
	Printed bool

	entries []*Entry
	index   map[string]*Entry
}

// New returns an empty aggregation.
func New(id int, name string, f Func, p Params) *Aggregation {
	return &Aggregation{ID: id, Name: name, Func: f, Params: p, index: map[string]*Entry{}}
}

// Entries returns the entries in the order they were first seen.
func (a *Aggregation) Entries() []*Entry { return a.entries }

// Lookup returns the entry of keys, or nil.
func (a *Aggregation) Lookup(keys ...format.Value) *Entry { return a.index[keyString(keys)] }

// entry returns the entry of keys, creating it if needed.
func (a *Aggregation) entry(keys []format.Value) *Entry {
	k := keyString(keys)
	if e := a.index[k]; e != nil {
		return e
	}
	if a.index == nil {
		a.index = map[string]*Entry{}
	}
	e := &Entry{Keys: slices.Clone(keys), Data: make([]int64, a.Func.DataLen(a.Params))}
	a.Func.Init(e.Data)
	a.index[k] = e
	a.entries = append(a.entries, e)
	return e
}

// Merge folds the data one CPU holds for keys into the aggregation, as a
// snapshot of the per-CPU BPF maps does.
func (a *Aggregation) Merge(cpu int, data []int64, keys ...format.Value) error {
	if n := a.Func.DataLen(a.Params); len(data) != n {
		return fmt.Errorf("@%s: %d data words for %v, want %d", a.Name, len(data), a.Func, n)
	}
	e := a.entry(keys)
	a.Func.Merge(e.Data, data)
	if a.KeepPerCPU {
		e.PerCPU = append(e.PerCPU, CPUData{CPU: cpu, Data: slices.Clone(data)})
	}
	return nil
}

// PadCPUs gives every entry data for each of CPUs 0 to ncpu-1, zero on
// the CPUs that did not see its tuple, as DTrace prints them with
// aggpercpu. The aggregation must keep per-CPU data.
func (a *Aggregation) PadCPUs(ncpu int) {
	n := a.Func.DataLen(a.Params)
	for _, e := range a.entries {
		seen := make([]bool, ncpu)
		for _, c := range e.PerCPU {
			if c.CPU >= 0 && c.CPU < ncpu {
				seen[c.CPU] = true
			}
		}
		for cpu, ok := range seen {
			if !ok {
				e.PerCPU = append(e.PerCPU, CPUData{CPU: cpu, Data: make([]int64, n)})
			}
		}
	}
}

// Add applies one aggregating action to the entry of keys, as the probe's
// program does: @[keys] = f(v) (incr is the increment of the histograms).
func (a *Aggregation) Add(v, incr int64, keys ...format.Value) {
	e := a.entry(keys)
	a.Func.Add(a.Params, e.Data, v, incr)
}

// Clear zeroes the data of every entry, keeping the entries (clear()).
func (a *Aggregation) Clear() {
	for _, e := range a.entries {
		clear(e.Data)
		for _, c := range e.PerCPU {
			clear(c.Data)
		}
	}
}

// Reset removes every entry, before a fresh snapshot is merged in.
func (a *Aggregation) Reset() {
	a.entries = nil
	a.index = map[string]*Entry{}
}

// Normalize sets the normalization factor (normalize()); n must not be 0.
func (a *Aggregation) Normalize(n uint64) error {
	if n == 0 {
		a.Normal = 1
		return fmt.Errorf("@%s: normalize() by zero", a.Name)
	}
	a.Normal = n
	return nil
}

// Denormalize removes the normalization factor (denormalize()).
func (a *Aggregation) Denormalize() { a.Normal = 1 }

// normal returns the normalization factor, 1 for none.
func (a *Aggregation) normal() uint64 {
	if a.Normal == 0 {
		return 1
	}
	return a.Normal
}

// Trunc keeps the n entries of largest value (trunc(@, n)), or the -n of
// smallest value when n is negative; trunc(@) is Trunc(0). Ties are broken
// by key as in DTrace's sort.
// The aggsort options do not apply, as in DTrace.
func (a *Aggregation) Trunc(n int) {
	keep := make([]*Entry, 0, len(a.entries))
	sorted := slices.Clone(a.entries)
	var oo Options
	if n >= 0 {
		oo.SortRev = true
	} else {
		n = -n
	}
	slices.SortStableFunc(sorted, func(x, y *Entry) int { return oo.valKeyCmp(a, x, a, y) })
	if n > len(sorted) {
		n = len(sorted)
	}
	kept := map[*Entry]bool{}
	for _, e := range sorted[:n] {
		kept[e] = true
	}
	for _, e := range a.entries {
		if kept[e] {
			keep = append(keep, e)
		} else {
			delete(a.index, keyString(e.Keys))
		}
	}
	a.entries = keep
}

// keyString encodes keys for lookup.
func keyString(keys []format.Value) string {
	var b []byte
	for _, k := range keys {
		b = append(b, byte(k.Kind), byte(k.Size))
		switch k.Kind {
		case format.KindString:
			b = binary.AppendUvarint(b, uint64(len(k.Str)))
			b = append(b, k.Str...)
		case format.KindBytes:
			b = binary.AppendUvarint(b, uint64(len(k.Bytes)))
			b = append(b, k.Bytes...)
		case format.KindStack, format.KindUStack:
			b = binary.AppendUvarint(b, uint64(k.Pid))
			b = binary.AppendUvarint(b, uint64(len(k.Frames)))
			for _, f := range k.Frames {
				b = binary.LittleEndian.AppendUint64(b, f)
			}
		case format.KindFloat:
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(k.Float))
		default:
			b = binary.AppendUvarint(b, uint64(k.Pid))
			b = binary.LittleEndian.AppendUint64(b, k.Bits)
		}
	}
	return string(b)
}

// Set is the consumer's snapshot of all aggregations of a program.
type Set struct {
	aggs []*Aggregation
}

// Declare adds an aggregation to the set; aggregations print in ID order.
func (s *Set) Declare(a *Aggregation) {
	s.aggs = append(s.aggs, a)
	slices.SortStableFunc(s.aggs, func(x, y *Aggregation) int { return x.ID - y.ID })
}

// Lookup returns the aggregation of ID id, or nil.
func (s *Set) Lookup(id int) *Aggregation {
	for _, a := range s.aggs {
		if a.ID == id {
			return a
		}
	}
	return nil
}

// Aggregations returns the aggregations in ID order.
func (s *Set) Aggregations() []*Aggregation { return s.aggs }
