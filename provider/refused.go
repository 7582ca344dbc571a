package provider

import (
	"fmt"
	"strings"
)

// Refused is a probe the kernel would not attach while the others of its
// unit were: the run goes on without it, and says so.
type Refused struct {
	Probe string // the probe's description, prov:mod:func:name
	Where string // the site, when the probe has several ("libc.so.6+0x2f0")
	Err   error
}

// Error is what dtrace prints for r, after "dtrace: ".
func (r Refused) Error() string {
	at := ""
	if r.Where != "" {
		at = " at " + r.Where
	}
	return fmt.Sprintf("failed to enable '%s'%s: %v", r.Probe, at, r.Err)
}

// PartialAttach is the error Unit.Attach returns, together with a closer
// that detaches what it attached, when some of the unit's probes could
// not be attached and the others were.
type PartialAttach struct {
	Refused []Refused
}

func (p *PartialAttach) Error() string {
	msgs := make([]string, len(p.Refused))
	for i, r := range p.Refused {
		msgs[i] = r.Error()
	}
	return strings.Join(msgs, "; ")
}
