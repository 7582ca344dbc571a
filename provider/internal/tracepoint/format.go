package tracepoint

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Field is one field of a tracepoint event record, from its tracefs
// format.
type Field struct {
	// Decl is the declaration as the format writes it, without ';'.
	Decl string
	// Name is the field's name.
	Name string
	// Type is the C type of the value args[] gives for the field: the
	// declared type for a scalar, a pointer to the element for an array
	// or a __data_loc field, a pointer to the type for a field wider than
	// a register.
	Type   string
	Offset int
	Size   int
	Signed bool
	// Array is set for fixed arrays (char comm[16]).
	Array bool
	// DataLoc is set for __data_loc fields, whose 32-bit value holds the
	// data's length (high half) and offset in the record (low half).
	DataLoc bool
}

// ParseFormat reads a tracefs event format and returns its fields after
// the common_ ones, in record order.
func ParseFormat(r io.Reader) ([]Field, error) {
	var fields []Field
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "field:") {
			continue
		}
		f, err := parseField(line)
		if err != nil {
			return nil, err
		}
		if !strings.HasPrefix(f.Name, "common_") {
			fields = append(fields, f)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read format: %w", err)
	}
	return fields, nil
}

// parseField parses "field:TYPE NAME;\toffset:N;\tsize:N;\tsigned:N;".
func parseField(line string) (Field, error) {
	var f Field
	for part := range strings.SplitSeq(line, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			continue
		}
		var err error
		switch k {
		case "field":
			f.Decl = v
		case "offset":
			f.Offset, err = strconv.Atoi(v)
		case "size":
			f.Size, err = strconv.Atoi(v)
		case "signed":
			f.Signed = v == "1"
		}
		if err != nil {
			return Field{}, fmt.Errorf("field %q: bad %s: %w", line, k, err)
		}
	}
	decl := strings.TrimSpace(f.Decl)
	if rest, ok := strings.CutPrefix(decl, "__data_loc "); ok {
		f.DataLoc = true
		decl = rest
	}
	// The name is the last identifier, before any array bound.
	i := strings.LastIndexAny(decl, " *")
	if i < 0 || i == len(decl)-1 {
		return Field{}, fmt.Errorf("field %q has no type", line)
	}
	typ, name := strings.TrimSpace(decl[:i+1]), decl[i+1:]
	if b := strings.IndexByte(name, '['); b >= 0 {
		name, f.Array = name[:b], true
	}
	if b := strings.IndexByte(typ, '['); b >= 0 { // "char[] name" of __data_loc
		typ = strings.TrimSpace(typ[:b])
	}
	f.Name = name
	switch f.Size {
	case 1, 2, 4, 8:
		f.Type = typ
	default:
		f.Type = typ + " *" // args[] gives the address of a wide field
	}
	if f.Array || f.DataLoc {
		f.Type = typ + " *"
	}
	if f.Name == "" || f.Type == "" {
		return Field{}, fmt.Errorf("field %q has no name", line)
	}
	return f, nil
}

// Event is one tracepoint event, GROUP:NAME in available_events.
type Event struct {
	Group, Name string
}

// ParseEvents reads available_events: one "group:event" a line.
func ParseEvents(r io.Reader) ([]Event, error) {
	var evs []Event
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		g, n, ok := strings.Cut(strings.TrimSpace(sc.Text()), ":")
		if !ok || g == "" || n == "" {
			continue
		}
		evs = append(evs, Event{Group: g, Name: n})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read available_events: %w", err)
	}
	return evs, nil
}
