package profile_test

import (
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/profile"
)

func TestMain(m *testing.M) { stabletest.Main(m) }

// TestProfileFires: profile:::profile-997 fires in the thread that spins,
// each firing with either a kernel PC in arg0 or a user PC in arg1 and 0
// in the other, mostly in user mode.
func TestProfileFires(t *testing.T) {
	testutil.Require(t, feature.SoftwarePerfEvents, feature.PerfEventProg)
	tab := provider.NewTable([]provider.Provider{profile.New()})
	var tid int
	fs := stabletest.Run(t, tab, []stabletest.Clause{{Desc: "profile:::profile-997", NArgs: 2}}, stabletest.Spin(100*time.Millisecond, &tid))
	user := 0
	for _, f := range fs {
		if f.TID != uint32(tid) {
			continue
		}
		kernelPC := f.Args[0] >= 1<<47 && f.Args[1] == 0
		userPC := f.Args[0] == 0 && f.Args[1] != 0 && f.Args[1] < 1<<47
		if !kernelPC && !userPC {
			t.Errorf("args %#x: want a kernel PC and 0, or 0 and a user PC", f.Args)
		}
		if userPC {
			user++
		}
	}
	// About 100 at full speed; the CPUs are shared, so ask for far fewer.
	if user < 10 {
		t.Errorf("%d user-mode firings in the spinning thread over 100ms, want at least 10", user)
	}
}
