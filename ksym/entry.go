package ksym

// Entry is one symbol as a source lists it, before the sources are merged.
type Entry struct {
	// Addr is the address: running for kallsyms, link-time for System.map
	// and vmlinux.
	Addr uint64
	// Size is the symbol's size in bytes; 0 when the source does not say.
	Size uint64
	// Sized says Size is the truth even when 0, as an ELF symbol table
	// tells it (markers such as _etext have size 0); otherwise a size of 0
	// is inferred.
	Sized bool
	// Type is the nm(1) type letter: T t for text, D d data, R r rodata,
	// B b bss, W w V v weak, A a absolute.
	Type byte
	// Name is the symbol name.
	Name string
	// Module is the loadable module kallsyms names in brackets; empty for
	// the core kernel.
	Module string
}

// Symbol classes: an inferred size never crosses from one class to another,
// because a change of class means a change of section.
const (
	classNone = iota
	classText
	classData
	classRodata
	classBSS
	classAbs
)

// typeClass is the class of an nm type letter.
func typeClass(t byte) uint8 {
	switch t | 0x20 {
	case 't', 'w':
		return classText
	case 'd', 'v', 'g':
		return classData
	case 'r', 'n':
		return classRodata
	case 'b', 's':
		return classBSS
	case 'a':
		return classAbs
	}
	return classNone
}

// maxInferred is the largest size inferred for a symbol of a class: a
// larger distance to the next symbol is a hole (alignment padding, an
// unlisted section), not a symbol.
func maxInferred(class uint8) uint64 {
	switch class {
	case classText:
		return 256 << 10
	case classData, classRodata, classBSS:
		return 16 << 20
	}
	return 0
}
