package testutil

import (
	"fmt"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
)

func TestSkipIfNotSupported(t *testing.T) {
	skipped := false
	t.Run("absent", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		SkipIfNotSupported(t, fmt.Errorf("x: %w", feature.ErrNotSupported))
	})
	if !skipped {
		t.Error("a missing feature did not skip")
	}
	SkipIfNotSupported(t, nil)
	if t.Skipped() || t.Failed() {
		t.Error("nil error skipped or failed")
	}
}
