package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

func TestCpioLayout(t *testing.T) {
	var b bytes.Buffer
	c := &cpioWriter{w: &b}
	c.File("a", 0o644, []byte("xyz"))
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	want := "070701" + "00000001" + "000081A4" + "00000000" + "00000000" + "00000001" + "00000000" +
		"00000003" + "00000000" + "00000000" + "00000000" + "00000000" + "00000002" + "00000000" +
		"a\x00" + // 110+2 bytes: already a multiple of four
		"xyz\x00" +
		"070701" + "00000002" + "00000000" + "00000000" + "00000000" + "00000001" + "00000000" +
		"00000000" + "00000000" + "00000000" + "00000000" + "00000000" + "0000000B" + "00000000" +
		"TRAILER!!!\x00" + "\x00\x00\x00"
	if got := b.String(); got != want {
		t.Errorf("archive:\n got %q\nwant %q", got, want)
	}
	if b.Len()%4 != 0 {
		t.Errorf("length %d not a multiple of 4", b.Len())
	}
}

// TestCpioReadable checks the archive against GNU cpio when it is installed: an outside reader
// of the format, as the kernel is.
func TestCpioReadable(t *testing.T) {
	cpio, err := exec.LookPath("cpio")
	if err != nil {
		t.Skip("GNU cpio is not installed (apt-get install cpio)")
	}
	var b bytes.Buffer
	c := &cpioWriter{w: &b}
	c.Dir("dev")
	c.CharDev("dev/console", 0o600, 5, 1)
	c.File("init", 0o755, []byte("#!/bin/true\n"))
	c.File("tests/x/odd", 0o644, []byte("12345"))
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cpio, "-itv", "--quiet")
	cmd.Stdin = &b
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("cpio -t: %v: %s", err, out)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		got = append(got, f[0]+" "+f[len(f)-1])
	}
	want := "drwxr-xr-x dev crw------- dev/console -rwxr-xr-x init -rw-r--r-- tests/x/odd"
	if strings.Join(got, " ") != want {
		t.Errorf("cpio -t:\n%s\nwant %s", out, want)
	}
}
