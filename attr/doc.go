// Package attr owns DTrace's stability attributes: the stability levels
// (Internal ... Standard), the dependency classes (Unknown ... Common) and
// an attribute of the three, with DTrace's combination (Min), comparison
// against a minimum (Less), spelling (String) and parsing (Parse, as the
// amin option and the attributes pragma give it). The providers give them
// to their probes and the checker computes them for a program: both use
// these types, so that nothing converts between two models of one thing.
package attr
