package dtrace

import (
	goflag "flag"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	// The runnable examples trace live, which needs root; an example
	// cannot skip itself, so under -short a normal user leaves them out.
	goflag.Parse()
	if testing.Short() && os.Geteuid() != 0 {
		skip := "^Example"
		if s := goflag.Lookup("test.skip").Value.String(); s != "" {
			skip += "|" + s
		}
		goflag.Set("test.skip", skip)
	}
	os.Exit(m.Run())
}
