package provider

import "strings"

// Desc is a probe description: provider, module, function and name. Each
// field may be a glob pattern (gmatch syntax); an empty field matches
// anything.
type Desc struct {
	Provider, Module, Function, Name string
}

// ParseDesc splits "prov:mod:func:name". With fewer fields, the fields
// given are the rightmost ones, as DTrace reads "BEGIN" as the name and
// "func:name" as function and name.
func ParseDesc(s string) Desc {
	f := strings.SplitN(s, ":", 4)
	for len(f) < 4 {
		f = append([]string{""}, f...)
	}
	return Desc{Provider: f[0], Module: f[1], Function: f[2], Name: f[3]}
}

// String returns "prov:mod:func:name".
func (d Desc) String() string {
	return d.Provider + ":" + d.Module + ":" + d.Function + ":" + d.Name
}

// Matches reports whether the probe name p (no patterns) matches the
// description d.
func (d Desc) Matches(p Desc) bool {
	return matchField(d.Provider, p.Provider) && matchField(d.Module, p.Module) &&
		matchField(d.Function, p.Function) && matchField(d.Name, p.Name)
}

func matchField(pattern, s string) bool {
	return pattern == "" || Gmatch(s, pattern)
}

// IsGlob reports whether s holds glob metacharacters.
func IsGlob(s string) bool { return strings.ContainsAny(s, "*?[\\") }

// Gmatch reports whether s matches the shell pattern p: '*' matches any
// string, '?' any character, "[...]" a character class (with ranges and
// '!' negation), and '\' quotes the next character. A malformed class
// matches nothing, as gmatch(3C) does.
func Gmatch(s, p string) bool {
	for len(p) > 0 {
		switch p[0] {
		case '*':
			for len(p) > 0 && p[0] == '*' {
				p = p[1:]
			}
			if p == "" {
				return true
			}
			for i := 0; i <= len(s); i++ {
				if Gmatch(s[i:], p) {
					return true
				}
			}
			return false
		case '?':
			if s == "" {
				return false
			}
			s, p = s[1:], p[1:]
		case '[':
			if s == "" {
				return false
			}
			ok, rest, valid := matchClass(s[0], p[1:])
			if !valid || !ok {
				return false
			}
			s, p = s[1:], rest
		case '\\':
			if len(p) > 1 {
				p = p[1:]
			}
			fallthrough
		default:
			if s == "" || s[0] != p[0] {
				return false
			}
			s, p = s[1:], p[1:]
		}
	}
	return s == ""
}

// matchClass matches c against the class body p (after '['), returning
// whether it matched, the pattern after ']', and whether the class was
// well formed.
func matchClass(c byte, p string) (matched bool, rest string, valid bool) {
	neg := false
	if len(p) > 0 && p[0] == '!' {
		neg, p = true, p[1:]
	}
	for i := 0; i < len(p); i++ {
		if p[i] == ']' && i > 0 {
			return matched != neg, p[i+1:], true
		}
		lo := p[i]
		if lo == '\\' && i+1 < len(p) {
			i++
			lo = p[i]
		}
		hi := lo
		if i+2 < len(p) && p[i+1] == '-' && p[i+2] != ']' {
			hi = p[i+2]
			i += 2
		}
		if lo <= c && c <= hi {
			matched = true
		}
	}
	return false, "", false
}
