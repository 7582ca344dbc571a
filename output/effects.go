package output

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/format"
)

// Destination is where a run's output goes: the writer it was given, or
// the file freopen() opened. The run owns it; the writers that present
// its records write into it, so that what freopen() does applies to all.
//
// It buffers what is written, so that a flood of records costs a write(2)
// per batch rather than per record: the run flushes it (Flush) whenever
// it has read the principal buffers empty, which is at each switchrate
// tick at the latest, and at the end; Effects flush it before each effect
// (a command's output follows what was printed before it), and the text
// writer before it writes a message to standard error. On a terminal it
// writes each record as it comes (line at a time), as stdio would.
type Destination struct {
	orig io.Writer
	cur  io.Writer
	file *os.File // the file freopen() opened, nil while cur is orig
	buf  []byte   // what is written and not yet flushed
	// direct says that cur is a terminal: each Write goes through.
	direct bool
	err    error // the first error of a write, returned by Flush
}

// flushSize is how much the Destination holds before it writes anyway.
const flushSize = 64 << 10

// NewDestination returns a Destination writing to w until freopen().
func NewDestination(w io.Writer) *Destination {
	d := &Destination{orig: w, cur: w}
	d.direct = isTerminal(w)
	return d
}

// isTerminal says whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

// Write buffers b, or writes it through on a terminal.
func (d *Destination) Write(b []byte) (int, error) {
	if d.direct {
		if err := d.Flush(); err != nil {
			return 0, err
		}
		return d.cur.Write(b)
	}
	d.buf = append(d.buf, b...)
	if len(d.buf) >= flushSize {
		if err := d.Flush(); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// appendTo returns what the Destination holds for a writer to append its
// next record to in place, saving the copy Write makes (a JSON line is
// ten times its text), and false when writes go through (a terminal).
// The writer hands the slice back with commit, or drops it.
func (d *Destination) appendTo() ([]byte, bool) {
	if d.direct {
		return nil, false
	}
	return d.buf, true
}

// commit takes back the slice appendTo returned with a record appended.
func (d *Destination) commit(b []byte) error {
	d.buf = b
	if len(d.buf) >= flushSize {
		return d.Flush()
	}
	return nil
}

// Flush writes what is buffered.
func (d *Destination) Flush() error {
	if len(d.buf) == 0 {
		return nil
	}
	_, err := d.cur.Write(d.buf)
	d.buf = d.buf[:0]
	if err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// Close flushes, then closes the file freopen() opened, if one is open.
func (d *Destination) Close() error {
	err := d.Flush()
	if d.file == nil {
		return err
	}
	err = errors.Join(err, d.file.Close())
	d.cur, d.file = d.orig, nil
	d.direct = isTerminal(d.cur)
	return err
}

// freopen sends the output to the file path, opened for appending as
// DTrace opens it, or back to where it went at first for "".
func (d *Destination) freopen(path string) error {
	if path == "" {
		return d.Close()
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return fmt.Errorf("freopen(): %w", err)
	}
	if err := d.Close(); err != nil {
		f.Close()
		return err
	}
	d.cur, d.file = f, f
	d.direct = isTerminal(f)
	return nil
}

// truncate empties the file the output goes to, when it is a regular
// file, as ftruncate() does; a terminal or a pipe is left as it is.
func (d *Destination) truncate() error {
	if err := d.Flush(); err != nil {
		return err
	}
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

// system runs command with the shell, its output going to d, and waits
// for it; as in DTrace, how the command ends does not matter to the run.
func (d *Destination) system(command string, stderr io.Writer) error {
	if err := d.Flush(); err != nil {
		return err
	}
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Stdout, cmd.Stderr = d.cur, stderr
	if err := cmd.Run(); err != nil {
		if _, exited := err.(*exec.ExitError); !exited {
			return fmt.Errorf("system(): %w", err)
		}
	}
	return nil
}

// Effects carries out the actions that act on the world rather than
// present data: system() runs a command, freopen() sends what follows to
// another file, ftruncate() empties the file written to. The run presents
// each record through Present, which carries out each such action exactly
// once however many writers present the record (see Probe.Effect):
// writers never carry them out.
type Effects struct {
	out    *Destination
	stderr io.Writer
	p      *format.Printer
	// The record being presented, which of its actions are carried out,
	// and e.effect as the func value records carry (made once).
	cur    *Probe
	done   []bool
	effect func(i int) error
}

// NewEffects returns the Effects acting on out, the output of a command
// going there too and its standard error to stderr.
//
// It is made before the probes are enabled, and makes Go check now
// whether pidfds work: Go checks that once, at the first process it
// starts, by starting a child that exits at once (os.checkPidfd). Left
// to the first system(), that child would be dtrace's progeny, seen by
// proc:::exit and the syscall probes before the command itself.
func NewEffects(out *Destination, stderr io.Writer) *Effects {
	if p, err := os.FindProcess(os.Getpid()); err == nil {
		p.Release()
	}
	e := &Effects{out: out, stderr: stderr, p: format.NewPrinter()}
	e.effect = e.once
	return e
}

// Present hands r to w and carries out each of r's effects once: when w
// asks for it through r.Effect, in its place among what w writes, or
// else after w.Probe returns, in order.
func (e *Effects) Present(w Writer, r *Probe) error {
	n := 0
	for i := range r.Actions {
		if IsEffect(r.Actions[i].Kind) {
			n++
		}
	}
	if n == 0 {
		r.Effect = nil
		return w.Probe(r)
	}
	e.cur, e.done = r, append(e.done[:0], make([]bool, len(r.Actions))...)
	defer func() { e.cur = nil }()
	r.Effect = e.effect
	if err := w.Probe(r); err != nil {
		return err
	}
	for i := range r.Actions {
		if err := e.once(i); err != nil {
			return err
		}
	}
	return nil
}

// Close flushes the output and closes the file freopen() opened, if one
// is open.
func (e *Effects) Close() error { return e.out.Close() }

// Flush writes the output buffered so far (see Destination).
func (e *Effects) Flush() error { return e.out.Flush() }

// once carries out the effect e.cur.Actions[i] unless it has been.
func (e *Effects) once(i int) error {
	if e.cur == nil || i < 0 || i >= len(e.done) || e.done[i] {
		return nil
	}
	e.done[i] = true
	return e.do(&e.cur.Actions[i])
}

// do carries out a, a System, Freopen or Ftruncate action; other kinds
// are not effects and are left alone.
func (e *Effects) do(a *Action) error {
	switch a.Kind {
	case Ftruncate:
		return e.out.truncate()
	case System, Freopen:
		text, err := e.p.Append(nil, a.Format.Convs, a.Args, nil)
		if err != nil {
			return fmt.Errorf("%s(): %w", a.Kind, err)
		}
		if a.Kind == System {
			return e.out.system(string(text), e.stderr)
		}
		return e.out.freopen(string(text))
	}
	return nil
}

// IsEffect says whether an action of kind k acts on the world (system(),
// freopen(), ftruncate()) rather than presenting data.
func IsEffect(k ActionKind) bool { return k == System || k == Freopen || k == Ftruncate }
