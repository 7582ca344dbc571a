package enable

import (
	"os"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
)

// TestMain releases tracefs, which the syscall provider mounts when it is
// not, so the tests leave the system as they found it.
func TestMain(m *testing.M) {
	code := m.Run()
	if err := feature.ReleaseTracefs(); err != nil {
		println(err.Error())
		code = 1
	}
	os.Exit(code)
}
