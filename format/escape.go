package format

// Escape returns s with the characters that are not printable turned into
// C escape sequences, as %S prints them: \a \b \f \n \r \t \v \" \\ by
// name, others as three octal digits. It stops at a NUL byte.
func Escape(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == 0 {
			break
		}
		switch c {
		case '\a':
			b = append(b, '\\', 'a')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\v':
			b = append(b, '\\', 'v')
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		default:
			if isPrint(c) {
				b = append(b, c)
			} else {
				b = append(b, '\\', '0'+(c>>6)&3, '0'+(c>>3)&7, '0'+c&7)
			}
		}
	}
	return string(b)
}

// isPrint is isprint(3) in the C locale.
func isPrint(c byte) bool { return c >= ' ' && c <= '~' }

// isSpace is isspace(3) in the C locale.
func isSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// cstr returns b up to its first NUL byte.
func cstr(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
