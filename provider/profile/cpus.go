package profile

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// parseCPUList parses a kernel CPU list such as "0-3,5".
func parseCPUList(r io.Reader) ([]int, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var cpus []int
	for _, part := range strings.Split(strings.TrimSpace(string(b)), ",") {
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("cpu list %q: %w", part, err)
		}
		z := a
		if isRange {
			if z, err = strconv.Atoi(hi); err != nil {
				return nil, fmt.Errorf("cpu list %q: %w", part, err)
			}
		}
		for c := a; c <= z; c++ {
			cpus = append(cpus, c)
		}
	}
	if len(cpus) == 0 {
		return nil, fmt.Errorf("empty cpu list")
	}
	return cpus, nil
}

// onlineCPUs returns the online CPUs.
func onlineCPUs() ([]int, error) {
	f, err := os.Open("/sys/devices/system/cpu/online")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseCPUList(f)
}
