// Package option owns the catalogue of DTrace options: every name that
// dtrace(8) accepts after -x and in "#pragma D option", how its value is
// written (sizes such as 4m, rates such as 10hz or 500ms, booleans, keywords),
// its default, and the errors DTrace gives when a name or value is wrong.
//
// The catalogue follows Oracle's DTrace for Linux (libdtrace dt_options.c)
// and adds the options that the illumos Dynamic Tracing Guide documents
// beyond it, so that scripts written for either parse here. The catalogue
// accepts every option DTrace accepts; those that change nothing here are
// marked NoEffect, and setting one is recorded (Options.Ineffective) so
// that dtrace(8) warns "option NAME has no effect on Linux" instead of
// accepting it silently. A value DTrace knows that cannot be honoured here
// (oformat=xml or html, linktype=dof) is refused when set, with
// ErrNotSupported, rather than accepted and failing once tracing starts.
package option
