package dtrace

import (
	"errors"
	"io"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/usdtgen"
)

// providers returns the USDT providers that progs define.
func providers(progs []*Program) ([]usdtgen.Provider, error) {
	var out []usdtgen.Provider
	for _, p := range progs {
		if p == nil || p.info == nil {
			return nil, errors.New("dtrace: nil Program")
		}
		for _, pi := range p.info.Providers {
			prov := usdtgen.Provider{Name: pi.Def.Name.Name}
			for _, pd := range pi.Probes {
				probe := usdtgen.Probe{Name: pd.Decl.Name.Name}
				for _, t := range pd.Args {
					a := usdtgen.Arg{Type: t.String()}
					switch {
					case ctype.IsString(t):
						a.Type, a.Size, a.Pointer = "char *", 8, true
					case ctype.IsPointer(t):
						a.Size, a.Pointer = 8, true
					case ctype.IsInteger(t):
						a.Size, a.Signed = int(t.Sizeof()), ctype.IsSigned(t)
					}
					probe.Args = append(probe.Args, a)
				}
				prov.Probes = append(prov.Probes, probe)
			}
			out = append(out, prov)
		}
	}
	return out, nil
}

// WriteHeader writes the C header of the USDT providers progs define, as
// dtrace -h does; file is the header's name, which its include guard
// follows. The probe macros place stapsdt probe sites, which the usdt
// provider traces (see package usdtgen).
func WriteHeader(w io.Writer, file string, progs ...*Program) error {
	provs, err := providers(progs)
	if err != nil {
		return err
	}
	if w == nil {
		return errors.New("dtrace: WriteHeader to a nil writer")
	}
	return usdtgen.WriteHeader(w, file, provs)
}

// WriteObject writes the object file that dtrace -G makes for the USDT
// providers progs define, once it has checked that the objects a program
// is built from hold probe sites of them: the semaphores behind the
// is-enabled macros, which the program must link.
func WriteObject(w io.Writer, objects []string, progs ...*Program) error {
	provs, err := providers(progs)
	if err != nil {
		return err
	}
	if w == nil {
		return errors.New("dtrace: WriteObject to a nil writer")
	}
	if err := usdtgen.Validate(provs); err != nil {
		return err
	}
	if err := usdtgen.CheckObjects(objects, provs); err != nil {
		return err
	}
	return usdtgen.WriteObject(w, provs)
}
