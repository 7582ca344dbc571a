package dtrace_test

import (
	"context"
	"fmt"
	"log"
	"syscall"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/output"
)

// A Go program compiles a D program, runs it and takes its records as
// values: here what BEGIN traces, then the aggregation at the end.
func Example() {
	h := dtrace.Open()
	defer h.Close()
	prog, err := h.CompileString(`BEGIN {
		trace(42);
		printf("%s, %d\n", "hello", 7);
		@calls[probename] = count();
		exit(3);
	}`, dtrace.SpecName, nil)
	if err != nil {
		log.Fatal(err)
	}
	w := &output.Funcs{
		ProbeFunc: func(p *output.Probe) error {
			for _, a := range p.Actions {
				switch a.Kind {
				case output.Trace:
					fmt.Printf("%s: trace(%d)\n", p.Name, a.Value.Int64())
				case output.Printf:
					fmt.Printf("%s: printf(%q) of %q and %d\n", p.Name, a.Format.Text, a.Args[0].Str, a.Args[1].Int64())
				}
			}
			return nil
		},
		EndFunc: func(e *output.End) error {
			for _, a := range e.Aggs.Aggregations() {
				for _, t := range agg.Tuples(nil, a) {
					fmt.Printf("@%s[%q] = %d\n", a.Name, t.Keys[0].Str, a.Result(t.Entries[0].Data).Uint64())
				}
			}
			return nil
		},
	}
	status, err := h.Run(context.Background(), prog, w)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("exit status", status)
	// Output:
	// BEGIN: trace(42)
	// BEGIN: printf("%s, %d\n") of "hello" and 7
	// @calls["BEGIN"] = 1
	// exit status 3
}

// Cancelling the context stops a run as exit() does: END fires and the
// aggregations come at the end. Here the program counts this process's
// getppid() calls, which start once BEGIN's record shows tracing is on.
func ExampleHandle_Run_cancel() {
	h := dtrace.Open()
	defer h.Close()
	prog, err := h.CompileString(`BEGIN { trace("ready"); }
		syscall::getppid:entry /pid == $pid/ { @calls = count(); }`, dtrace.SpecName, nil)
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &output.Funcs{
		ProbeFunc: func(p *output.Probe) error {
			if p.Name == "BEGIN" {
				go func() {
					for range 10 {
						syscall.Getppid()
					}
					cancel()
				}()
			}
			return nil
		},
		EndFunc: func(e *output.End) error {
			for _, a := range e.Aggs.Aggregations() {
				for _, t := range agg.Tuples(nil, a) {
					fmt.Printf("getppid() calls: %d\n", a.Result(t.Entries[0].Data).Uint64())
				}
			}
			return nil
		},
	}
	status, err := h.Run(ctx, prog, w)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("exit status", status)
	// Output:
	// getppid() calls: 10
	// exit status 0
}

// The steps of Run apart, as a program that watches a run or stops it
// from elsewhere takes them: Exec loads and attaches the program, and
// the Tracing it returns runs it (Wait) and releases it (Close).
func ExampleHandle_Exec() {
	h := dtrace.Open()
	defer h.Close()
	prog, err := h.CompileString(`BEGIN { trace("begin"); exit(5); } END { trace("end"); }`, dtrace.SpecName, nil)
	if err != nil {
		log.Fatal(err)
	}
	t, err := h.Exec(prog, &output.Funcs{
		ProbeFunc: func(p *output.Probe) error {
			fmt.Printf("%s: %s\n", p.Name, p.Actions[0].Value.Str)
			return nil
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer t.Close() // detaches the probes and frees the maps, however the run ends
	fmt.Println("probes enabled:", t.Probes())
	status, err := t.Wait(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("exit status", status)
	if err := t.Close(); err != nil {
		log.Fatal(err)
	}
	_, err = t.Wait(context.Background())
	fmt.Println("Wait after Close:", err)
	// Output:
	// probes enabled: 2
	// BEGIN: begin
	// END: end
	// exit status 5
	// Wait after Close: dtrace: use of a closed handle or tracing
}
