package option

import "errors"

// The errors Set and its variants return. Their texts are libdtrace's, because
// dtrace(8) prints them verbatim after its own context, e.g.
// "failed to set -x foo: Invalid option name".
var (
	ErrBadName    = errors.New("Invalid option name")
	ErrBadValue   = errors.New("Invalid value for specified option")
	ErrBadContext = errors.New("Option cannot be used from within a D program")
	ErrActive     = errors.New("Operation illegal when tracing is active")
	ErrOverflow   = errors.New("Value too large for defined data type")
	ErrBadVersion = errors.New("Version is not properly formatted or is too large")
	ErrNoVersion  = errors.New("Requested version is not supported by compiler")
	// ErrNotSupported refuses a value DTrace knows but this port cannot
	// honour (oformat=xml, linktype=dof): refused when set, rather than
	// accepted and failing once tracing starts.
	ErrNotSupported = errors.New("Value not supported on Linux")
)
