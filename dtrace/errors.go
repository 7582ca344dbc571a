package dtrace

import (
	"errors"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/option"
)

// ErrNotSupported is what every error of this package says when this
// kernel or this build cannot do what was asked: errors.Is(err,
// ErrNotSupported) holds for a feature the kernel lacks (the feature
// probes' and cilium/ebpf's ebpf.ErrNotSupported), for a construct code
// generation refuses (cg.ErrNotSupported), for an option value refused
// (option.ErrNotSupported, e.g. oformat=xml in a pragma), and for what godtrace does not
// do yet. The error's text says what is missing.
var ErrNotSupported = errors.New("not supported yet")

// notSupported names a missing feature in an error that matches
// ErrNotSupported.
type notSupported string

func (n notSupported) Error() string { return string(n) + " not supported yet" }
func (n notSupported) Is(target error) bool {
	return target == ErrNotSupported
}

// NotSupported returns the error for what, which godtrace does not do
// yet: "WHAT not supported yet", matching ErrNotSupported.
func NotSupported(what string) error { return notSupported(what) }

// unsupported is an error of a layer below, which says the kernel or code
// generation cannot, made to match ErrNotSupported too; its text and
// chain are the error's own.
type unsupported struct{ error }

func (u unsupported) Unwrap() error      { return u.error }
func (unsupported) Is(target error) bool { return target == ErrNotSupported }

// wrapNotSupported makes err match ErrNotSupported when a layer below
// says it cannot: the API's errors carry one sentinel whichever layer
// refused.
func wrapNotSupported(err error) error {
	if err == nil || errors.Is(err, ErrNotSupported) {
		return err
	}
	if errors.Is(err, ebpf.ErrNotSupported) || errors.Is(err, cg.ErrNotSupported) || errors.Is(err, option.ErrNotSupported) {
		return unsupported{err}
	}
	return err
}

// ErrorText is the text DTrace prints for an error after its context: the
// library's message for option errors, strerror(3)'s for system errors.
func ErrorText(err error) string {
	if err == nil {
		return ""
	}
	var oe *option.Error
	if errors.As(err, &oe) {
		return oe.Err.Error()
	}
	if le, ok := errors.AsType[*bpfrt.LoadError](err); ok {
		return le.Error()
	}
	if ae, ok := errors.AsType[*enable.AttachError](err); ok {
		return ae.Error()
	}
	return bpfrt.Strerror(err)
}
