package provider

import (
	"bufio"
	"fmt"
	"io"
)

// WriteList writes probes as `dtrace -l` lists them; with verbose, each is
// followed by its attributes and argument types as `dtrace -lv` shows.
func WriteList(w io.Writer, probes []*Probe, verbose bool) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME")
	for _, p := range probes {
		fmt.Fprintf(bw, "%5d %10s %17s %33s %s\n", p.ID, p.Desc.Provider, p.Module, p.Function, p.Name)
		if !verbose {
			continue
		}
		info, err := p.Provider.Info(p)
		if err != nil {
			return fmt.Errorf("probe %s: %w", p.Desc, err)
		}
		writeAttr(bw, "Probe Description Attributes", info.Attrs.Of(p.Desc))
		writeAttr(bw, "Argument Attributes", info.Attrs.Args)
		fmt.Fprintf(bw, "\n\tArgument Types\n")
		for i, a := range info.Args {
			fmt.Fprintf(bw, "\t\targs[%d]: %s\n", i, a.Type())
		}
		if len(info.Args) == 0 {
			fmt.Fprintf(bw, "\t\tNone\n")
		}
		fmt.Fprintf(bw, "\n")
	}
	return bw.Flush()
}

func writeAttr(w io.Writer, title string, a Attr) {
	fmt.Fprintf(w, "\n\t%s\n\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n\t\tDependency Class: %s\n", title, a.Name, a.Data, a.Class)
}
