package consume

import (
	"errors"
	"os"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/perf"
)

// newPerfReader returns the reader of the perf rings of size bytes a CPU.
// The kernel wakes it when a ring holds half of size, or half of bufsize
// when that is less (what the ring buffers' RingMark is): not at every
// record, which costs the traced thread more than the record. Run reads
// the rings at every switchrate tick besides, and the doorbell wakes it
// for what must be read now.
func newPerfReader(buffers *ebpf.Map, size, bufsize int) (*perf.Reader, error) {
	mark := max(min(size, bufsize)/2, 1)
	return perf.NewReaderWithOptions(buffers, size, perf.ReaderOptions{Watermark: mark})
}

// doorbell reads the doorbell perf rings, to which the BPF side writes
// where the ring buffers force a wakeup (tracing stopped, a key notice):
// each of its records wakes it, and it wakes the principal buffers'
// reader, which then reads every ring.
type doorbell struct {
	rd   *perf.Reader
	done chan struct{}
}

func newDoorbell(bell *ebpf.Map, wake *perf.Reader) (*doorbell, error) {
	rd, err := perf.NewReader(bell, os.Getpagesize())
	if err != nil {
		return nil, err
	}
	d := &doorbell{rd: rd, done: make(chan struct{})}
	go func() {
		defer close(d.done)
		var rec perf.Record
		for {
			err := rd.ReadInto(&rec)
			if errors.Is(err, perf.ErrClosed) {
				return
			}
			// A lost record rings too; an error that is not the
			// reader's closing would come again at once.
			wake.Flush()
			if err != nil {
				return
			}
		}
	}()
	return d, nil
}

// close stops the doorbell, before the reader it wakes is closed.
func (d *doorbell) close() error {
	err := d.rd.Close()
	<-d.done
	return err
}
