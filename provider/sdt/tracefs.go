package sdt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/godtrace/godtrace/internal/feature"
)

// Events lists the tracepoint events of the running kernel; none when
// the kernel has no tracefs.
func Events() ([]Event, error) {
	tf, err := feature.Tracefs()
	if errors.Is(err, feature.ErrNotSupported) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(tf, "available_events"))
	if err != nil {
		return nil, fmt.Errorf("tracepoint events: %w", err)
	}
	defer f.Close()
	return ParseEvents(f)
}

// Format returns the fields of the event group:name.
func Format(group, name string) ([]Field, error) {
	tf, err := feature.Tracefs()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(tf, "events", group, name, "format"))
	if err != nil {
		return nil, fmt.Errorf("tracepoint %s:%s: %w", group, name, err)
	}
	defer f.Close()
	fields, err := ParseFormat(f)
	if err != nil {
		return nil, fmt.Errorf("tracepoint %s:%s format: %w", group, name, err)
	}
	return fields, nil
}
