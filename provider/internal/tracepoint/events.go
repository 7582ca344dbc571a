package tracepoint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/provider"
)

// Events lists the tracepoint events of the running kernel; none when
// the kernel has no tracefs.
func Events() ([]Event, error) {
	tf, err := feature.Tracefs()
	if errors.Is(err, feature.ErrNotSupported) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(tf, "available_events"))
	if err != nil {
		return nil, fmt.Errorf("tracepoint events: %w", err)
	}
	defer f.Close()
	return ParseEvents(f)
}

// MayBeEvent reports false when the description, whose function field
// must match the empty function of tracepoint probes, names an event by
// its literal name (in a literal group, or in any) that no group has: a
// look at the few directories it can be in, where listing every event
// reads thousands of lines the kernel generates.
func MayBeEvent(d provider.Desc) bool {
	if !provider.FieldMatches(d.Function, "") {
		return false
	}
	if provider.IsGlob(d.Name) || d.Name == "" || provider.IsGlob(d.Module) || strings.Contains(d.Name+d.Module, "/") {
		return true
	}
	key := d.Module + ":" + d.Name
	if may, ok := eventLookups.Load(key); ok {
		return may.(bool)
	}
	may := HasEvent(d.Module, d.Name)
	eventLookups.Store(key, may)
	return may
}

// eventLookups remembers MayBeEvent's answers by "group:name": each
// description is matched several times while a program compiles.
var eventLookups sync.Map

// HasEvent reports whether the event exists in the group, or in any group
// when group is empty; true when it cannot tell.
func HasEvent(group, name string) bool {
	tf, err := feature.Tracefs()
	if err != nil {
		return true
	}
	groups := []string{group}
	if group == "" {
		if groups, err = eventGroups(); err != nil {
			return true
		}
	}
	for _, g := range groups {
		if _, err := os.Lstat(filepath.Join(tf, "events", g, name)); err == nil {
			return true
		}
	}
	return false
}

// eventGroups lists the tracepoint groups, once.
var eventGroups = sync.OnceValues(func() ([]string, error) {
	tf, err := feature.Tracefs()
	if err != nil {
		return nil, err
	}
	ents, err := os.ReadDir(filepath.Join(tf, "events"))
	if err != nil {
		return nil, err
	}
	var groups []string
	for _, e := range ents {
		if e.IsDir() {
			groups = append(groups, e.Name())
		}
	}
	return groups, nil
})

// Format returns the fields of the event group:name.
func Format(group, name string) ([]Field, error) {
	tf, err := feature.Tracefs()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(tf, "events", group, name, "format"))
	if err != nil {
		return nil, fmt.Errorf("tracepoint %s:%s: %w", group, name, err)
	}
	defer f.Close()
	fields, err := ParseFormat(f)
	if err != nil {
		return nil, fmt.Errorf("tracepoint %s:%s format: %w", group, name, err)
	}
	return fields, nil
}

// Attrs are the stability attributes of Oracle's sdt provider on
// tracepoints, which rawtp, built on the same events, shares.
var Attrs = provider.Attrs{
	Provider: provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	Module:   provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Function: provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Name:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	Args:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
}

// EventOf is the event a probe of a tracepoint-based provider was made
// for; an error when the probe is some other provider's.
func EventOf(p *provider.Probe) (Event, error) {
	e, ok := p.Data.(Event)
	if !ok {
		return Event{}, fmt.Errorf("probe %s is not a %s probe", p.Desc, p.Desc.Provider)
	}
	return e, nil
}
