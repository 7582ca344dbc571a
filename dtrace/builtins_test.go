package dtrace

import (
	"errors"
	"testing"

	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
)

// builtinUses uses each built-in identifier the checker knows in a program
// it accepts. A probe other than BEGIN needs the tracing file system,
// which needs root.
var builtinUses = map[string]string{
	"alloca":              `BEGIN { this->p = (int *)alloca(8); *this->p = 1; trace(*this->p); }`,
	"arg0":                `BEGIN { trace(arg0); }`,
	"arg1":                `BEGIN { trace(arg1); }`,
	"arg2":                `BEGIN { trace(arg2); }`,
	"arg3":                `BEGIN { trace(arg3); }`,
	"arg4":                `BEGIN { trace(arg4); }`,
	"arg5":                `BEGIN { trace(arg5); }`,
	"arg6":                `BEGIN { trace(arg6); }`,
	"arg7":                `BEGIN { trace(arg7); }`,
	"arg8":                `BEGIN { trace(arg8); }`,
	"arg9":                `BEGIN { trace(arg9); }`,
	"args":                `syscall::read:entry { trace(args[0]); }`,
	"avg":                 `BEGIN { @ = avg(1); }`,
	"basename":            `BEGIN { trace(basename("/a/b")); }`,
	"bcopy":               `BEGIN { this->p = alloca(8); bcopy(&curthread->pid, this->p, 4); }`,
	"breakpoint":          `BEGIN { breakpoint(); }`,
	"caller":              `BEGIN { trace(caller); }`,
	"chill":               `BEGIN { chill(1); }`,
	"cleanpath":           `BEGIN { trace(cleanpath("/a/../b")); }`,
	"clear":               `BEGIN { @ = count(); clear(@); }`,
	"commit":              `BEGIN { commit(speculation()); }`,
	"copyin":              `BEGIN { trace(*(int *)copyin(arg0, 4)); }`,
	"copyinstr":           `BEGIN { trace(copyinstr(arg0)); }`,
	"copyinto":            `BEGIN { this->p = alloca(8); copyinto(arg0, 8, this->p); }`,
	"copyout":             `BEGIN { this->p = alloca(8); copyout(this->p, arg0, 8); }`,
	"copyoutstr":          `BEGIN { copyoutstr("a", arg0, 2); }`,
	"count":               `BEGIN { @ = count(); }`,
	"cpu":                 `BEGIN { trace(cpu); }`,
	"curcpu":              `BEGIN { trace(curcpu->cpu_id); }`,
	"curthread":           `BEGIN { trace(curthread->pid); }`,
	"cwd":                 `BEGIN { trace(cwd); }`,
	"d_path":              `BEGIN { trace(d_path(&curthread->fs->pwd)); }`,
	"ddi_pathname":        `BEGIN { trace(ddi_pathname((void *)0, 0)); }`,
	"denormalize":         `BEGIN { @ = sum(1); normalize(@, 2); denormalize(@); }`,
	"dirname":             `BEGIN { trace(dirname("/a/b")); }`,
	"discard":             `BEGIN { discard(speculation()); }`,
	"epid":                `BEGIN { trace(epid); }`,
	"errno":               `BEGIN { trace(errno); }`,
	"execargs":            `BEGIN { trace(execargs); }`,
	"execname":            `BEGIN { trace(execname); }`,
	"exit":                `BEGIN { exit(0); }`,
	"freopen":             `BEGIN { freopen("/dev/null"); }`,
	"ftruncate":           `BEGIN { ftruncate(); }`,
	"func":                `BEGIN { func(arg0); }`,
	"getmajor":            `BEGIN { trace(getmajor(1)); }`,
	"getminor":            `BEGIN { trace(getminor(1)); }`,
	"gid":                 `BEGIN { trace(gid); }`,
	"htonl":               `BEGIN { trace(htonl(1)); }`,
	"htonll":              `BEGIN { trace(htonll(1)); }`,
	"htons":               `BEGIN { trace(htons(1)); }`,
	"id":                  `BEGIN { trace(id); }`,
	"index":               `BEGIN { trace(index("ab", "b")); }`,
	"inet_ntoa":           `BEGIN { this->a = (ipaddr_t *)alloca(4); trace(inet_ntoa(this->a)); }`,
	"inet_ntoa6":          `BEGIN { this->a = (struct in6_addr *)alloca(16); trace(inet_ntoa6(this->a)); }`,
	"inet_ntop":           `BEGIN { this->a = alloca(16); trace(inet_ntop(arg0, this->a)); }`,
	"ipl":                 `BEGIN { trace(ipl); }`,
	"jstack":              `BEGIN { jstack(); }`,
	"link_ntop":           `BEGIN { this->a = alloca(6); trace(link_ntop(1, this->a)); }`,
	"llquantize":          `BEGIN { @ = llquantize(1, 10, 0, 6, 20); }`,
	"lltostr":             `BEGIN { trace(lltostr(12)); }`,
	"lquantize":           `BEGIN { @ = lquantize(1, 0, 10); }`,
	"max":                 `BEGIN { @ = max(1); }`,
	"min":                 `BEGIN { @ = min(1); }`,
	"mod":                 `BEGIN { mod(arg0); }`,
	"msgdsize":            `typedef struct mblk mblk_t; BEGIN { trace(msgdsize((mblk_t *)arg0)); }`,
	"msgsize":             `typedef struct mblk mblk_t; BEGIN { trace(msgsize((mblk_t *)arg0)); }`,
	"mutex_owned":         `BEGIN { trace(mutex_owned((struct mutex *)arg0)); }`,
	"mutex_owner":         `BEGIN { trace(mutex_owner((struct mutex *)arg0)); }`,
	"mutex_type_adaptive": `BEGIN { trace(mutex_type_adaptive((struct mutex *)arg0)); }`,
	"mutex_type_spin":     `BEGIN { trace(mutex_type_spin((struct mutex *)arg0)); }`,
	"normalize":           `BEGIN { @ = sum(1); normalize(@, 2); }`,
	"ntohl":               `BEGIN { trace(ntohl(1)); }`,
	"ntohll":              `BEGIN { trace(ntohll(1)); }`,
	"ntohs":               `BEGIN { trace(ntohs(1)); }`,
	"panic":               `BEGIN { panic(); }`,
	"pcap":                `BEGIN { pcap((void *)arg0, 1); }`,
	"pid":                 `BEGIN { trace(pid); }`,
	"ppid":                `BEGIN { trace(ppid); }`,
	"print":               `BEGIN { print(curthread); }`,
	"printa":              `BEGIN { @ = count(); printa(@); }`,
	"printf":              `BEGIN { printf("%d", 1); }`,
	"probefunc":           `BEGIN { trace(probefunc); }`,
	"probemod":            `BEGIN { trace(probemod); }`,
	"probename":           `BEGIN { trace(probename); }`,
	"probeprov":           `BEGIN { trace(probeprov); }`,
	"progenyof":           `BEGIN { trace(progenyof(1)); }`,
	"quantize":            `BEGIN { @ = quantize(1); }`,
	"raise":               `BEGIN { raise(9); }`,
	"rand":                `BEGIN { trace(rand()); }`,
	"rindex":              `BEGIN { trace(rindex("ab", "b")); }`,
	"root":                `BEGIN { trace(root); }`,
	"rw_iswriter":         `BEGIN { trace(rw_iswriter((rwlock_t *)arg0)); }`,
	"rw_read_held":        `BEGIN { trace(rw_read_held((rwlock_t *)arg0)); }`,
	"rw_write_held":       `BEGIN { trace(rw_write_held((rwlock_t *)arg0)); }`,
	"self":                `BEGIN { self->x = 1; trace(self->x); }`,
	"setopt":              `BEGIN { setopt("quiet"); }`,
	"speculate":           `BEGIN { speculate(speculation()); trace(1); }`,
	"speculation":         `BEGIN { trace(speculation()); }`,
	"stack":               `BEGIN { stack(); }`,
	"stackdepth":          `BEGIN { trace(stackdepth); }`,
	"stddev":              `BEGIN { @ = stddev(1); }`,
	"stop":                `BEGIN { stop(); }`,
	"strchr":              `BEGIN { trace(strchr("ab", 'b')); }`,
	"strjoin":             `BEGIN { trace(strjoin("a", "b")); }`,
	"strlen":              `BEGIN { trace(strlen("ab")); }`,
	"strrchr":             `BEGIN { trace(strrchr("ab", 'b')); }`,
	"strstr":              `BEGIN { trace(strstr("ab", "b")); }`,
	"strtok":              `BEGIN { trace(strtok("a b", " ")); }`,
	"substr":              `BEGIN { trace(substr("ab", 1)); }`,
	"sum":                 `BEGIN { @ = sum(1); }`,
	"sym":                 `BEGIN { sym(arg0); }`,
	"system":              `BEGIN { system("true"); }`,
	"this":                `BEGIN { this->x = 1; trace(this->x); }`,
	"tid":                 `BEGIN { trace(tid); }`,
	"timestamp":           `BEGIN { trace(timestamp); }`,
	"tolower":             `BEGIN { trace(tolower("A")); }`,
	"toupper":             `BEGIN { trace(toupper("a")); }`,
	"trace":               `BEGIN { trace(1); }`,
	"tracemem":            `BEGIN { this->p = alloca(8); tracemem(this->p, 8); }`,
	"trunc":               `BEGIN { @ = count(); trunc(@, 1); }`,
	"uaddr":               `BEGIN { uaddr(arg0); }`,
	"ucaller":             `BEGIN { trace(ucaller); }`,
	"ufunc":               `BEGIN { ufunc(arg0); }`,
	"uid":                 `BEGIN { trace(uid); }`,
	"umod":                `BEGIN { umod(arg0); }`,
	"uregs":               `BEGIN { trace(uregs[R_PC]); }`,
	"ustack":              `BEGIN { ustack(); }`,
	"ustackdepth":         `BEGIN { trace(ustackdepth); }`,
	"usym":                `BEGIN { usym(arg0); }`,
	"vtimestamp":          `BEGIN { trace(vtimestamp); }`,
	"walltimestamp":       `BEGIN { trace(walltimestamp); }`,
}

