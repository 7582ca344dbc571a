package ctf

import "errors"

// ErrNotFound is wrapped by lookups that find nothing.
var ErrNotFound = errors.New("not found")

// ErrFormat is wrapped by every error about malformed CTF data.
var ErrFormat = errors.New("malformed CTF")
