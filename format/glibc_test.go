package format

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestGlibcPrintf checks the C conversions against glibc's output for
// the same flags, width, precision and value (testdata/glibc/gen.c).
func TestGlibcPrintf(t *testing.T) {
	f, err := os.Open("testdata/glibc/printf.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	bad, n := 0, 0
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		var s spec
		for _, c := range fs[1] {
			switch c {
			case '-':
				s.flags |= FlagLeft
			case '+':
				s.flags |= FlagPlus
			case ' ':
				s.flags |= FlagSpace
			case '#':
				s.flags |= FlagAlt
			case '0':
				s.flags |= FlagZero
			}
		}
		s.width, _ = strconv.Atoi(fs[2])
		if fs[3] != "" {
			s.prec, _ = strconv.Atoi(fs[3][1:])
		}
		verb := fs[4][0]
		want := fs[6]
		var got []byte
		switch fs[0] {
		case "I":
			v, _ := strconv.ParseInt(fs[5], 10, 64)
			if verb == 'd' || verb == 'i' {
				if v < 0 {
					got = appendInt(nil, s, verb, uint64(-v), true)
				} else {
					got = appendInt(nil, s, verb, uint64(v), false)
				}
			} else {
				got = appendInt(nil, s, verb, uint64(v), false)
			}
		case "S":
			got = appendStr(nil, s, fs[5])
		case "F":
			v, _ := strconv.ParseFloat(fs[5], 64)
			got = appendFloat(nil, s, verb, v)
		case "C":
			got = appendChar(nil, s, 'x')
		}
		if g := "[" + string(got) + "]"; g != want {
			if bad++; bad < 20 {
				t.Errorf("%q: got %s want %s", sc.Text(), g, want)
			}
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 3000 || bad > 0 {
		t.Errorf("%d of %d cases differ", bad, n)
	}
}
