package dtrace

import (
	"errors"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/option"
)

// ErrNotSupported is returned for what DTrace does but godtrace cannot do
// yet; the error text says what is missing.
var ErrNotSupported = errors.New("not supported yet")

// notSupported names a missing feature in an error that matches
// ErrNotSupported.
type notSupported string

func (n notSupported) Error() string { return string(n) + " not supported yet" }
func (n notSupported) Is(target error) bool {
	return target == ErrNotSupported
}

// ErrorText is the text DTrace prints for an error after its context: the
// library's message for option errors, strerror(3)'s for system errors.
func ErrorText(err error) string {
	var oe *option.Error
	if errors.As(err, &oe) {
		return oe.Err.Error()
	}
	if le, ok := errors.AsType[*bpfrt.LoadError](err); ok {
		return le.Error()
	}
	if ae, ok := errors.AsType[*consume.AttachError](err); ok {
		return ae.Error()
	}
	return bpfrt.Strerror(err)
}
