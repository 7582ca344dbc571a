package diag

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/godtrace/godtrace/d/token"
)

// Error is one compile error, worded as DTrace words it. Msg holds no
// trailing newline; it may hold DTrace's continuation lines
// ("\n\t current: int").
type Error struct {
	Pos token.Position
	Tag Tag
	Msg string
}

// Format renders the error as DTrace prints it after the
// "dtrace: failed to compile script NAME: " prefix: "[D_TAG] line N: msg"
// when errtags is set (-xerrtags), "line N: msg" otherwise. Errors without
// a line (such as an empty program) have no "line N: " part.
func (e *Error) Format(errtags bool) string {
	s := ""
	if errtags {
		s = "[" + e.Tag.String() + "] "
	}
	if e.Pos.Line > 0 {
		s += fmt.Sprintf("line %d: ", e.Pos.Line)
	}
	return s + e.Msg
}

// Error renders the error without its tag.
func (e *Error) Error() string { return e.Format(false) }

// Errorf returns an Error with a formatted message.
func Errorf(pos token.Position, tag Tag, format string, args ...any) *Error {
	return &Error{Pos: pos, Tag: tag, Msg: fmt.Sprintf(format, args...)}
}

// List is a list of errors. DTrace stops at the first error it meets, so
// the first error after Sort is the one the driver prints.
type List []*Error

// Add appends an error.
func (l *List) Add(pos token.Position, tag Tag, msg string) {
	*l = append(*l, &Error{Pos: pos, Tag: tag, Msg: msg})
}

// Sort orders the list by file, line and column, keeping the order of
// errors at the same position.
func (l List) Sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
}

// Error is the message of the first error.
func (l List) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Err returns l as an error, or nil when l is empty.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Unwrap gives errors.As access to every error of the list.
func (l List) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}
