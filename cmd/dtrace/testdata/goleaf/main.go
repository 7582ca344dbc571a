// Command goleaf calls a Go function whose first instruction is not
// push %rbp (Go's prologue checks the stack bound first), for
// TestUcallerGoEntry.
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
