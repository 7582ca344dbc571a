package scanner

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// ErrorHandler receives each error the scanner finds.
type ErrorHandler func(pos token.Pos, tag diag.Tag, msg string)

// Scanner tokenises one source text. The zero value is not usable; call
// Init. A Scanner is a small value: copying it saves the scan state, which
// the parser uses to look ahead.
type Scanner struct {
	file *token.File
	src  []byte
	err  ErrorHandler

	off       int  // offset of the next unread byte
	lineStart bool // only blanks since the last newline (control lines may start)
	selector  bool // the previous token was . or ->: the next name is never a keyword

	// ErrorCount counts the errors reported.
	ErrorCount int
}

// Init prepares s to scan src, recording line starts in file (whose size
// must be len(src)). err may be nil.
func (s *Scanner) Init(file *token.File, src []byte, err ErrorHandler) {
	*s = Scanner{file: file, src: src, err: err, lineStart: true}
}

// SetErrorHandler replaces the error handler (nil to discard errors, as
// the parser does while it looks ahead).
func (s *Scanner) SetErrorHandler(err ErrorHandler) { s.err = err }

// Offset is the offset of the next unread byte.
func (s *Scanner) Offset() int { return s.off }

func (s *Scanner) error(off int, tag diag.Tag, format string, args ...any) {
	s.ErrorCount++
	if s.err != nil {
		s.err(s.file.Pos(off), tag, fmt.Sprintf(format, args...))
	}
}

func (s *Scanner) peek(i int) byte {
	if s.off+i < len(s.src) {
		return s.src[s.off+i]
	}
	return 0
}

func (s *Scanner) eof() bool { return s.off >= len(s.src) }

// newline records that a line starts after the byte at off.
func (s *Scanner) newline(off int) {
	s.file.AddLine(off + 1)
	s.lineStart = true
}

func isLetter(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isIdent(c byte) bool { return isLetter(c) || isDigit(c) || c == '`' }
func isBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r'
}

// isPSpecStart and isPSpec are the characters of a probe description:
// DTrace's [-$:a-zA-Z_.?*\\\[\]!][-$:0-9a-zA-Z_.`?*\\\[\]!]*.
func isPSpecStart(c byte) bool {
	return isLetter(c) || strings.IndexByte("-$:.?*\\[]!", c) >= 0
}
func isPSpec(c byte) bool { return isPSpecStart(c) || isDigit(c) || c == '`' }

// skip passes over blanks, newlines, comments, control lines and (in
// clause text, not in the outer scope where '\\' belongs to probe
// descriptions) backslash-newlines. It reports a #pragma line as its
// position and text.
func (s *Scanner) skip(outer bool) (pos token.Pos, lit string, ok bool) {
	for !s.eof() {
		c := s.src[s.off]
		switch {
		case c == '\n':
			s.newline(s.off)
			s.off++
		case isBlank(c):
			s.off++
		case c == '\\' && s.peek(1) == '\n' && !outer:
			s.newline(s.off + 1)
			s.off += 2
		case c == '/' && s.peek(1) == '*':
			s.comment()
			s.lineStart = false
		case c == '#' && s.lineStart:
			if pos, lit, ok := s.control(); ok {
				return pos, lit, true
			}
		default:
			return token.NoPos, "", false
		}
	}
	return token.NoPos, "", false
}

// comment skips a /* */ comment; D comments do not nest.
func (s *Scanner) comment() {
	s.off += 2
	for {
		if s.eof() {
			s.error(s.off, diag.D_SYNTAX, "end-of-file encountered before matching */")
			return
		}
		c := s.src[s.off]
		switch {
		case c == '*' && s.peek(1) == '/':
			s.off += 2
			return
		case c == '/' && s.peek(1) == '*':
			s.error(s.off, diag.D_SYNTAX, "/* encountered inside a comment")
			s.off += 2
		case c == '\n':
			s.newline(s.off)
			s.off++
		default:
			s.off++
		}
	}
}

// control handles a line whose first non-blank is '#'. Line markers
// (`# 12 "x.d"`, `#line 12 "x.d"`) renumber the following lines, `#!`
// interpreter lines and `#ident` are ignored, and #pragma lines are
// returned as PRAGMA tokens with the text after "#pragma".
func (s *Scanner) control() (token.Pos, string, bool) {
	hash := s.off
	end := hash
	for end < len(s.src) && s.src[end] != '\n' {
		end++
	}
	line := string(s.src[hash+1 : end])
	s.off = end // the newline itself is scanned normally
	if end == len(s.src) && !strings.HasPrefix(line, "!") {
		// DTrace insists that a control line be ended by a newline.
		s.error(end, diag.D_SYNTAX, "end-of-file encountered before end of control line")
		return token.NoPos, "", false
	}
	if strings.HasPrefix(line, "!") {
		return token.NoPos, "", false
	}
	words, err := Words(line)
	if err != nil {
		s.error(end, diag.D_STR_NL, "%s", err.Error())
		return token.NoPos, "", false
	}
	if len(words) == 0 {
		return token.NoPos, "", false
	}
	switch w := words[0]; {
	case w != "" && isDigit(w[0]):
		s.lineMarker(hash, end, words)
	case w == "line":
		s.lineMarker(hash, end, words[1:])
	case w == "ident":
	case w == "pragma":
		if len(words) > 1 && words[1] == "line" {
			s.lineMarker(hash, end, words[2:])
			return token.NoPos, "", false
		}
		rest := strings.TrimLeft(line, " \t\f\v")
		return s.file.Pos(hash), strings.TrimPrefix(rest, "pragma"), true
	default:
		s.error(hash, diag.D_PRAGCTL_INVAL, "invalid control directive: #%s", w)
	}
	return token.NoPos, "", false
}

// lineMarker applies `N ["file"]`: the line after the marker is line N.
func (s *Scanner) lineMarker(hash, end int, words []string) {
	if len(words) == 0 {
		s.error(hash, diag.D_PRAGMA_MALFORM, "malformed #line directive")
		return
	}
	n, err := strconv.ParseUint(words[0], 10, 31)
	if err != nil {
		s.error(hash, diag.D_PRAGMA_MALFORM, "invalid line number in #line directive: %s", words[0])
		return
	}
	name := s.file.Position(s.file.Pos(hash)).Filename
	if len(words) > 1 {
		name = words[1]
	}
	s.file.AddLineInfo(end+1, name, int(n))
}

// Words splits the text of a control line into words as DTrace does:
// blank-separated, with "quoted strings" as single words whose escapes are
// decoded.
func Words(line string) ([]string, error) {
	var words []string
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case isBlank(c):
			i++
		case c == '"':
			j := i + 1
			for j < len(line) && line[j] != '"' {
				if line[j] == '\\' && j+1 < len(line) {
					j++
				}
				j++
			}
			if j >= len(line) {
				return words, fmt.Errorf("newline encountered in string literal")
			}
			v, _ := Unescape(line[i+1 : j])
			words = append(words, v)
			i = j + 1
		default:
			j := i
			for j < len(line) && !isBlank(line[j]) && line[j] != '"' {
				j++
			}
			words = append(words, line[i:j])
			i = j
		}
	}
	return words, nil
}

// Seek moves the scanner to offset, which must be the start of a token
// already scanned, so that it is scanned again.
func (s *Scanner) Seek(offset int) {
	s.off = max(0, min(offset, len(s.src)))
	s.selector = false
}
