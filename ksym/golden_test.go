package ksym

import (
	"bytes"
	"flag"
	"path/filepath"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"
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
	testutil.Golden(t, filepath.Join("testdata", "kallmodsyms.golden"), buf.Bytes(), *update)
}
