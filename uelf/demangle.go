package uelf

import (
	"strings"

	"github.com/ianlancetaylor/demangle"
)

// Demangle returns the human-readable form of a C++ (Itanium ABI, "_Z")
// or Rust (legacy "_ZN...17h<hash>E" and v0 "_R") symbol name, spelled as
// c++filt spells it. Names neither demangler recognises are returned
// unchanged.
//
// C++ names go to github.com/ianlancetaylor/demangle, with Verbose so
// that std::string and the streams are spelled out as c++filt does. Rust
// names go first to the demangler of this package (demangle_rust.go),
// which keeps the crate and legacy hashes c++filt prints, and to the
// library only when it leaves them mangled (punycode identifiers, dyn
// types, higher-ranked lifetimes), whose spelling drops the hashes.
func Demangle(name string) string {
	if len(name) > maxDemangle {
		return name
	}
	switch {
	case strings.HasPrefix(name, "_R"):
		if s, ok := demangleRustV0(name); ok {
			return s
		}
	case strings.HasPrefix(name, "_Z"):
		if s, ok := demangleRustLegacy(name); ok {
			return s
		}
	default:
		return name
	}
	return demangle.Filter(name, demangle.Verbose, demangle.MaxLength(16))
}

// maxDemangle bounds the input, and MaxLength(16) (64 KiB) the output, so
// that a hostile symbol table cannot make demangling slow.
const maxDemangle = 4096
