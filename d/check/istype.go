package check

import "github.com/godtrace/godtrace/ctype"

// IsType returns the parser's hook for telling type names from other
// identifiers, answered from u and the D library's typedefs.
func IsType(u *ctype.Universe) func(name string) bool {
	return func(name string) bool {
		if libTypeNames[name] {
			return true
		}
		_, err := u.LookupType(name)
		return err == nil
	}
}
