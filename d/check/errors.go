package check

import (
	"fmt"

	"github.com/godtrace/godtrace/d/diag"
)

// semError is a semantic error before it is given its position: DTrace's
// tag and message text.
type semError struct {
	Tag diag.Tag
	Msg string
}

func (e *semError) Error() string { return "[" + e.Tag.String() + "] " + e.Msg }

func semErrorf(tag diag.Tag, format string, args ...any) error {
	return &semError{Tag: tag, Msg: fmt.Sprintf(format, args...)}
}
