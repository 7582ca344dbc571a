package output

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/google/pprof/profile"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
)

// Pprof is the Writer of -x pprof=FILE: when the run ends, it writes every
// aggregation of count() or sum() keyed by stack() or ustack() to the file
// as a pprof profile (gzipped protocol buffers, what go tool pprof opens).
//
// Each aggregation is a sample type, named after it (after its function
// when it is @), so that one run can profile several things. Each entry is
// a sample: its stacks are the sample's locations, kernel frames then
// user frames, innermost first; its other keys are labels named key0,
// key1... by position, numbers as numeric labels. Locations are
// symbolized (module`function), each module a mapping spanning the
// addresses seen in it.
type Pprof struct {
	path  string
	syms  format.Symbolizer
	start time.Time
}

// NewPprof returns the pprof Writer of the file path, which End creates
// or truncates.
func NewPprof(path string) *Pprof { return &Pprof{path: path} }

// Start takes the run's symbols and start time.
func (p *Pprof) Start(s *Start) error {
	p.syms, p.start = s.Symbols, s.Time
	return nil
}

func (*Pprof) Probe(*Probe) error { return nil }
func (*Pprof) Error(*Error) error { return nil }
func (*Pprof) Drops(*Drops) error { return nil }

// End writes the profile: to a file beside path, renamed to path once
// whole, so that a run that ends before (a second ^C, SIGKILL) leaves the
// profile absent, never truncated.
func (p *Pprof) End(e *End) error {
	f, err := os.CreateTemp(filepath.Dir(p.path), "."+filepath.Base(p.path)+".*")
	if err != nil {
		return fmt.Errorf("write pprof profile: %w", err)
	}
	err = p.profile(e).Write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// CreateTemp's file is private; the profile is not.
		err = os.Chmod(f.Name(), 0o666&^umask())
	}
	if err == nil {
		err = os.Rename(f.Name(), p.path)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write pprof profile %s: %w", p.path, err)
	}
	return nil
}

// CheckPprofPath returns the error writing a profile to path would meet,
// creating nothing: the directory must take a new file, and path must not
// be a directory.
func CheckPprofPath(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return &os.PathError{Op: "open", Path: path, Err: syscall.EISDIR}
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// umask returns the process's file mode creation mask, read from
// /proc rather than set and reset, which would race with the files other
// goroutines create; 022 where /proc does not say.
func umask() os.FileMode {
	b, _ := os.ReadFile("/proc/self/status")
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "Umask:"); ok {
			if m, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32); err == nil {
				return os.FileMode(m)
			}
		}
	}
	return 0o022
}

// profiled reports whether a goes into the profile.
func profiled(a *agg.Aggregation) bool {
	if a.Func != agg.Count && a.Func != agg.Sum {
		return false
	}
	es := a.Entries()
	return len(es) > 0 && stackKey(es[0].Keys) >= 0
}

// pprofBuilder interns the functions, locations and mappings of a
// profile.
type pprofBuilder struct {
	prof      *profile.Profile
	syms      format.Symbolizer
	funcs     map[[2]string]*profile.Function
	locs      map[locKey]*profile.Location
	maps      map[mapKey]*profile.Mapping
	sampleLen int
	// trunc is the location of format.FrameTruncated, once made.
	trunc *profile.Location
}

type locKey struct {
	user bool
	pid  int
	pc   uint64
}

type mapKey struct {
	user   bool
	module string
}

func (p *Pprof) profile(e *End) *profile.Profile {
	b := &pprofBuilder{
		prof:  &profile.Profile{TimeNanos: p.start.UnixNano()},
		syms:  p.syms,
		funcs: map[[2]string]*profile.Function{},
		locs:  map[locKey]*profile.Location{},
		maps:  map[mapKey]*profile.Mapping{},
	}
	if !p.start.IsZero() && e.Time.After(p.start) {
		b.prof.DurationNanos = e.Time.Sub(p.start).Nanoseconds()
	}
	var aggs []*agg.Aggregation
	names := map[string]bool{}
	for _, a := range e.Aggs.Aggregations() {
		if !profiled(a) {
			continue
		}
		aggs = append(aggs, a)
		name := a.Name
		if name == "" {
			name = a.Func.String()
		}
		if names[name] {
			name += "_" + strconv.Itoa(a.ID)
		}
		names[name] = true
		// A sum() has no unit that D knows of.
		unit := "count"
		if a.Func == agg.Sum {
			unit = ""
		}
		b.prof.SampleType = append(b.prof.SampleType, &profile.ValueType{Type: name, Unit: unit})
	}
	if len(aggs) == 0 {
		b.prof.SampleType = []*profile.ValueType{{Type: "count", Unit: "count"}}
	}
	// pprof shows the last sample type unless told: show the first.
	b.prof.DefaultSampleType = b.prof.SampleType[0].Type
	b.sampleLen = len(b.prof.SampleType)
	for i, a := range aggs {
		for _, en := range a.Entries() {
			b.sample(i, a, en)
		}
	}
	// pprof takes the first mapping for the main binary: the kernel's.
	slices.SortStableFunc(b.prof.Mapping, func(x, y *profile.Mapping) int {
		return cmp.Compare(mappingRank(x), mappingRank(y))
	})
	return b.prof
}

