package dtrace

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"

	"github.com/godtrace/godtrace/output"
	"github.com/godtrace/godtrace/output/prom"
)

// writer returns the Writer of a run's records that the options ask for:
// dtrace(8)'s text by default, JSON lines under oformat=json, and with
// pprof=FILE, the stack aggregations written to FILE as well; with
// exporter=ADDR, the aggregations served as Prometheus metrics at ADDR;
// and the Effects that carry out system(), freopen() and ftruncate() on
// stdout. The exporter, if any, is returned to be stopped when the run
// ends.
func (h *Handle) writer(stdout, stderr io.Writer) (output.Writer, *output.Effects, *prom.Exporter, error) {
	out := output.NewDestination(stdout)
	var w output.Writer
	switch f := h.opts.Text("oformat"); f {
	case "", "text":
		t := output.NewText(h.opts, out, stderr)
		t.NoIDs = h.testing
		w = t
	case "json":
		w = output.NewJSON(h.opts, out)
	default:
		return nil, nil, nil, notSupported("oformat=" + f)
	}
	if path := h.opts.Text("pprof"); path != "" {
		// A path that cannot be written fails before tracing starts,
		// without creating the file: the profile is written beside it
		// and renamed into place, so that it is whole or absent however
		// dtrace ends.
		if err := output.CheckPprofPath(path); err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, nil, nil, fmt.Errorf("failed to open pprof file '%s': %s", path, ErrorText(err))
		}
		w = output.Tee(w, output.NewPprof(path))
	}
	if addr := h.opts.Text("exporter"); addr != "" {
		// The address is bound now, as pprof's path is checked, so
		// that one in use fails before tracing starts.
		e, err := prom.Listen(addr, h.opts)
		if err != nil {
			var oe *net.OpError
			if errors.As(err, &oe) {
				return nil, nil, nil, fmt.Errorf("failed to listen on exporter address '%s': %s", addr, ErrorText(oe.Err))
			}
			return nil, nil, nil, err
		}
		return output.Tee(w, e), output.NewEffects(out, stderr), e, nil
	}
	return w, output.NewEffects(out, stderr), nil, nil
}
