package fromdwarf

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/ctf"
)

// benchHeaders are the system headers every benchmark unit includes: the
// C library, POSIX and Linux UAPI, so the DWARF has the size and the
// duplication of a real program's.
var benchHeaders = strings.Fields(`stdio.h stdlib.h string.h stdint.h stddef.h
signal.h time.h errno.h fcntl.h unistd.h pthread.h sched.h dirent.h poll.h
termios.h pwd.h grp.h locale.h wchar.h wctype.h math.h complex.h setjmp.h
regex.h glob.h netdb.h ifaddrs.h sys/socket.h sys/stat.h sys/types.h
sys/time.h sys/resource.h sys/wait.h sys/mman.h sys/uio.h sys/un.h
sys/epoll.h sys/inotify.h sys/ptrace.h sys/ioctl.h sys/utsname.h sys/user.h
sys/procfs.h netinet/in.h netinet/tcp.h netinet/ip.h arpa/inet.h net/if.h
linux/perf_event.h linux/bpf.h linux/if_link.h linux/netlink.h
linux/rtnetlink.h linux/input.h linux/videodev2.h linux/fs.h linux/elf.h
linux/usb/ch9.h linux/ethtool.h linux/kvm.h linux/sched.h linux/io_uring.h
linux/btrfs.h linux/nl80211.h`)

// benchInputs builds a "kernel" of 24 units linked into one executable
// and 8 single-unit "modules"; each unit adds private and conflicting
// structs to the shared headers.
func benchInputs(b *testing.B) []Input {
	b.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		b.Skip("no gcc to build DWARF benchmark inputs")
	}
	dir := b.TempDir()
	var hdr strings.Builder
	for _, h := range benchHeaders {
		fmt.Fprintf(&hdr, "#include <%s>\n", h)
	}
	unit := func(i int) string {
		src := filepath.Join(dir, fmt.Sprintf("u%d.c", i))
		var s strings.Builder
		s.WriteString(hdr.String())
		fmt.Fprintf(&s, "struct conflict { char c[%d]; };\nstruct conflict conflict_%d;\n", i%5+1, i)
		for j := range 50 {
			fmt.Fprintf(&s, "struct priv_%d_%d { int a; struct stat st; struct priv_%d_%d *next; long v[%d]; } priv_%d_%d;\n", i, j, i, j, j+1, i, j)
		}
		fmt.Fprintf(&s, "int f%d(struct sockaddr *sa, union bpf_attr *attr) { return sa->sa_family + attr->map_type; }\n", i)
		if err := os.WriteFile(src, []byte(s.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		return src
	}
	cc := func(args ...string) {
		args = append([]string{"-g", "-O0", "-fno-eliminate-unused-debug-types"}, args...)
		if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
			b.Fatalf("gcc: %v\n%s", err, out)
		}
	}
	var objs []string
	for i := range 24 {
		o := filepath.Join(dir, fmt.Sprintf("u%d.o", i))
		cc("-c", "-o", o, unit(i))
		objs = append(objs, o)
	}
	main := filepath.Join(dir, "main.c")
	os.WriteFile(main, []byte("int main(void) { return 0; }\n"), 0o644)
	in := []Input{{Path: filepath.Join(dir, "vmlinux")}}
	cc(append([]string{"-o", in[0].Path, main}, objs...)...)
	for i := 24; i < 32; i++ {
		o := filepath.Join(dir, fmt.Sprintf("mod%d.ko", i))
		cc("-c", "-o", o, unit(i))
		in = append(in, Input{Path: o})
	}
	return in
}

// BenchmarkConvert measures DWARF to archive bytes on the benchmark
// inputs, with one worker and with all.
func BenchmarkConvert(b *testing.B) {
	in := benchInputs(b)
	var dwarfBytes int64
	for _, i := range in {
		st, _ := os.Stat(i.Path)
		dwarfBytes += st.Size()
	}
	for _, workers := range []int{1, 0} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.SetBytes(dwarfBytes)
			var out int
			var types int
			for b.Loop() {
				members, err := Convert(in, &Options{Workers: workers})
				if err != nil {
					b.Fatal(err)
				}
				var buf bytes.Buffer
				if err := ctf.WriteArchive(io.Writer(&buf), members, nil); err != nil {
					b.Fatal(err)
				}
				out, types = buf.Len(), 0
				for _, m := range members {
					types += len(m.Dict.Types)
				}
			}
			b.ReportMetric(float64(out), "archive-bytes")
			b.ReportMetric(float64(types), "types")
		})
	}
}
