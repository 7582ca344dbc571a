package fromdwarf

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Inputs turns dwarf2ctf's arguments into inputs: a kernel build tree
// (a directory holding vmlinux) means vmlinux and every module under it,
// in path order; otherwise each argument is a file.
func Inputs(args []string) ([]Input, error) {
	var in []Input
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, fmt.Errorf("fromdwarf: %w", err)
		}
		if !st.IsDir() {
			in = append(in, Input{Path: a})
			continue
		}
		tree, err := buildTree(a)
		if err != nil {
			return nil, err
		}
		in = append(in, tree...)
	}
	return in, nil
}

func buildTree(dir string) ([]Input, error) {
	vmlinux := filepath.Join(dir, "vmlinux")
	if _, err := os.Stat(vmlinux); err != nil {
		return nil, fmt.Errorf("fromdwarf: %s is not a kernel build tree: %w", dir, err)
	}
	var mods []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".ko") {
			mods = append(mods, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("fromdwarf: %w", err)
	}
	slices.Sort(mods)
	in := []Input{{Path: vmlinux}}
	for _, m := range mods {
		in = append(in, Input{Path: m})
	}
	return in, nil
}
