package kprobe

import (
	"reflect"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/ksym"
)

const filterFunctions = `vfs_read
ext4_file_read_iter
do_sys_openat2
copy_page.isra.0
show_map.constprop.0
copy_page.isra.0
nft_do_chain [nf_tables]
nft_do_chain [nf_tables]
e1000_probe [e1000]
`

func TestParseFilterFunctions(t *testing.T) {
	fs, err := ParseFilterFunctions(strings.NewReader(filterFunctions))
	if err != nil {
		t.Fatal(err)
	}
	want := []Func{
		{"vfs_read", "vmlinux", false},
		{"ext4_file_read_iter", "vmlinux", false},
		{"do_sys_openat2", "vmlinux", false},
		{"copy_page.isra.0", "vmlinux", false},
		{"show_map.constprop.0", "vmlinux", false},
		{"nft_do_chain", "nf_tables", true},
		{"e1000_probe", "e1000", true},
	}
	if !reflect.DeepEqual(fs, want) {
		t.Errorf("got %v\nwant %v", fs, want)
	}
}

func TestParseFilterFunctionsMalformed(t *testing.T) {
	for _, in := range []string{"f nf_tables]\n", "f [nf_tables\n", "f []\n", "f g [m]\n"} {
		if fs, err := ParseFilterFunctions(strings.NewReader(in)); err == nil {
			t.Errorf("%q parsed as %v, want an error", in, fs)
		}
	}
}

// fixtureTable is a kernel whose .text holds the built-in module ext4 at
// offsets 0x1000-0x2000 and the loadable module nf_tables.
func fixtureTable(t *testing.T) *ksym.Table {
	t.Helper()
	ks, err := ksym.ParseKallsyms(strings.NewReader(`ffffffff81000000 T _text
ffffffff81000100 T vfs_read
ffffffff81001000 t ext4_file_read_iter
ffffffff81001800 T ext4_sync_file
ffffffff81003000 T do_sys_openat2
ffffffff81003400 t copy_page.isra.0
ffffffff81004000 T _etext
ffffffffc0000000 t nft_do_chain	[nf_tables]
`))
	if err != nil {
		t.Fatal(err)
	}
	ranges, err := ksym.ParseBuiltinRanges(strings.NewReader(".text 0-0 = _text\n.text 1000-2000 ext4\n"))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := ksym.Build(&ksym.Sources{Kallsyms: ks, Ranges: ranges, Builtin: []string{"kernel/fs/ext4/ext4.ko"}})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func TestNameModules(t *testing.T) {
	fs, err := ParseFilterFunctions(strings.NewReader(filterFunctions))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range NameModules(fs, fixtureTable(t)) {
		got[f.Name] = f.Module
	}
	want := map[string]string{
		"vfs_read":             "vmlinux",
		"ext4_file_read_iter":  "ext4", // built-in: named by its module
		"do_sys_openat2":       "vmlinux",
		"copy_page.isra.0":     "vmlinux",
		"show_map.constprop.0": "vmlinux", // unknown to the table
		"nft_do_chain":         "nf_tables",
		"e1000_probe":          "e1000",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("modules %v\nwant %v", got, want)
	}
	if n := len(NameModules(fs, nil)); n != len(fs) {
		t.Errorf("without a table: %d functions, want %d", n, len(fs))
	}
}
