package uprobe

import (
	"strconv"
	"strings"
)

// ParsePID returns the process id of a provider name "pid<PID>" (no
// globs), or false.
func ParsePID(prefix, name string) (int, bool) {
	s, ok := strings.CutPrefix(name, prefix)
	if !ok || s == "" || s[0] == '0' {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
