package dtrace

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/output"
)

// misuse is one call made out of order or with what it cannot take; it
// returns the call's error.
type misuse struct {
	name string
	call func(t *testing.T) error
	// want, when set, is the error the call must match.
	want error
}

// noError is the answer of the calls that may take the misuse without an
// error but must not panic: Close of a handle never opened, say.
var noError = errors.New("no error expected")

// runMisuses makes each call, failing a test that panics or, unless it
// wants noError, returns no error.
func runMisuses(t *testing.T, cases []misuse) {
	t.Helper()
	for _, tc := range cases {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("panic: %v", r)
					}
				}()
				err = tc.call(t)
			}()
			switch {
			case tc.want == noError:
				if err != nil {
					t.Errorf("error %v, want none", err)
				}
			case err == nil:
				t.Errorf("no error")
			case tc.want != nil && !errors.Is(err, tc.want):
				t.Errorf("error %v, want %v", err, tc.want)
			case strings.Contains(err.Error(), "*dtrace.") || strings.Contains(err.Error(), "nil pointer"):
				t.Errorf("error %q names Go's types", err)
			}
		})
	}
}

// handleMisuses are the calls of a handle's methods that each fail when
// the handle is h: not made by Open, or closed. p and c are a program and
// code to pass (nil when there is none).
func handleMisuses(what string, h *Handle, p *Program, c *Code, want error) []misuse {
	ctx := context.Background()
	w := &output.Funcs{}
	return []misuse{
		{what + " CompileString", func(*testing.T) error { _, err := h.CompileString("BEGIN {}", SpecName, nil); return err }, want},
		{what + " CompileFile", func(*testing.T) error {
			_, err := h.CompileFile("x.d", strings.NewReader("BEGIN {}\n"), []string{"x.d"})
			return err
		}, want},
		{what + " CompileFileContext", func(*testing.T) error {
			_, err := h.CompileFileContext(ctx, "x.d", strings.NewReader("BEGIN {}\n"), nil)
			return err
		}, want},
		{what + " Generate", func(*testing.T) error { _, err := h.Generate(p); return err }, want},
		{what + " Start", func(*testing.T) error { _, err := h.Start(c, io.Discard, io.Discard); return err }, want},
		{what + " StartWriter", func(*testing.T) error { _, err := h.StartWriter(c, w); return err }, want},
		{what + " Exec", func(*testing.T) error { _, err := h.Exec(p, w); return err }, want},
		{what + " Run", func(*testing.T) error { _, err := h.Run(ctx, p, w); return err }, want},
		{what + " Merge", func(*testing.T) error { _, err := h.Merge(p, p); return err }, want},
		{what + " Matches", func(*testing.T) error { _, err := h.Matches(p); return err }, want},
		{what + " Matched", func(*testing.T) error { _, err := h.Matched(p); return err }, want},
		{what + " Absentees", func(*testing.T) error { _, err := h.Absentees(nil); return err }, want},
		{what + " ProbeByID", func(*testing.T) error { _, err := h.ProbeByID("1"); return err }, want},
		{what + " AllProbes", func(*testing.T) error { _, err := h.AllProbes(); return err }, want},
		{what + " DescInfos", func(*testing.T) error { _, err := h.DescInfos(p); return err }, want},
		{what + " CreateProcess", func(*testing.T) error { _, err := h.CreateProcess([]string{"/bin/true"}); return err }, want},
		{what + " GrabProcess", func(*testing.T) error { _, err := h.GrabProcess(1); return err }, want},
		{what + " Options, SetTesting, Processes", func(*testing.T) error {
			h.SetTesting(true)
			if h.Options() == nil {
				return fmt.Errorf("Options is nil")
			}
			if len(h.Processes()) != 0 {
				return fmt.Errorf("Processes: %v", h.Processes())
			}
			return nil
		}, noError},
		{what + " Close", func(*testing.T) error { return h.Close() }, noError},
	}
}

