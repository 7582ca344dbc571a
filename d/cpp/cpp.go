package cpp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// ErrFailed is returned (wrapped) when the preprocessor exits
// unsuccessfully; its own messages have gone to the stderr writer.
var ErrFailed = errors.New("preprocessor failed to process input program")

// ErrNotFound is returned when no preprocessor is installed.
var ErrNotFound = errors.New("no C preprocessor (cpp or gcc) found")

// Defines are the macros DTrace defines for every D program it
// preprocesses, so scripts can test for D and the platform. Like DTrace it
// undefines __GNUC__: a C header then leaves out the GNU C it guards
// (glibc's sys/cdefs.h defines __attribute__ away), which D cannot parse,
// so that a script can #include the system's headers.
var Defines = []string{
	"-D__SUNW_D=1", "-D__SUNW_D_64", "-D__linux", "-D__linux__", "-D__unix",
	"-D__unix__", "-Dlinux", "-Dunix", "-D_LP64", "-D__LP64__", "-D__SVR4",
	"-D__Linux", "-U__GNUC__",
}

// StdcArgs returns the preprocessor options for the ISO C conformance mode
// that -X chose ("a", "c", "s" or "t"; "" before any -X), as DTrace runs
// cpp: -Xs is K&R C, where __STDC__ is not defined; every other mode is
// C99, where __STDC__ is 1.
func StdcArgs(mode string) []string {
	if mode == "s" {
		return []string{"-traditional-cpp"}
	}
	return []string{"-std=c99"}
}

// Preprocess runs the system C preprocessor (cpp, else gcc -E) on src, the
// text of the script filename, with args (the -D, -U, -I and -H options of
// dtrace, each as its own word: "-DX=1", "-I/dir"), and returns its
// output. As with DTrace, the preprocessor's own messages (its errors,
// the header list of -H) go straight to the standard error.
func Preprocess(ctx context.Context, filename string, src []byte, args []string) ([]byte, error) {
	cmd, err := Command()
	if err != nil {
		return nil, err
	}
	return PreprocessWith(ctx, cmd, filename, src, args, os.Stderr)
}

// Command finds the system's preprocessor, as Preprocess runs it: cpp,
// else gcc -E; ErrNotFound when there is neither.
func Command() ([]string, error) {
	if path, err := exec.LookPath("cpp"); err == nil {
		return []string{path}, nil
	}
	if path, err := exec.LookPath("gcc"); err == nil {
		return []string{path, "-E", "-x", "c"}, nil
	}
	return nil, ErrNotFound
}

// PreprocessWith is Preprocess with the preprocessor command given, as
// -xcpppath gives it (command[0] is the program, the rest its first
// arguments), and its messages sent to stderr (discarded when nil). When
// ctx is done the preprocessor is killed, with whatever it started (gcc's
// cc1), and the error wraps ctx's.
func PreprocessWith(ctx context.Context, command []string, filename string, src []byte, args []string, stderr io.Writer) ([]byte, error) {
	if len(command) == 0 {
		return nil, ErrNotFound
	}
	argv := append(append(append([]string{}, command[1:]...), Defines...), args...)
	// DTrace names its input /dev/stdin, which cpp's messages repeat.
	argv = append(argv, stdinName)
	cmd := exec.CommandContext(ctx, command[0], argv...)
	// A process group of its own, killed whole: a driver's child (cc1)
	// would otherwise live on, holding the output pipe, and Run would
	// wait for it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	cmd.Stdin = bytes.NewReader(stripInterpreter(src))
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%w: %w", ErrFailed, context.Cause(ctx))
		}
		return nil, fmt.Errorf("%w: %w", ErrFailed, err)
	}
	return renameStdin(stdout.Bytes(), filename), nil
}

// stripInterpreter blanks a leading #! line, which cpp would reject,
// keeping its newline so that line numbers do not move.
func stripInterpreter(src []byte) []byte {
	if !bytes.HasPrefix(src, []byte("#!")) {
		return src
	}
	if i := bytes.IndexByte(src, '\n'); i >= 0 {
		return src[i:]
	}
	return nil
}

// stdinName is the file cpp is told to read.
const stdinName = "/dev/stdin"

// renameStdin makes cpp's line markers name the script instead of the
// standard input it read.
func renameStdin(out []byte, filename string) []byte {
	if filename == "" {
		return out
	}
	return bytes.ReplaceAll(out, []byte(strconv.Quote(stdinName)), []byte(strconv.Quote(filename)))
}
