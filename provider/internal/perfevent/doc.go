// Package perfevent owns what the providers built on sampling perf
// events (profile, cpc) share: the unit whose program turns the
// interrupted registers into arg0 (kernel PC) and arg1 (user PC), the
// probes' attributes, and the opening, linking and enabling of one perf
// event per CPU. The providers keep only which event they open and on
// which CPUs.
package perfevent