// TestMisuse calls the API in the wrong order, or with nil or zero values,
// and wants an error (or, where the call takes it, nothing), never a
// panic. None of these calls needs privileges.
func TestMisuse(t *testing.T) {
	closed := Open()
	if err := closed.Close(); err != nil {
		t.Fatal(err)
	}
	cases := handleMisuses("nil handle", nil, nil, nil, errNotOpen)
	cases = append(cases, handleMisuses("zero handle", &Handle{}, nil, nil, errNotOpen)...)
	cases = append(cases, handleMisuses("closed handle", closed, nil, nil, ErrClosed)...)

	h := Open()
	defer h.Close()
	ctx := context.Background()
	w := &output.Funcs{}
	var nilCtx context.Context
	for _, p := range []struct {
		what string
		p    *Program
	}{{"nil Program", nil}, {"zero Program", &Program{}}} {
		cases = append(cases,
			misuse{p.what + " Generate", func(*testing.T) error { _, err := h.Generate(p.p); return err }, nil},
			misuse{p.what + " Exec", func(*testing.T) error { _, err := h.Exec(p.p, w); return err }, nil},
			misuse{p.what + " Run", func(*testing.T) error { _, err := h.Run(ctx, p.p, w); return err }, nil},
			misuse{p.what + " Merge", func(*testing.T) error { _, err := h.Merge(p.p); return err }, nil},
			misuse{p.what + " Matches", func(*testing.T) error { _, err := h.Matches(p.p); return err }, nil},
			misuse{p.what + " Matched", func(*testing.T) error { _, err := h.Matched(p.p); return err }, nil},
			misuse{p.what + " DescInfos", func(*testing.T) error { _, err := h.DescInfos(p.p); return err }, nil},
			misuse{p.what + " WriteHeader", func(*testing.T) error { return WriteHeader(io.Discard, "x.h", p.p) }, nil},
			misuse{p.what + " WriteObject", func(*testing.T) error { return WriteObject(io.Discard, nil, p.p) }, nil},
			misuse{p.what + " Destructive, Stability", func(*testing.T) error {
				if p.p.Destructive() {
					return errors.New("destructive")
				}
				p.p.Stability()
				return nil
			}, noError},
		)
	}
	for _, c := range []struct {
		what string
		c    *Code
	}{{"nil Code", nil}, {"zero Code", &Code{}}} {
		cases = append(cases,
			misuse{c.what + " Start", func(*testing.T) error { _, err := h.Start(c.c, io.Discard, io.Discard); return err }, nil},
			misuse{c.what + " StartWriter", func(*testing.T) error { _, err := h.StartWriter(c.c, w); return err }, nil},
			misuse{c.what + " WriteAsm", func(*testing.T) error { return c.c.WriteAsm(io.Discard) }, nil},
			misuse{c.what + " NSpec", func(*testing.T) error {
				if n := c.c.NSpec(); n != 0 {
					return fmt.Errorf("NSpec %d", n)
				}
				return nil
			}, noError},
		)
	}
	for _, tr := range []struct {
		what string
		t    *Tracing
	}{{"nil Tracing", nil}, {"zero Tracing", &Tracing{}}} {
		cases = append(cases,
			misuse{tr.what + " Wait", func(*testing.T) error { _, err := tr.t.Wait(ctx); return err }, errNotOpen},
			misuse{tr.what + " Close", func(*testing.T) error { return tr.t.Close() }, errNotOpen},
			misuse{tr.what + " Sync", func(*testing.T) error { return tr.t.Sync(ctx) }, errNotOpen},
			misuse{tr.what + " Refused, BufSize, UnwindStats, Probes", func(*testing.T) error {
				_, ok := tr.t.UnwindStats()
				if tr.t.Refused() != nil || tr.t.BufSize() != 0 || ok || tr.t.Probes() != 0 {
					return errors.New("values from nothing")
				}
				return nil
			}, noError},
		)
	}
	cases = append(cases,
		misuse{"Merge of nothing", func(*testing.T) error { _, err := h.Merge(); return err }, nil},
		misuse{"Run with a nil Context", func(*testing.T) error { _, err := h.Run(nilCtx, nil, w); return err }, nil},
		misuse{"CompileFileContext with a nil Context", func(*testing.T) error {
			_, err := h.CompileFileContext(nilCtx, "x.d", strings.NewReader(""), nil)
			return err
		}, nil},
		misuse{"CompileFileContext with a nil reader", func(*testing.T) error {
			_, err := h.CompileFileContext(ctx, "x.d", nil, nil)
			return err
		}, nil},
		misuse{"CompileFileContext, context done", func(*testing.T) error {
			done, cancel := context.WithCancel(ctx)
			cancel()
			_, err := h.CompileFileContext(done, "x.d", strings.NewReader("BEGIN {}\n"), nil)
			return err
		}, context.Canceled},
		misuse{"CreateProcess of nothing", func(*testing.T) error { _, err := h.CreateProcess(nil); return err }, nil},
		misuse{"ErrorText of nil", func(*testing.T) error {
			if s := ErrorText(nil); s != "" {
				return fmt.Errorf("ErrorText(nil) = %q", s)
			}
			return nil
		}, noError},
	)
	runMisuses(t, cases)
}

