package fbt

import (
	"testing"

	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
)

// TestMain releases tracefs, which the provider mounts when it is not, so
// the tests leave the system as they found it.
func TestMain(m *testing.M) { stabletest.Main(m) }