// builtinRefusals are the errors DTrace for Linux's code generator gives
// the built-ins it declares and does not implement, which code
// generation must give too.
var builtinRefusals = map[string]string{
	"ddi_pathname": "[D_FUNC_UNDEF] unimplemented subroutine: ddi_pathname",
	"msgdsize":     "[D_FUNC_UNDEF] unimplemented subroutine: msgdsize",
	"msgsize":      "[D_FUNC_UNDEF] unimplemented subroutine: msgsize",
}

// TestBuiltinsGenerate generates the code of a program using each
// built-in variable, subroutine, action and aggregating function of the
// checker's table: what the checker lets through, code generation must
// not refuse as not supported. The table is the checker's, so a new
// built-in fails here until it has a use above and code.
func TestBuiltinsGenerate(t *testing.T) {
	for _, b := range check.Builtins {
		t.Run(b.Name, func(t *testing.T) {
			src, ok := builtinUses[b.Name]
			if !ok {
				t.Fatalf("no program uses %s: add one to builtinUses", b.Name)
			}
			switch b.Name {
			case "args":
				testutil.RequireRoot(t)
			case "copyout", "copyoutstr":
				testutil.Require(t, feature.WriteUser)
			}
			h := Open()
			h.Options().Set("errtags", "")
			// Destructive actions compile without -w, which only
			// enabling checks.
			p, err := h.CompileString(src, SpecName, []string{"dtrace"})
			if err != nil {
				t.Fatalf("%s: the checker refuses it: %v", src, err)
			}
			_, err = h.Generate(p)
			if want, ok := builtinRefusals[b.Name]; ok {
				if err == nil || err.Error() != want {
					t.Fatalf("%s: %v, want %q", src, err, want)
				}
				return
			}
			if err != nil {
				if errors.Is(err, cg.ErrNotSupported) {
					t.Fatalf("%s: %v", src, err)
				}
				t.Fatalf("%s: code generation failed: %v", src, err)
			}
		})
	}
	for name := range builtinUses {
		if _, ok := check.LookupBuiltin(name); !ok {
			t.Errorf("builtinUses has %s, which is no built-in", name)
		}
	}
}