// TestMisuseCompiled misuses programs and code the handle made: those of
// another handle, and those of a handle since closed. Compiling BEGIN
// needs no privileges.
func TestMisuseCompiled(t *testing.T) {
	h, other := Open(), Open()
	defer h.Close()
	defer other.Close()
	p, err := h.CompileString("BEGIN { exit(0); }", SpecName, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := &output.Funcs{}
	cases := []misuse{
		{"Generate of another handle's program", func(*testing.T) error { _, err := other.Generate(p); return err }, nil},
		{"Merge of another handle's program", func(*testing.T) error { _, err := other.Merge(p, p); return err }, nil},
		{"Matches of another handle's program", func(*testing.T) error { _, err := other.Matches(p); return err }, nil},
		{"Run of another handle's program", func(*testing.T) error { _, err := other.Run(context.Background(), p, w); return err }, nil},
	}
	closed := Open()
	cp, err := closed.CompileString("BEGIN { exit(0); }", SpecName, nil)
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	cases = append(cases, handleMisuses("closed handle, its program", closed, cp, nil, ErrClosed)...)
	runMisuses(t, cases)
}

// TestMisuseTracing misuses a program started: started twice, waited on
// after Close, closed from its own writer, its handle closed under it.
func TestMisuseTracing(t *testing.T) {
	testutil.RequireRoot(t)
	h := Open()
	defer h.Close()
	p, err := h.CompileString("BEGIN { exit(7); }", SpecName, nil)
	if err != nil {
		t.Fatal(err)
	}
	gen := func(t *testing.T, h *Handle, p *Program) *Code {
		c, err := h.Generate(p)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	ctx := context.Background()
	w := &output.Funcs{}
	other := Open()
	defer other.Close()
	op, err := other.CompileString("BEGIN { exit(0); }", SpecName, nil)
	if err != nil {
		t.Fatal(err)
	}
	runMisuses(t, []misuse{
		{"Start of another handle's code", func(t *testing.T) error {
			_, err := h.StartWriter(gen(t, other, op), w)
			return err
		}, nil},
		{"StartWriter with a nil writer", func(t *testing.T) error { _, err := h.StartWriter(gen(t, h, p), nil); return err }, nil},
		{"Start with a nil writer", func(t *testing.T) error { _, err := h.Start(gen(t, h, p), nil, io.Discard); return err }, nil},
		{"Start twice", func(t *testing.T) error {
			tr, err := h.StartWriter(gen(t, h, p), w)
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			_, err = h.StartWriter(gen(t, h, p), w)
			return err
		}, errBusy},
		{"Start of code started already", func(t *testing.T) error {
			c := gen(t, h, p)
			tr, err := h.StartWriter(c, w)
			if err != nil {
				t.Fatal(err)
			}
			tr.Close()
			_, err = h.StartWriter(c, w)
			return err
		}, nil},
		{"Wait after Close", func(t *testing.T) error {
			tr, err := h.Exec(p, w)
			if err != nil {
				t.Fatal(err)
			}
			if err := tr.Close(); err != nil {
				t.Fatal(err)
			}
			if err := tr.Close(); err != nil {
				t.Fatalf("Close twice: %v", err)
			}
			if tr.BufSize() != 0 || tr.Refused() != nil {
				t.Errorf("a closed Tracing has buffers")
			}
			_, err = tr.Wait(ctx)
			return err
		}, ErrClosed},
		{"Wait after the handle's Close", func(t *testing.T) error {
			h := Open()
			p, err := h.CompileString("BEGIN { exit(0); }", SpecName, nil)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := h.Exec(p, w)
			if err != nil {
				t.Fatal(err)
			}
			if err := h.Close(); err != nil {
				t.Fatal(err)
			}
			_, err = tr.Wait(ctx)
			return err
		}, ErrClosed},
		{"Close from the writer", func(t *testing.T) error {
			var tr *Tracing
			ends := 0
			tr, err := h.Exec(p, &output.Funcs{
				StartFunc: func(*output.Start) error { return tr.Close() },
				EndFunc:   func(*output.End) error { ends++; return nil },
			})
			if err != nil {
				t.Fatal(err)
			}
			_, err = tr.Wait(ctx)
			if ends != 0 {
				t.Errorf("the writer had END's record after Close")
			}
			return err
		}, ErrClosed},
		{"Wait with a nil Context", func(t *testing.T) error {
			tr, err := h.Exec(p, w)
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			var nilCtx context.Context
			_, err = tr.Wait(nilCtx)
			return err
		}, nil},
		{"Sync with a nil Context", func(t *testing.T) error {
			tr, err := h.Exec(p, w)
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			var nilCtx context.Context
			return tr.Sync(nilCtx)
		}, nil},
		{"Sync after Close", func(t *testing.T) error {
			tr, err := h.Exec(p, w)
			if err != nil {
				t.Fatal(err)
			}
			tr.Close()
			return tr.Sync(ctx)
		}, noError},
		{"Wait again after the run", func(t *testing.T) error {
			tr, err := h.Exec(p, w)
			if err != nil {
				t.Fatal(err)
			}
			defer tr.Close()
			for i := range 2 {
				if status, err := tr.Wait(ctx); status != 7 || err != nil {
					t.Fatalf("Wait #%d: %d, %v; want 7", i+1, status, err)
				}
			}
			return nil
		}, noError},
		{"Exec of a destructive program without -w", func(t *testing.T) error {
			h := Open()
			defer h.Close()
			p, err := h.CompileString(`BEGIN { system("true"); }`, SpecName, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = h.Exec(p, w)
			return err
		}, ErrDestructive},
	})
}

// TestTracingConcurrent runs one program with Waits and the accessors in
// several goroutines and Close in another, as the package doc promises
// (run it with -race), and two handles at once.
func TestTracingConcurrent(t *testing.T) {
	testutil.RequireRoot(t)
	t.Run("Waits", func(t *testing.T) {
		h := Open()
		defer h.Close()
		p, err := h.CompileString("tick-50ms { exit(4); }", SpecName, nil)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := h.Exec(p, &output.Funcs{})
		if err != nil {
			t.Fatal(err)
		}
		defer tr.Close()
		errs := make(chan error, 4)
		for range 4 {
			go func() {
				tr.Refused()
				tr.BufSize()
				tr.UnwindStats()
				status, err := tr.Wait(context.Background())
				if err == nil && status != 4 {
					err = fmt.Errorf("status %d, want 4", status)
				}
				errs <- err
			}()
		}
		for range 4 {
			if err := <-errs; err != nil {
				t.Error(err)
			}
		}
	})
	t.Run("Close while waiting", func(t *testing.T) {
		h := Open()
		defer h.Close()
		p, err := h.CompileString("tick-10ms { n++; }", SpecName, nil)
		if err != nil {
			t.Fatal(err)
		}
		started := make(chan struct{})
		tr, err := h.Exec(p, &output.Funcs{StartFunc: func(*output.Start) error { close(started); return nil }})
		if err != nil {
			t.Fatal(err)
		}
		errs := make(chan error, 2)
		for range 2 {
			go func() {
				_, err := tr.Wait(context.Background())
				errs <- err
			}()
		}
		<-started
		if err := h.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		for range 2 {
			if err := <-errs; !errors.Is(err, ErrClosed) {
				t.Errorf("Wait ended by Close: %v, want ErrClosed", err)
			}
		}
		// Once Close and the Waits have returned, the Tracing holds
		// nothing.
		if tr.BufSize() != 0 {
			t.Error("the run did not let go of its buffers")
		}
	})
	t.Run("two handles", func(t *testing.T) {
		errs := make(chan error, 2)
		outs := [2]bytes.Buffer{}
		for i := range 2 {
			go func() {
				h := Open()
				defer h.Close()
				p, err := h.CompileString(fmt.Sprintf(`BEGIN { printf("%%d", %d); exit(%d); }`, i, i), SpecName, nil)
				if err == nil {
					var tr *Tracing
					if tr, err = h.Exec(p, &output.Funcs{ProbeFunc: func(pr *output.Probe) error {
						fmt.Fprint(&outs[i], pr.Actions[0].Args[0].Int64())
						return nil
					}}); err == nil {
						var status int
						status, err = tr.Wait(context.Background())
						if err == nil && status != i {
							err = fmt.Errorf("handle %d: status %d", i, status)
						}
					}
				}
				errs <- err
			}()
		}
		for range 2 {
			if err := <-errs; err != nil {
				t.Error(err)
			}
		}
		for i := range outs {
			if got, want := outs[i].String(), fmt.Sprint(i); got != want {
				t.Errorf("handle %d printed %q, want %q", i, got, want)
			}
		}
	})
}
