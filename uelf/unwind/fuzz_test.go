package unwind

import (
	"testing"
)

// FuzzParse feeds arbitrary bytes to the .eh_frame, .debug_frame and
// .eh_frame_hdr parsers: they must not panic, and the table built must be
// sorted, end with CFANone and keep offsets in range. The seeds in
// testdata/fuzz/FuzzParse are sections of gcc -O2 programs and a PLT
// FDE.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte, debug bool) {
		p := parser{data: data, addr: 0x1000, debug: debug}
		fdes := p.parse()
		tab := build(fdes, len(fdes))
		for i, r := range tab.Rows {
			if i > 0 && r.PC <= tab.Rows[i-1].PC {
				t.Fatalf("row %d at %#x after %#x", i, r.PC, tab.Rows[i-1].PC)
			}
			if r.CFA > CFASignal || r.RA.Kind > Unsupported || r.FP.Kind > Unsupported {
				t.Fatalf("row %d: %+v", i, r)
			}
		}
		if n := len(tab.Rows); n > 0 && tab.Rows[n-1].CFA != CFANone {
			t.Fatalf("last row %+v", tab.Rows[n-1])
		}
		parseHdr(data, 0x1000)
	})
}
