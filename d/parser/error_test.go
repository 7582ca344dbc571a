package parser

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/d/diag"
)

// errorComment is the marker of an expected error in testdata/errors: the
// error must be reported at the first token after the comment, with the
// tag and a message matching the pattern.
var errorComment = regexp.MustCompile(`/\* ERROR (D_[A-Z_]+) "((?:[^"\\]|\\.)*)" \*/`)

// TestErrors parses each file of testdata/errors, which holds exactly one
// ERROR comment (the parser stops at its first error), and checks where
// the error is reported and what it says.
func TestErrors(t *testing.T) {
	files, err := filepath.Glob("testdata/errors/*.d")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m := errorComment.FindSubmatchIndex(src)
		if m == nil {
			t.Errorf("%s: no ERROR comment", path)
			continue
		}
		tag, ok := diag.LookupTag(string(src[m[2]:m[3]]))
		if !ok {
			t.Errorf("%s: unknown tag %s", path, src[m[2]:m[3]])
			continue
		}
		pattern, err := strconv.Unquote(`"` + string(src[m[4]:m[5]]) + `"`)
		if err != nil {
			t.Errorf("%s: bad pattern: %v", path, err)
			continue
		}
		re, err := regexp.Compile(pattern)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		// The expected position: the first non-blank after the comment.
		off := m[1]
		for off < len(src) && strings.IndexByte(" \t\n", src[off]) >= 0 {
			off++
		}
		line := 1 + strings.Count(string(src[:off]), "\n")
		col := off - strings.LastIndexByte(string(src[:off]), '\n')

		_, err = ParseFile(filepath.Base(path), src, &Config{MacroArgs: []string{path, "1"}, ArgRef: true})
		if err == nil {
			t.Errorf("%s: no error, want %s %q", path, tag, pattern)
			continue
		}
		e := err.(diag.List)[0]
		if e.Tag != tag || !re.MatchString(e.Msg) {
			t.Errorf("%s: got %s %q, want %s matching %q", path, e.Tag, e.Msg, tag, pattern)
		}
		if e.Pos.Line != line || e.Pos.Col != col {
			t.Errorf("%s: error at %d:%d, want %d:%d (%s)", path, e.Pos.Line, e.Pos.Col, line, col, e.Msg)
		}
	}
}
