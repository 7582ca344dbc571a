// Command pidtarget is what the arm64 suite's pid script traces: main.leaf, called with known
// arguments, which Go's register ABI passes in x0 and x1 and returns in x0 on arm64. It prints
// nothing, so that only dtrace writes the script's output, and exits 0 when the calls summed
// right. On amd64, cmd/dtrace's TestUcallerGoEntry traces it too (a Go function's entry).
package main

import "os"

//go:noinline
func leaf(a, b int64) int64 { return a*10 + b }

func main() {
	var sum int64
	for i := int64(1); i <= 3; i++ {
		sum += leaf(i, 7)
	}
	os.Exit(int(sum - 81))
}
