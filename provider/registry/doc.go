// Package registry owns the ordered list of the providers dtrace offers.
// It is a package of its own because the providers import package
// provider, so the list cannot live there without an import cycle.
package registry
