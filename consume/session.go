package consume

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/perf"

	"github.com/godtrace/godtrace/bpfrt"
)

// Options configure a session. The zero value is DTrace's defaults.
type Options struct {
	// Config sizes the maps and buffers (bufsize and friends).
	Config bpfrt.Config
	// SwitchRate is how often the consumer looks at the buffers and the
	// state when nothing wakes it (DTrace's switchrate, default 1s).
	SwitchRate time.Duration
	// StatusRate, when set, is DTrace's statusrate: as DTrace's consumer
	// does, this one notices exit() only when it checks the state, at
	// the start of tracing and then every StatusRate. Zero notices it
	// at once: DTrace's default (1s) would only delay the end.
	StatusRate time.Duration
	// SpecSize is specsize: the bytes of records one speculation holds
	// (default DefaultSpecSize).
	SpecSize int
	// ManualResize is bufresize=manual: a principal buffer the kernel
	// cannot allocate fails Open, rather than being halved until it can
	// (bufresize=auto, DTrace's default). BufSize says what Open made.
	ManualResize bool
	// Policy is bufpolicy (policy.go).
	Policy Policy
}

// BuffersEnv is the environment variable that chooses the principal
// buffers over Config.Buffers: "perf" for perf rings, "ring" for BPF ring
// buffers (failing where the kernel lacks them), "shared" for one BPF
// ring buffer for all CPUs (only to be measured: bpfrt.BuffersRingShared).
// Tests run both paths with it.
const BuffersEnv = "GODTRACE_BUFFERS"

// DefaultSwitchRate is DTrace's default switchrate.
const DefaultSwitchRate = time.Second

// Session is the consumer of one tracing run: its maps, the reader of
// its buffers and what it keeps of the records it has read.
type Session struct {
	maps       *bpfrt.Maps
	eps        bpfrt.EPTable
	rd         *perf.Reader // the perf rings' reader, without ring buffers
	bell       *doorbell    // wakes rd (perf.go)
	held       bool         // Run's perf.Record holds a record not dispatched yet (readPerf)
	syncs      syncs        // the callers of Sync (sync.go)
	ring       *ringReader  // the BPF ring buffers' reader
	switchRate time.Duration
	statusRate time.Duration

	drops []bpfrt.Drops // per CPU, as last reported

	specs    map[uint32]*speculation // by speculation id
	specSize int
	specFull uint64    // speculative records dropped for specsize
	specLast [3]uint64 // the SpecDrop counts as last reported

	policy   policyState
	onActive func()
	bufSize  int // see BufSize
	finished bool
}

// Open creates the session's maps and the reader of its buffers.
func Open(opts Options) (*Session, error) {
	cfg := opts.Config
	cfg.ManualResize = opts.ManualResize
	switch os.Getenv(BuffersEnv) {
	case "perf":
		cfg.Buffers = bpfrt.BuffersPerf
	case "ring":
		cfg.Buffers = bpfrt.BuffersRing
	case "shared":
		// One ring for all CPUs, to be measured (bench/README.md).
		cfg.Buffers = bpfrt.BuffersRingShared
	}
	maps, err := bpfrt.NewMaps(cfg)
	if err != nil {
		return nil, err
	}
	s := &Session{maps: maps, switchRate: opts.SwitchRate, statusRate: opts.StatusRate, specs: map[uint32]*speculation{}, specSize: opts.SpecSize}
	if s.switchRate <= 0 {
		s.switchRate = DefaultSwitchRate
	}
	if s.specSize <= 0 {
		s.specSize = DefaultSpecSize
	}
	s.bufSize = maps.Layout.BufSize
	s.policy = policyState{policy: opts.Policy, size: opts.Config.BufSize}
	if s.policy.size <= 0 {
		s.policy.size = bpfrt.DefaultBufSize
	}
	if maps.Rings != nil {
		if s.ring, err = newRingReader(maps.Rings); err != nil {
			maps.Close()
			return nil, fmt.Errorf("open buffers: %w", err)
		}
		return s, nil
	}
	for {
		if s.rd, err = newPerfReader(maps.Buffers, s.bufSize, s.policy.size); err == nil {
			break
		}
		// Halved, a buffer still holds the largest record: the layout
		// bounds records by the size asked for. The reader keeps only
		// the text of mmap's error, which is ENOMEM's when the size is
		// too much; any other failure stays the same halved, and the
		// last one is returned.
		if opts.ManualResize || s.bufSize/2 < maps.Layout.RecordSize {
			maps.Close()
			return nil, fmt.Errorf("open buffers: %w", err)
		}
		// The next power of two down: rings are powers of two.
		s.bufSize = 1 << (bits.Len(uint(s.bufSize-1)) - 1)
	}
	if s.bell, err = newDoorbell(maps.Doorbell, s.rd); err != nil {
		s.rd.Close()
		maps.Close()
		return nil, fmt.Errorf("open buffers: %w", err)
	}
	return s, nil
}

