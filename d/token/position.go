package token

import (
	"fmt"
	"sort"
	"sync"
)

// Pos is a compact source position: a byte offset into one File plus one
// plus the File's base, so that the zero value NoPos means "no position"
// and the files of one FileSet have positions of their own. It is cheap
// to store in every AST node; File.Position expands it when an error is
// printed.
type Pos int

// NoPos is the zero Pos, for nodes synthesised without a source location.
const NoPos Pos = 0

// IsValid reports whether p refers to a source location.
func (p Pos) IsValid() bool { return p != NoPos }

// Position is an expanded source location. Line and Col count from 1;
// Col counts bytes.
type Position struct {
	Filename string
	Line     int
	Col      int
}

// IsValid reports whether the position has a line number.
func (p Position) IsValid() bool { return p.Line > 0 }

// String renders file:line:col, leaving out the parts that are unknown.
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d", p.Line)
		if p.Col != 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	if s == "" {
		s = "-"
	}
	return s
}

// lineInfo records a `# N "file"` marker: from offset on, the line after the
// marker is Line of Filename.
type lineInfo struct {
	offset   int
	filename string
	line     int
}

// File maps the offsets of one source text to lines. The scanner fills in
// the line starts as it goes, so a File is complete once scanning is done.
type File struct {
	name  string
	base  int // what the offsets of the file's positions start from
	size  int
	set   *FileSet // the set the file is in, or nil
	lines []int    // offsets of the first byte of each line; lines[0] == 0
	infos []lineInfo
}

// NewFile returns a File for a source text of size bytes named name.
func NewFile(name string, size int) *File {
	return &File{name: name, size: size, lines: []int{0}}
}

// Name is the file name given to NewFile.
func (f *File) Name() string { return f.name }

// Size is the length of the source text in bytes.
func (f *File) Size() int { return f.size }

// AddLine records that a new line starts at offset. Offsets must increase;
// out-of-order or out-of-range offsets are ignored.
func (f *File) AddLine(offset int) {
	if offset > f.lines[len(f.lines)-1] && offset <= f.size {
		f.lines = append(f.lines, offset)
	}
}

// AddLineInfo records a line marker: the line starting at offset is line
// number line of filename (as `# line "filename"` says).
func (f *File) AddLineInfo(offset int, filename string, line int) {
	if n := len(f.infos); n > 0 && f.infos[n-1].offset >= offset {
		return
	}
	f.infos = append(f.infos, lineInfo{offset, filename, line})
}

// Pos returns the Pos of a byte offset (clamped to the file).
func (f *File) Pos(offset int) Pos {
	offset = max(0, min(offset, f.size))
	return Pos(f.base + offset + 1)
}

// Offset returns the byte offset of p.
func (f *File) Offset(p Pos) int {
	return max(0, min(int(p)-1-f.base, f.size))
}

// contains reports whether p is a position of f.
func (f *File) contains(p Pos) bool {
	return int(p) > f.base && int(p) <= f.base+f.size+1
}

// Position expands p. Line markers rename the file and renumber the lines
// that follow them. A position of another file of f's set is expanded
// in that file: a program made of the declarations of several files
// resolves its positions through any of them.
func (f *File) Position(p Pos) Position {
	if !p.IsValid() {
		return Position{}
	}
	if !f.contains(p) && f.set != nil {
		if g := f.set.File(p); g != nil {
			return g.position(p)
		}
	}
	return f.position(p)
}

func (f *File) position(p Pos) Position {
	off := f.Offset(p)
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	pos := Position{Filename: f.name, Line: i + 1, Col: off - f.lines[i] + 1}
	j := sort.Search(len(f.infos), func(j int) bool { return f.infos[j].offset > off }) - 1
	if j >= 0 {
		info := f.infos[j]
		k := sort.Search(len(f.lines), func(k int) bool { return f.lines[k] >= info.offset })
		pos.Filename = info.filename
		pos.Line = info.line + i - k
	}
	return pos
}

// A FileSet gives the files added to it positions apart from one
// another's, as go/token's does: a position tells which file it is in.
// Its methods are safe for concurrent use.
type FileSet struct {
	mu    sync.RWMutex
	base  int
	files []*File // by base
}

// NewFileSet returns an empty FileSet.
func NewFileSet() *FileSet { return &FileSet{} }

// AddFile returns a File of the set for a source text of size bytes
// named name, whose positions follow those of the files added before it.
func (s *FileSet) AddFile(name string, size int) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := NewFile(name, size)
	f.base, f.set = s.base, s
	// A file's positions run from base+1 to base+size+1 (its end).
	s.base += size + 1
	s.files = append(s.files, f)
	return f
}

// File returns the file of the set that p is a position of, or nil.
func (s *FileSet) File(p Pos) *File {
	s.mu.RLock()
	defer s.mu.RUnlock()
	i := sort.Search(len(s.files), func(i int) bool { return int(p) <= s.files[i].base+s.files[i].size+1 })
	if i < len(s.files) && s.files[i].contains(p) {
		return s.files[i]
	}
	return nil
}

// Position expands p in the file of the set it is a position of; it is
// the zero Position when p is of none.
func (s *FileSet) Position(p Pos) Position {
	if f := s.File(p); f != nil {
		return f.position(p)
	}
	return Position{}
}
