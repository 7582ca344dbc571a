// Command dtrace is the dtrace(8) command: it turns its options into calls of the dtrace package.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "dtrace: not built yet")
	os.Exit(2)
}
