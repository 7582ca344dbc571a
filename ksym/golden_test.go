package ksym

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestWriteKallmodsyms checks the /proc/kallmodsyms text of the fixture
// table against testdata/kallmodsyms.golden.
func TestWriteKallmodsyms(t *testing.T) {
	tb, err := Build(fixtureSources(t, true))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := tb.WriteKallmodsyms(&buf); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "kallmodsyms.golden")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("got\n%s\nwant\n%s", buf.Bytes(), want)
	}
}
