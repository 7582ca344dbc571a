package syscall

import (
	"fmt"
	"io"

	"github.com/godtrace/godtrace/provider/internal/tracepoint"
)

// parseFormat returns the C types of a syscall tracepoint's arguments,
// the fields after __syscall_nr in its tracefs format, read by the one
// tracefs format parser the tracepoint providers share.
func parseFormat(r io.Reader) ([]string, error) {
	fields, err := tracepoint.ParseFormat(r)
	if err != nil {
		return nil, err
	}
	for i, f := range fields {
		if f.Name != "__syscall_nr" {
			continue
		}
		types := make([]string, 0, len(fields)-i-1)
		for _, a := range fields[i+1:] {
			types = append(types, a.Type)
		}
		return types, nil
	}
	return nil, fmt.Errorf("no __syscall_nr field")
}