func mappingRank(m *profile.Mapping) int {
	if m.File == "vmlinux" {
		return 0
	}
	return 1
}

// sample adds the sample of entry en of the i'th profiled aggregation.
func (b *pprofBuilder) sample(i int, a *agg.Aggregation, en *agg.Entry) {
	s := &profile.Sample{Value: make([]int64, b.sampleLen)}
	s.Value[i] = a.Result(en.Data).Int64()
	for _, user := range []bool{false, true} {
		for _, k := range en.Keys {
			if k.Kind == format.KindStack && !user || k.Kind == format.KindUStack && user {
				s.Location = append(s.Location, b.stack(k)...)
			}
		}
	}
	for j, k := range en.Keys {
		name := "key" + strconv.Itoa(j)
		switch k.Kind {
		case format.KindStack, format.KindUStack:
		case format.KindInt:
			if s.NumLabel == nil {
				s.NumLabel = map[string][]int64{}
			}
			s.NumLabel[name] = []int64{k.Int64()}
		default:
			if s.Label == nil {
				s.Label = map[string][]string{}
			}
			s.Label[name] = []string{keyText(b.syms, k)}
		}
	}
	b.prof.Sample = append(b.prof.Sample, s)
}

// stack returns the locations of a stack's frames, innermost first.
func (b *pprofBuilder) stack(v format.Value) []*profile.Location {
	var out []*profile.Location
	user := v.Kind == format.KindUStack
	for _, pc := range v.Frames {
		if pc == 0 {
			break
		}
		k := locKey{user, v.Pid, pc}
		if user && pc == format.FrameTruncated {
			out = append(out, b.truncated())
			continue
		}
		l := b.locs[k]
		if l == nil {
			l = b.location(v, pc)
			b.locs[k] = l
		}
		out = append(out, l)
	}
	return out
}

// truncated returns the location of a stack's format.FrameTruncated
// mark: a function of that name, without an address.
func (b *pprofBuilder) truncated() *profile.Location {
	if b.trunc != nil {
		return b.trunc
	}
	f := &profile.Function{ID: uint64(len(b.prof.Function) + 1), Name: format.TruncatedText, SystemName: format.TruncatedText}
	b.prof.Function = append(b.prof.Function, f)
	l := &profile.Location{ID: uint64(len(b.prof.Location) + 1), Line: []profile.Line{{Function: f}}}
	b.prof.Location = append(b.prof.Location, l)
	b.trunc = l
	return l
}

// location makes the location of pc: its function and its module's
// mapping when the address resolves.
func (b *pprofBuilder) location(v format.Value, pc uint64) *profile.Location {
	l := &profile.Location{ID: uint64(len(b.prof.Location) + 1), Address: pc}
	b.prof.Location = append(b.prof.Location, l)
	s, ok := lookup(b.syms, v, pc)
	if !ok {
		return l
	}
	if s.Module != "" {
		l.Mapping = b.mapping(mapKey{v.Kind == format.KindUStack, s.Module}, pc)
	}
	if s.Name != "" {
		fk := [2]string{s.Module, s.Name}
		f := b.funcs[fk]
		if f == nil {
			f = &profile.Function{ID: uint64(len(b.prof.Function) + 1), Name: funcText(s, ok, pc), SystemName: s.Name, Filename: s.Module}
			b.funcs[fk] = f
			b.prof.Function = append(b.prof.Function, f)
		}
		l.Line = []profile.Line{{Function: f}}
	}
	return l
}

// mapping returns the mapping of a module, grown to hold pc.
func (b *pprofBuilder) mapping(k mapKey, pc uint64) *profile.Mapping {
	m := b.maps[k]
	if m == nil {
		m = &profile.Mapping{ID: uint64(len(b.prof.Mapping) + 1), Start: pc, Limit: pc + 1, File: k.module, HasFunctions: true}
		b.maps[k] = m
		b.prof.Mapping = append(b.prof.Mapping, m)
	}
	m.Start = min(m.Start, pc)
	m.Limit = max(m.Limit, pc+1)
	return m
}
