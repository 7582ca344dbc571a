package check

import (
	"fmt"
	"strings"

	"github.com/godtrace/godtrace/ctype"
)

// Param is one parameter of a built-in function's prototype.
type Param struct {
	// Type is nil for @, a parameter of any type.
	Type *ctype.Type
	// Spelling is the parameter as the prototype writes it, which is how
	// DTrace names it in D_PROTO_ARG messages.
	Spelling string
	Optional bool
}

// Proto is a parsed built-in function prototype.
type Proto struct {
	// Result is nil for the special results stack, _symaddr and
	// _usymaddr, which ResultName names.
	Result     *ctype.Type
	ResultName string
	Params     []Param
	Variadic   bool
}

// MinArgs and MaxArgs bound the number of arguments; MaxArgs is -1 for
// variadic prototypes.
func (p *Proto) MinArgs() int {
	n := 0
	for _, a := range p.Params {
		if !a.Optional {
			n++
		}
	}
	return n
}

// MaxArgs returns the largest number of arguments, or -1 when variadic.
func (p *Proto) MaxArgs() int {
	if p.Variadic {
		return -1
	}
	return len(p.Params)
}

// parseProto parses a prototype in the notation of Ident.Proto, resolving
// type names through u.
func parseProto(u *ctype.Universe, s string) (*Proto, error) {
	open := strings.LastIndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") {
		return nil, fmt.Errorf("prototype %q: no parameter list", s)
	}
	p := &Proto{ResultName: strings.TrimSpace(s[:open])}
	if !strings.HasPrefix(p.ResultName, "stack") && !strings.HasPrefix(p.ResultName, "_") {
		t, err := parseTypeName(u, p.ResultName)
		if err != nil {
			return nil, &protoError{spelling: p.ResultName, err: err}
		}
		p.Result = t
	}
	list := strings.TrimSpace(s[open+1 : len(s)-1])
	if list == "" {
		return p, nil
	}
	for i, a := range strings.Split(list, ",") {
		a = strings.TrimSpace(a)
		switch {
		case a == "...":
			p.Variadic = true
			continue
		case a == "@":
			p.Params = append(p.Params, Param{Spelling: a})
			continue
		}
		par := Param{}
		if strings.HasPrefix(a, "[") && strings.HasSuffix(a, "]") {
			par.Optional = true
			a = a[1 : len(a)-1]
		}
		par.Spelling = a
		t, err := parseTypeName(u, a)
		if err != nil {
			return nil, &protoError{arg: i + 1, spelling: a, err: err}
		}
		par.Type = t
		p.Params = append(p.Params, par)
	}
	return p, nil
}

// protoError is a type of a prototype that does not resolve: its result
// (arg 0) or a parameter's, as it is spelled.
type protoError struct {
	arg      int
	spelling string
	err      error
}

func (e *protoError) Error() string {
	return fmt.Sprintf("prototype type %s (argument %d): %v", e.spelling, e.arg, e.err)
}

func (e *protoError) Unwrap() error { return e.err }

// parseTypeName resolves the simple C type names used in prototypes and
// built-in variable types: an optional const, a (possibly module-scoped)
// type name, and any number of '*'.
func parseTypeName(u *ctype.Universe, s string) (*ctype.Type, error) {
	s = strings.TrimSpace(s)
	stars := 0
	for strings.HasSuffix(s, "*") {
		stars++
		s = strings.TrimSpace(s[:len(s)-1])
	}
	// DTrace looks these names up in CTF, which ignores qualifiers: its
	// messages call a const char * parameter char *.
	s = strings.TrimPrefix(s, "const ")
	if words := strings.Fields(s); len(words) > 1 {
		if name, ok := ctype.BaseName(words); ok {
			s = name
		}
	}
	t, err := u.LookupType(s)
	if err != nil {
		return nil, err
	}
	for range stars {
		t = ctype.NewPointer(t)
	}
	return t, nil
}
