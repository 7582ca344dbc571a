package tracepoint

import (
	"reflect"
	"strings"
	"testing"
)

const execFormat = `name: sched_process_exec
ID: 365
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;

	field:__data_loc char[] filename;	offset:8;	size:4;	signed:0;
	field:pid_t pid;	offset:12;	size:4;	signed:1;
	field:char comm[16];	offset:16;	size:16;	signed:0;
	field:const char * name;	offset:32;	size:8;	signed:0;
	field:struct in6_addr addr;	offset:40;	size:16;	signed:0;

print fmt: "filename=%s pid=%d", __get_str(filename), REC->pid
`

func TestParseFormat(t *testing.T) {
	got, err := ParseFormat(strings.NewReader(execFormat))
	if err != nil {
		t.Fatal(err)
	}
	want := []Field{
		{Decl: "__data_loc char[] filename", Name: "filename", Type: "char *", Offset: 8, Size: 4, DataLoc: true},
		{Decl: "pid_t pid", Name: "pid", Type: "pid_t", Offset: 12, Size: 4, Signed: true},
		{Decl: "char comm[16]", Name: "comm", Type: "char *", Offset: 16, Size: 16, Array: true},
		{Decl: "const char * name", Name: "name", Type: "const char *", Offset: 32, Size: 8},
		{Decl: "struct in6_addr addr", Name: "addr", Type: "struct in6_addr *", Offset: 40, Size: 16},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fields\n%+v\nwant\n%+v", got, want)
	}
	if _, err := ParseFormat(strings.NewReader("\tfield:int;\toffset:8;\tsize:4;\tsigned:1;\n")); err == nil {
		t.Error("a field without a name parsed")
	}
	if _, err := ParseFormat(strings.NewReader("\tfield:int x;\toffset:z;\n")); err == nil {
		t.Error("a bad offset parsed")
	}
}

func TestParseEvents(t *testing.T) {
	got, err := ParseEvents(strings.NewReader("sched:sched_switch\nbogus\nsyscalls:sys_enter_read\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Event{{"sched", "sched_switch"}, {"syscalls", "sys_enter_read"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
}
