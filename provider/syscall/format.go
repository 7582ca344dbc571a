package syscall

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// parseFormat returns the C types of a syscall tracepoint's arguments,
// the fields after __syscall_nr in its tracefs format.
func parseFormat(r io.Reader) ([]string, error) {
	var types []string
	seenNR := false
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		decl, ok := strings.CutPrefix(line, "field:")
		if !ok {
			continue
		}
		decl, _, _ = strings.Cut(decl, ";")
		if !seenNR {
			seenNR = strings.HasSuffix(decl, " __syscall_nr")
			continue
		}
		i := strings.LastIndexAny(decl, " *")
		if i < 0 {
			return nil, fmt.Errorf("field %q has no type", decl)
		}
		types = append(types, strings.TrimSpace(decl[:i+1]))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !seenNR {
		return nil, fmt.Errorf("no __syscall_nr field")
	}
	return types, nil
}
