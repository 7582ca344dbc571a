package syscall

import (
	"strings"
	"testing"
)

const readFormat = `name: sys_enter_read
ID: 842
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;

	field:int __syscall_nr;	offset:8;	size:4;	signed:1;
	field:unsigned int fd;	offset:16;	size:8;	signed:0;
	field:char * buf;	offset:24;	size:8;	signed:0;
	field:size_t count;	offset:32;	size:8;	signed:0;
	field:const char *const * argv;	offset:40;	size:8;	signed:0;

print fmt: "fd: 0x%08lx", ((unsigned long)(REC->fd))
`

func TestParseFormat(t *testing.T) {
	got, err := parseFormat(strings.NewReader(readFormat))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"unsigned int", "char *", "size_t", "const char *const *"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("types %q, want %q", got, want)
	}
	if _, err := parseFormat(strings.NewReader("name: x\nformat:\n")); err == nil {
		t.Error("format without __syscall_nr parsed")
	}
}
