package provider

import (
	"errors"

	"github.com/cilium/ebpf/link"
)

// Links are the links one unit's Attach made, detached as one: the
// io.Closer that Attach returns when a unit needs a link per probe site.
type Links []link.Link

// Close closes every link, joining their errors.
func (ls Links) Close() error {
	var errs []error
	for _, l := range ls {
		errs = append(errs, l.Close())
	}
	return errors.Join(errs...)
}