// Buffers says what the principal buffers are: "ring" (BPF ring
// buffers) or "perf" (perf rings).
func (s *Session) Buffers() string {
	if s.ring != nil {
		return "ring"
	}
	return "perf"
}

// BufSize returns the size of each CPU's principal buffer, which may be
// lower than asked for (Options.ManualResize).
func (s *Session) BufSize() int { return s.bufSize }

// Maps returns the session's maps (to fill globals or the string table).
func (s *Session) Maps() *bpfrt.Maps { return s.maps }

// EPs returns the session's enabled probe table.
func (s *Session) EPs() *bpfrt.EPTable { return &s.eps }

// SetSwitchRate changes how often the consumer reads the buffers when
// nothing wakes it, as setopt("switchrate") does while tracing: the next
// reading is due one new switchrate after the last. A Handler may call it
// from within Run; d <= 0 is ignored.
func (s *Session) SetSwitchRate(d time.Duration) {
	if d > 0 {
		s.switchRate = d
	}
}

// SetStatusRate changes how often the consumer checks the state (exit()),
// as setopt("statusrate") does while tracing. A Handler may call it from
// within Run; d <= 0 is ignored.
func (s *Session) SetStatusRate(d time.Duration) {
	if d > 0 {
		s.statusRate = d
	}
}

// OnActive makes Run call f once BEGIN has run and the activity has left
// inactive (tracing is active, or exit() in BEGIN has ended it), before it
// reads any record.
func (s *Session) OnActive(f func()) { s.onActive = f }

// Run fires BEGIN, consumes records until exit() is called, ctx is done
// or h fails, then drains, fires END, drains again and returns the exit
// status (0 when no exit() ran). begin and end are the programs of
// dtrace:::BEGIN and dtrace:::END, nil when they are not enabled. Run may
// be called once.
//
// When h is a Flusher, it is flushed whenever the buffers have been read
// empty, before the consumer waits: at each switchrate tick, after each
// wakeup, and at the end.
func (s *Session) Run(ctx context.Context, h Handler, begin, end *ebpf.Program) (int, error) {
	if s.finished {
		return 0, errors.New("session already ran")
	}
	s.finished = true
	// wake wakes a blocked read when ctx is cancelled or Sync asks. The reader is
	// taken now: cancelled before Run, ctx runs the function in a
	// goroutine that may run only after Close has cleared it (waking
	// a closed reader is harmless).
	wake := s.ring.wakeFunc()
	if rd := s.rd; rd != nil {
		wake = func() { rd.Flush() }
	}
	defer context.AfterFunc(ctx, wake)()
	s.startSyncs(wake)
	defer s.stopSyncs()
	if begin != nil {
		if err := bpfrt.Run(begin, s.runCPU()); err != nil {
			return 0, fmt.Errorf("BEGIN: %w", err)
		}
	}
	st, err := s.maps.ReadState()
	if err != nil {
		return 0, err
	}
	if st.Activity == bpfrt.ActivityInactive {
		if err := s.maps.SetActivity(bpfrt.ActivityActive); err != nil {
			return 0, err
		}
	}
	if s.onActive != nil {
		s.onActive()
	}
	var rec perf.Record
	lastDrops := time.Now()
	statusDue := lastDrops // with a statusrate, when the state is next checked
	// The rings are read when a record or a wake woke the consumer and at
	// each switchrate tick, not when it wakes only to check the state at
	// a statusrate tick: DTrace reads its buffers at switchrate.
	woken := true
	// stopping tells a Stopper, once, that tracing has stopped: as soon
	// as exit() has run, before the records that follow it are read.
	stopped := false
	stopping := func() error {
		if st, ok := h.(Stopper); ok && !stopped {
			stopped = true
			return st.Stopping()
		}
		return nil
	}
	for ctx.Err() == nil {
		if st, err = s.maps.ReadState(); err != nil {
			return 0, err
		}
		now := time.Now()
		due := s.statusRate <= 0 || !now.Before(statusDue)
		// Under bufpolicy=fill, tracing stops once a buffer is full.
		if st.Activity != bpfrt.ActivityActive && due || s.policy.filled {
			break
		}
		if st.Activity != bpfrt.ActivityActive {
			if err := stopping(); err != nil {
				return 0, err
			}
		}
		for due && s.statusRate > 0 && !now.Before(statusDue) {
			statusDue = statusDue.Add(s.statusRate)
		}
		if time.Since(lastDrops) >= s.switchRate {
			if err := s.reportDrops(h); err != nil {
				return 0, err
			}
			lastDrops = time.Now()
			woken = true
		}
		wake := lastDrops.Add(s.switchRate)
		if s.statusRate > 0 && statusDue.Before(wake) {
			wake = statusDue
		}
		if s.ring != nil {
			if woken {
				syncs := s.takeSyncs()
				if err := s.readRings(h); err != nil {
					return 0, err
				}
				releaseSyncs(syncs)
			}
			if woken, err = s.ring.wait(wake); err != nil {
				return 0, err
			}
			continue
		}
		// The perf reader reads every ring when its wait ends, woken or
		// not: it waits for the switchrate tick, as the ring buffers
		// are read, and for the status tick only once tracing has
		// stopped (exit() rings the doorbell) and Run waits for that
		// tick to notice it.
		perfWake := lastDrops.Add(s.switchRate)
		if st.Activity != bpfrt.ActivityActive && wake.Before(perfWake) {
			perfWake = wake
		}
		if err := s.readPerf(&rec, h, perfWake); err != nil {
			return 0, err
		}
	}
	if err := s.maps.SetActivity(bpfrt.ActivityDraining); err != nil {
		return 0, err
	}
	if err := stopping(); err != nil {
		return 0, err
	}
	if err := s.drain(&rec, h); err != nil {
		return 0, err
	}
	s.policy.ending = true
	if end != nil {
		if err := s.maps.SetActivity(bpfrt.ActivityEnd); err != nil {
			return 0, err
		}
		if err := bpfrt.Run(end, s.runCPU()); err != nil {
			return 0, fmt.Errorf("END: %w", err)
		}
		// END's records read what END changed, as in DTrace, whose
		// END fires before its last reading of the aggregations.
		if st, ok := h.(Stopper); ok {
			if err := st.Stopping(); err != nil {
				return 0, err
			}
		}
		if err := s.drain(&rec, h); err != nil {
			return 0, err
		}
	}
	if s.policy.policy == PolicyRing {
		if err := s.flushRing(h); err != nil {
			return 0, err
		}
		if err := s.reportDrops(h); err != nil {
			return 0, err
		}
		if err := flush(h); err != nil {
			return 0, err
		}
	}
	if err := s.maps.SetActivity(bpfrt.ActivityStopped); err != nil {
		return 0, err
	}
	if st, err = s.maps.ReadState(); err != nil {
		return 0, err
	}
	if !st.Exited {
		return 0, nil
	}
	return int(int32(st.Status)), nil
}

