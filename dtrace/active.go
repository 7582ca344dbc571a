package dtrace

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
)

// activePoll is how often Go looks at the activity word until tracing is
// active; the processes of -c and -p wait that long at most to run.
const activePoll = time.Millisecond

// stateMap finds the state map of a session through its loaded programs:
// the session does not hand out its maps, and the activity word in that
// map is the only sign that BEGIN is done and tracing is active.
func stateMap(progs []consume.Program) (*ebpf.Map, error) {
	for _, p := range progs {
		info, err := p.Prog.Info()
		if err != nil {
			return nil, fmt.Errorf("program info of %s: %w", p.Name, err)
		}
		ids, _ := info.MapIDs()
		for _, id := range ids {
			m, err := ebpf.NewMapFromID(id)
			if err != nil {
				return nil, fmt.Errorf("map %d of %s: %w", id, p.Name, err)
			}
			if mi, err := m.Info(); err == nil && mi.Name == bpfrt.MapState {
				return m, nil
			}
			m.Close()
		}
	}
	return nil, nil
}

// waitActive returns once the activity word of state has left "inactive"
// (BEGIN has run), or when ctx is done.
func waitActive(ctx context.Context, state *ebpf.Map) error {
	t := time.NewTicker(activePoll)
	defer t.Stop()
	v := make([]byte, state.ValueSize())
	for {
		if err := state.Lookup(uint32(0), v); err != nil {
			return fmt.Errorf("read state: %w", err)
		}
		if bpfrt.Activity(binary.NativeEndian.Uint32(v[bpfrt.StateActivity:])) != bpfrt.ActivityInactive {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}
