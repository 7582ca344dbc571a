package parser

import (
	"os"
	"testing"
)

// BenchmarkParseCorpus parses every D file of the test corpus once per
// iteration.
func BenchmarkParseCorpus(b *testing.B) {
	var srcs [][]byte
	size := 0
	for _, dir := range corpusDirs(b) {
		files, _ := globD(dir)
		for _, path := range files {
			if src, err := os.ReadFile(path); err == nil {
				srcs = append(srcs, src)
				size += len(src)
			}
		}
	}
	if len(srcs) == 0 {
		b.Skip("no corpus")
	}
	cfg := &Config{MacroArgs: []string{"b.d", "1", "2", "3"}, Macros: testMacros, ArgRef: true, DefaultArgs: true}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			ParseFile("b.d", src, cfg)
		}
	}
}