// Flusher is implemented by a Handler that buffers what it writes: Run
// flushes it whenever it has read the buffers empty.
type Flusher interface {
	Flush() error
}

func flush(h Handler) error {
	if f, ok := h.(Flusher); ok {
		return f.Flush()
	}
	return nil
}

// readRings dispatches every record the ring buffers hold, then flushes
// h.
func (s *Session) readRings(h Handler) error {
	if _, err := s.ring.read(func(cpu int, raw []byte) error { return s.dispatch(cpu, raw, h) }); err != nil {
		return err
	}
	return flush(h)
}

// readPerf dispatches one record of the perf rings, waiting for one
// until deadline; when none is ready it first flushes h.
func (s *Session) readPerf(rec *perf.Record, h Handler, deadline time.Time) error {
	if s.held {
		s.held = false
		if err := s.dispatchPerf(rec, h); err != nil {
			return err
		}
	}
	s.rd.SetDeadline(time.Now())
	err := s.perfRead(rec, h)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		if err := flush(h); err != nil {
			return err
		}
		s.rd.SetDeadline(deadline)
		if err = s.perfRead(rec, h); err == nil {
			// The first record after a wait is held until Run has
			// looked at the state: what woke the reader may be
			// exit() (the doorbell), which the records read after
			// it must see, as with ring buffers, whose wait returns
			// before any record is read.
			s.held = true
			return nil
		}
	}
	if errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, perf.ErrFlushed) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read buffers: %w", err)
	}
	return s.dispatchPerf(rec, h)
}

// dispatchPerf dispatches the perf rings' record rec.
func (s *Session) dispatchPerf(rec *perf.Record, h Handler) error {
	if rec.LostSamples > 0 {
		return nil // counted by reportDrops
	}
	return s.dispatch(rec.CPU, rec.RawSample, h)
}

// drain dispatches every record already in the buffers, reports the
// drops and flushes h.
func (s *Session) drain(rec *perf.Record, h Handler) error {
	if s.ring != nil {
		// A clause that started before tracing stopped may still be
		// writing its record: what it commits is read on the next
		// pass.
		for {
			n, err := s.ring.read(func(cpu int, raw []byte) error { return s.dispatch(cpu, raw, h) })
			if err != nil {
				return err
			}
			if n == 0 {
				break
			}
		}
		if err := s.reportDrops(h); err != nil {
			return err
		}
		return flush(h)
	}
	if s.held {
		s.held = false
		if err := s.dispatchPerf(rec, h); err != nil {
			return err
		}
	}
	s.rd.SetDeadline(time.Now())
	for {
		err := s.rd.ReadInto(rec)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			if err := s.reportDrops(h); err != nil {
				return err
			}
			return flush(h)
		}
		if errors.Is(err, perf.ErrFlushed) {
			continue
		}
		if err != nil {
			return fmt.Errorf("read buffers: %w", err)
		}
		if err := s.dispatchPerf(rec, h); err != nil {
			return err
		}
	}
}

