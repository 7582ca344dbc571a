package feature

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// TracefsPath is where the runtime mounts tracefs when nothing else has.
const TracefsPath = "/sys/kernel/tracing"

var tracefs struct {
	sync.Mutex
	path    string
	mounted bool
}

// Tracefs returns where tracefs is mounted, mounting it at TracefsPath
// the first time it is needed when nothing else has. The mount stays for
// the life of the process: providers read it at any time, and other
// tracers on the system may start using it, so only ReleaseTracefs, at
// exit, takes it away.
func Tracefs() (string, error) {
	tracefs.Lock()
	defer tracefs.Unlock()
	if tracefs.path != "" {
		return tracefs.path, nil
	}
	f, err := os.Open("/proc/self/mounts")
	if err != nil {
		return "", fmt.Errorf("tracefs: %w", err)
	}
	path, err := findTracefs(f)
	f.Close()
	if err != nil {
		return "", fmt.Errorf("tracefs: %w", err)
	}
	if path != "" {
		tracefs.path = path
		return path, nil
	}
	if err := unix.Mount("tracefs", TracefsPath, "tracefs", 0, ""); err != nil {
		if errors.Is(err, unix.ENODEV) {
			return "", fmt.Errorf("mount tracefs: %w", ErrNotSupported)
		}
		return "", fmt.Errorf("mount tracefs at %s: %w", TracefsPath, err)
	}
	tracefs.path, tracefs.mounted = TracefsPath, true
	return TracefsPath, nil
}

// ReleaseTracefs unmounts tracefs if Tracefs mounted it. The unmount is
// lazy (MNT_DETACH), so files others still have open stay valid.
func ReleaseTracefs() error {
	tracefs.Lock()
	defer tracefs.Unlock()
	if !tracefs.mounted {
		tracefs.path = ""
		return nil
	}
	tracefs.path, tracefs.mounted = "", false
	if err := unix.Unmount(TracefsPath, unix.MNT_DETACH); err != nil {
		return fmt.Errorf("unmount tracefs: %w", err)
	}
	return nil
}

// findTracefs returns the first tracefs mount point listed in a mounts
// table (the /proc/self/mounts format), or "" when there is none.
func findTracefs(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 3 && f[2] == "tracefs" {
			return f[1], nil
		}
	}
	return "", sc.Err()
}
