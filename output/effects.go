package output

import (
	"fmt"
	"io"
	"os"
	"os/exec"
)

// The actions a writer carries out as it presents them, in their place
// among the others: system() runs a command once what came before it is
// written, freopen() sends what follows to another file, ftruncate()
// empties the file written to.

// destination is where a writer's output goes: the writer it was given,
// or the file freopen() opened.
type destination struct {
	orig io.Writer
	cur  io.Writer
	file *os.File // the file freopen() opened, nil while cur is orig
}

func newDestination(w io.Writer) *destination { return &destination{orig: w, cur: w} }

func (d *destination) Write(b []byte) (int, error) { return d.cur.Write(b) }

// freopen sends the output to the file path, opened for appending as
// DTrace opens it, or back to where it went at first for "".
func (d *destination) freopen(path string) error {
	if path == "" {
		d.cur = d.orig
		return d.closeFile()
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return fmt.Errorf("freopen(): %w", err)
	}
	if err := d.closeFile(); err != nil {
		f.Close()
		return err
	}
	d.cur, d.file = f, f
	return nil
}

// truncate empties the file the output goes to, when it is a regular
// file, as ftruncate() does; a terminal or a pipe is left as it is.
func (d *destination) truncate() error {
	f, ok := d.cur.(*os.File)
	if !ok {
		return nil
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	if err := f.Truncate(0); err != nil {
		return fmt.Errorf("ftruncate(): %w", err)
	}
	// A file opened for appending writes at its end anyway; -o's file is
	// not, so its offset goes back to the start.
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("ftruncate(): %w", err)
	}
	return nil
}

func (d *destination) closeFile() error {
	if d.file == nil {
		return nil
	}
	err := d.file.Close()
	d.file = nil
	return err
}

// system runs command with the shell, its output going where the
// writer's goes, and waits for it; as in DTrace, how the command ends
// does not matter to the run.
func (d *destination) system(command string, stderr io.Writer) error {
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Stdout, cmd.Stderr = d.cur, stderr
	if err := cmd.Run(); err != nil {
		if _, exited := err.(*exec.ExitError); !exited {
			return fmt.Errorf("system(): %w", err)
		}
	}
	return nil
}
