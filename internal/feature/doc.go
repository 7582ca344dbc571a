// Package feature owns the detection of what the running kernel offers for
// tracing (program types, attach points, helpers, PMUs, tracefs), each probed
// once and cached, so callers branch on a result instead of a kernel version.
//
// Every probe returns nil when the feature is present and an error wrapping
// ErrNotSupported when the kernel truly lacks it; any other error means the
// probe itself failed and must not be read as "absent".
package feature
