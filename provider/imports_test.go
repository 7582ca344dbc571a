package provider_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

const providerPath = "github.com/godtrace/godtrace/provider/"

// TestProvidersImportNoProvider keeps each provider a package of its own:
// what several share (kprobe units, raw tracepoint attach, argument
// loads ...) lives under provider/internal, and neither a provider nor
// those mechanics import a provider. provider/registry, which lists them
// all, is the one package that may.
func TestProvidersImportNoProvider(t *testing.T) {
	providers := map[string]bool{}
	imports := map[string][]string{}
	err := filepath.WalkDir(".", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || dir == "." {
			return err
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(dir, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		path := providerPath + filepath.ToSlash(dir)
		imports[path] = p.Imports
		if !strings.Contains(dir, "/") && dir != "internal" && dir != "registry" {
			providers[path] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(providers) < 10 {
		t.Fatalf("found %d providers under provider/, want every one", len(providers))
	}
	for path, imps := range imports {
		if strings.HasSuffix(path, "/registry") {
			continue
		}
		for _, imp := range imps {
			if providers[imp] && imp != path {
				t.Errorf("%s imports the provider %s: move what they share to provider/internal", path, imp)
			}
		}
	}
}
