package main

import (
	"fmt"
	"io"
)

// cpioWriter writes the "newc" cpio format that the kernel unpacks as an initramfs. The files
// are written as the guest must see them (owner root, given modes, device nodes), which a host
// cpio run by a user could not create on disk, so the archive is produced directly.
type cpioWriter struct {
	w   io.Writer
	ino uint32
	err error
}

// Mode bits of the newc header, as in stat(2).
const (
	cpioDir  = 0o040000
	cpioReg  = 0o100000
	cpioChar = 0o020000
)

func (c *cpioWriter) header(name string, mode uint32, size int, rdevMajor, rdevMinor uint32) {
	if c.err != nil {
		return
	}
	c.ino++
	nlink := uint32(1)
	if mode&cpioDir != 0 {
		nlink = 2
	}
	// Magic, then ino mode uid gid nlink mtime filesize devmajor devminor rdevmajor rdevminor
	// namesize check, each eight hex digits; the name with its NUL, padded to four bytes.
	hdr := fmt.Sprintf("070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		c.ino, mode, 0, 0, nlink, 0, size, 0, 0, rdevMajor, rdevMinor, len(name)+1, 0)
	c.write([]byte(hdr + name + "\x00"))
	c.pad(len(hdr) + len(name) + 1)
}

func (c *cpioWriter) write(b []byte) {
	if c.err == nil {
		_, c.err = c.w.Write(b)
	}
}

func (c *cpioWriter) pad(n int) {
	if r := n % 4; r != 0 {
		c.write(make([]byte, 4-r))
	}
}

// Dir adds a directory.
func (c *cpioWriter) Dir(name string) { c.header(name, cpioDir|0o755, 0, 0, 0) }

// File adds a regular file with the given permission bits.
func (c *cpioWriter) File(name string, perm uint32, data []byte) {
	c.header(name, cpioReg|perm, len(data), 0, 0)
	c.write(data)
	c.pad(len(data))
}

// CharDev adds a character device node.
func (c *cpioWriter) CharDev(name string, perm, major, minor uint32) {
	c.header(name, cpioChar|perm, 0, major, minor)
}

// Close writes the trailer and returns the first error met.
func (c *cpioWriter) Close() error {
	c.header("TRAILER!!!", 0, 0, 0, 0)
	if c.err != nil {
		return fmt.Errorf("write initramfs: %w", c.err)
	}
	return nil
}
