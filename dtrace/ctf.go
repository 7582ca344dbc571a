package dtrace

import (
	"errors"
	"fmt"
	"io/fs"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/ctf"
	"github.com/godtrace/godtrace/ctf/ctfsrc"
	"github.com/godtrace/godtrace/ctype"
)

// kernelCTFPath is where DTrace for Linux keeps the running kernel's CTF
// archive (what dwarf2ctf writes), %s being the kernel release.
const kernelCTFPath = "/lib/modules/%s/kernel/vmlinux.ctfa"

// kernelCTF opens the kernel's CTF archive once: the one -x ctfpath names,
// else the running kernel's when it has one. It returns nil when there is
// none, and then the kernel's types come from BTF; a ctfpath that cannot be
// read is an error.
func (h *Handle) kernelCTF() (*ctf.Archive, error) {
	h.ctfOnce.Do(func() {
		path := h.opts.Text("ctfpath")
		explicit := path != ""
		if !explicit {
			var u unix.Utsname
			if err := unix.Uname(&u); err != nil {
				return
			}
			path = fmt.Sprintf(kernelCTFPath, unix.ByteSliceToString(u.Release[:]))
		}
		a, err := ctf.OpenArchive(path)
		switch {
		case err == nil:
			h.ctf = a
		case explicit || !errors.Is(err, fs.ErrNotExist):
			h.ctfErr = fmt.Errorf("failed to open CTF archive %s: %w", path, err)
		}
	})
	return h.ctf, h.ctfErr
}

// ctfKernel returns the kernel types of the CTF archive a, and the loader
// of its modules' types, or ok false when a has no vmlinux member.
func ctfKernel(a *ctf.Archive) (src ctype.Source, loader func(string) (ctype.Source, error), ok bool) {
	loader = ctfsrc.Loader(a)
	src, err := loader("vmlinux")
	return src, loader, err == nil
}
