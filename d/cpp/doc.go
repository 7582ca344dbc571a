// Package cpp owns dtrace -C: running the system C preprocessor over a D
// script before it is parsed, with the -D, -U, -I and -H options passed
// through. The output keeps cpp's `# N "file"` line markers, which the
// scanner honours so that errors name the script's own lines.
package cpp
