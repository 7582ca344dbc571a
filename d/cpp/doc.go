// Package cpp owns dtrace -C: running the system C preprocessor over a D
// script before it is parsed, with the -D, -U, -I and -H options passed
// through and the ISO C mode of -X (-Xs: K&R C, no __STDC__). The output
// keeps cpp's `# N "file"` line markers, which the scanner honours so that
// errors name the script's own lines.
package cpp