// reportDrops reports the drops counted since the last report, in the
// order DTrace reports them: the kinds it counts over all CPUs (dynamic
// variables, then speculations), then each CPU's aggregation drops, then
// each CPU's principal buffer drops; then each CPU's firings nested too
// deep, which DTrace, whose probe context cannot be interrupted, never has. The runtime counts principal drops
// in BPF (bpfrt.Maps.Drops) rather than from the perf ring's lost
// records, which the kernel writes only when a later record fits, so
// drops at the end of a run would go unreported.
func (s *Session) reportDrops(h Handler) error {
	drops, err := s.maps.Drops()
	if err != nil {
		return err
	}
	// The records the fill and ring policies dropped are principal
	// drops of their CPU.
	for cpu, n := range s.policy.dropped {
		if cpu < len(drops) {
			drops[cpu].Principal += n
		}
	}
	last := make([]bpfrt.Drops, len(drops))
	copy(last, s.drops)
	s.drops = drops
	var dyn, lastDyn uint64
	for cpu, d := range drops {
		dyn += d.Dynamic
		lastDyn += last[cpu].Dynamic
	}
	if dyn > lastDyn {
		if err := h.Drops(DropDynamic, -1, dyn-lastDyn); err != nil {
			return err
		}
	}
	if err := s.reportSpecDrops(h); err != nil {
		return err
	}
	for _, k := range []DropKind{DropAggregation, DropPrincipal, DropNested} {
		for cpu, d := range drops {
			n, was := d.Principal, last[cpu].Principal
			switch k {
			case DropAggregation:
				n, was = d.Aggregation, last[cpu].Aggregation
			case DropNested:
				n, was = d.Nested, last[cpu].Nested
			}
			if n > was {
				if err := h.Drops(k, cpu, n-was); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (s *Session) dispatch(cpu int, raw []byte, h Handler) error {
	epid, err := bpfrt.RecordEPID(raw)
	if err != nil {
		return fmt.Errorf("cpu %d: %w", cpu, err)
	}
	if epid == bpfrt.EPIDFault {
		fr, err := bpfrt.DecodeFault(raw)
		if err != nil {
			return fmt.Errorf("cpu %d: %w", cpu, err)
		}
		return h.Fault(Fault{CPU: cpu, FaultRec: fr, EP: s.eps.Lookup(fr.EPID)})
	}
	if epid == bpfrt.EPIDKeyNotice {
		kh, ok := h.(KeyHandler)
		if !ok {
			return nil
		}
		id := binary.NativeEndian.Uint32(raw[4:])
		return kh.KeyNotice(KeyNotice{CPU: cpu, AggID: int(id), Key: raw})
	}
	spec, err := bpfrt.RecordSpec(raw)
	if err != nil {
		return fmt.Errorf("cpu %d: %w", cpu, err)
	}
	if epid == bpfrt.EPIDSpec {
		return s.specEnd(spec, h)
	}
	ep := s.eps.Lookup(epid)
	if ep == nil {
		return fmt.Errorf("cpu %d: record with unknown EPID %d", cpu, epid)
	}
	end := bpfrt.RecHeaderSize + ep.Stmt.DataSize
	if len(raw) < end {
		return fmt.Errorf("cpu %d: record of EPID %d has %d bytes, want %d", cpu, epid, len(raw), end)
	}
	r := Record{CPU: cpu, EP: ep, Data: raw[bpfrt.RecHeaderSize:end]}
	if spec != 0 {
		s.specRecord(spec, r)
		return nil
	}
	return s.record(r, h)
}

// Close releases the reader of the buffers and the maps.
func (s *Session) Close() error {
	var errs []error
	if s.bell != nil {
		errs = append(errs, s.bell.close())
		s.bell = nil
	}
	if s.rd != nil {
		errs = append(errs, s.rd.Close())
		s.rd = nil
	}
	if s.ring != nil {
		errs = append(errs, s.ring.close())
		s.ring = nil
	}
	if s.maps != nil {
		errs = append(errs, s.maps.Close())
		s.maps = nil
	}
	return errors.Join(errs...)
}

// runCPU is the CPU BEGIN and END must fire on: the cpu option's, whose
// CPU alone runs clauses, or -1 for the calling one.
func (s *Session) runCPU() int {
	if l := s.maps.Layout; l.OneCPU {
		return l.CPU
	}
	return -1
}
