package dtrace

import (
	"io"

	"github.com/godtrace/godtrace/output"
)

// writer returns the Writer of a run's records that the options ask for:
// dtrace(8)'s text by default, JSON lines under oformat=json.
func (h *Handle) writer(stdout, stderr io.Writer) (output.Writer, error) {
	switch f := h.opts.Text("oformat"); f {
	case "", "text":
		return output.NewText(h.opts, stdout, stderr), nil
	case "json":
		return output.NewJSON(h.opts, stdout), nil
	default:
		return nil, notSupported("oformat=" + f)
	}
}
