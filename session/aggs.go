package session

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/format"
)

// snapshot replaces the entries of every aggregation with the content of
// the aggregation maps, each tuple's data merged over the CPUs that have
// it. The caller holds o.mu.
func (o *decoder) snapshot() error {
	if len(o.prog.Aggs) == 0 {
		return nil
	}
	for _, a := range o.aggs.Aggregations() {
		a.Reset()
	}
	o.raw = map[int]map[*agg.Entry][][]byte{}
	var key, val []byte
	mods := map[modKey]uint64{}
	ne := binary.NativeEndian
	it := o.maps.Aggs.Iterate()
	for it.Next(&key, &val) {
		id, cpu := int(ne.Uint32(key)), int(ne.Uint32(key[4:]))
		if id < 1 || id > len(o.prog.Aggs) {
			return fmt.Errorf("aggregation map holds a key of unknown aggregation %d", id)
		}
		desc := o.prog.Aggs[id-1]
		a := o.aggs.Lookup(id)
		keys := make([]format.Value, len(desc.Keys))
		for i, f := range desc.Keys {
			keys[i] = o.symKey(field(f, key), mods)
		}
		if err := a.Merge(cpu, aggData(desc, val), keys...); err != nil {
			return err
		}
		if o.raw[id] == nil {
			o.raw[id] = map[*agg.Entry][][]byte{}
		}
		e := a.Lookup(keys...)
		o.raw[id][e] = append(o.raw[id][e], bytes.Clone(key))
	}
	if err := it.Err(); err != nil {
		return fmt.Errorf("read aggregations: %w", err)
	}
	for _, desc := range o.prog.Aggs {
		if len(desc.Keys) > 0 {
			continue
		}
		vals, err := o.aggVals(desc)
		if err != nil {
			return err
		}
		for cpu, v := range vals {
			if ne.Uint64(v) != 0 {
				if err := o.aggs.Lookup(desc.ID).Merge(cpu, aggData(desc, v[8:])); err != nil {
					return err
				}
			}
		}
	}
	if o.ncpu > 0 {
		for _, a := range o.aggs.Aggregations() {
			a.PadCPUs(o.ncpu)
		}
	}
	return nil
}

// aggData decodes the data of aggregation desc from b.
func aggData(desc *cg.Agg, b []byte) []int64 {
	data := make([]int64, desc.Func.DataLen(desc.Params))
	for i := range data {
		data[i] = int64(binary.NativeEndian.Uint64(b[8*i:]))
	}
	return data
}

// aggVals returns each CPU's element of the per-CPU array holding
// aggregation desc, which has no keys: a flag word, non-zero when the CPU
// has a value, then the data.
func (o *decoder) aggVals(desc *cg.Agg) ([][]byte, error) {
	var vals [][]byte
	if err := o.maps.AggVals.Lookup(uint32(desc.Slot), &vals); err != nil {
		return nil, fmt.Errorf("read aggregation @%s: %w", desc.Name, err)
	}
	return vals, nil
}

// initialData returns the initial data of aggregation desc, encoded.
func initialData(desc *cg.Agg) []byte {
	init := make([]int64, desc.Func.DataLen(desc.Params))
	desc.Func.Init(init)
	b := make([]byte, 8*len(init))
	for i, w := range init {
		binary.NativeEndian.PutUint64(b[8*i:], uint64(w))
	}
	return b
}

// aggOp applies clear(), trunc(), normalize() or denormalize() to the
// aggregation id. Clearing and truncating change the aggregation maps
// themselves, as the data DTrace keeps in the kernel.
func (o *decoder) aggOp(act bpfrt.Action, id int, arg int64) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	a := o.aggs.Lookup(id)
	if a == nil {
		return fmt.Errorf("operation on unknown aggregation %d", id)
	}
	switch act {
	case cg.ActNormalize:
		return a.Normalize(uint64(arg))
	case cg.ActDenormalize:
		a.Denormalize()
		return nil
	}
	if err := o.snapshot(); err != nil {
		return err
	}
	desc := o.prog.Aggs[id-1]
	if act == cg.ActClear {
		a.Clear()
	} else {
		a.Trunc(int(arg))
	}
	if len(desc.Keys) == 0 {
		return o.resetAggVals(desc, act == cg.ActTrunc && len(a.Entries()) == 0)
	}
	if act == cg.ActClear {
		val := make([]byte, o.maps.Aggs.ValueSize())
		copy(val, initialData(desc))
		for _, keys := range o.raw[id] {
			for _, key := range keys {
				if err := o.maps.Aggs.Update(key, val, ebpf.UpdateExist); err != nil && !errors.Is(err, ebpf.ErrKeyNotExist) {
					return fmt.Errorf("clear(): %w", err)
				}
			}
		}
		return nil
	}
	keep := map[*agg.Entry]bool{}
	for _, e := range a.Entries() {
		keep[e] = true
	}
	for e, keys := range o.raw[id] {
		if keep[e] {
			continue
		}
		for _, key := range keys {
			if err := o.maps.Aggs.Delete(key); err != nil && !errors.Is(err, ebpf.ErrKeyNotExist) {
				return fmt.Errorf("trunc(): %w", err)
			}
		}
	}
	return nil
}

// resetAggVals clears aggregation desc, which has no keys, on every CPU
// that has a value: its data becomes the initial value; with gone the
// value itself goes (trunc()).
func (o *decoder) resetAggVals(desc *cg.Agg, gone bool) error {
	vals, err := o.aggVals(desc)
	if err != nil {
		return err
	}
	init := initialData(desc)
	for _, v := range vals {
		switch {
		case gone:
			clear(v)
		case binary.NativeEndian.Uint64(v) != 0:
			copy(v[8:], init)
		}
	}
	if err := o.maps.AggVals.Update(uint32(desc.Slot), vals, ebpf.UpdateAny); err != nil {
		return fmt.Errorf("clear @%s: %w", desc.Name, err)
	}
	return nil
}
