package cg

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/ctype/btfsrc"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/parser"
)

// testOptions are the options of a test compile, by name; a boolean
// option is set by any value but 0.
type testOptions map[string]int64

func (o testOptions) Value(name string) (int64, bool) { v, ok := o[name]; return v, ok }
func (o testOptions) Bool(name string) bool           { return o[name] != 0 }

// kernelTypes returns the types a compile sees with the running kernel's
// BTF, as dtrace's: nil when the kernel publishes none.
func kernelTypes(strsize int64) *ctype.Universe {
	k, err := btfsrc.Kernel()
	if err != nil {
		return nil
	}
	u := ctype.NewUniverse(btfsrc.Module, ctype.NewC(), ctype.NewD(strsize), k)
	u.SearchModules(btfsrc.ModuleNames)
	return u
}

// protoArg returns an argument of the type a prototype spells: a
// constant, a string, or a null pointer cast to the type.
func protoArg(spelling string) string {
	s := strings.TrimPrefix(strings.TrimSpace(spelling), "const ")
	switch s {
	case "@":
		return "1"
	case "string", "char *":
		return `"a"`
	case "char":
		return "'a'"
	}
	if strings.HasSuffix(s, "*") {
		return "(" + strings.ReplaceAll(s, "vmlinux`", "") + ")0"
	}
	return "1"
}

// protoCall calls fn with an argument of each type its prototype
// requires, and with its optional ones too when all is set.
func protoCall(fn check.Ident, all bool) string {
	var args []string
	if open := strings.LastIndexByte(fn.Proto, '('); open >= 0 {
		for _, a := range strings.Split(fn.Proto[open+1:len(fn.Proto)-1], ",") {
			a = strings.TrimSpace(a)
			opt := strings.HasPrefix(a, "[")
			if a == "" || a == "..." || opt && !all {
				continue
			}
			args = append(args, protoArg(strings.Trim(a, "[]")))
		}
	}
	return fmt.Sprintf("%s(%s)", fn.Name, strings.Join(args, ", "))
}

// builtinPrograms are the programs that use fn the simplest way its
// kind and prototype allow: once with its required arguments, once with
// all of them.
func builtinPrograms(fn check.Ident) []string {
	var progs []string
	for _, all := range []bool{false, true} {
		call := protoCall(fn, all)
		var p string
		switch fn.Kind {
		case check.Scalar:
			p = fmt.Sprintf("BEGIN { trace(%s); x = %s; }", fn.Name, fn.Name)
		case check.ArrayVar:
			p = fmt.Sprintf("syscall::read:entry { trace(%s[0]); }", fn.Name)
		case check.ScopePtr:
			p = fmt.Sprintf("BEGIN { %s->x = 1; trace(%s->x); }", fn.Name, fn.Name)
		case check.AggFunc:
			p = fmt.Sprintf("BEGIN { @a = %s; }", call)
		case check.Action:
			p = fmt.Sprintf("BEGIN { %s; }", call)
		case check.Subr:
			if strings.HasPrefix(fn.Proto, "void(") {
				p = fmt.Sprintf("BEGIN { %s; }", call)
			} else {
				p = fmt.Sprintf("BEGIN { trace(%s); x = %s; }", call, call)
			}
		}
		if len(progs) == 0 || progs[0] != p {
			progs = append(progs, p)
		}
	}
	return progs
}

// builtinCase is one program using a built-in, with the options it is
// compiled with.
type builtinCase struct {
	src  string
	opts testOptions
	// tag, when set, is DTrace's tag for the error the program must get,
	// from the checker or the code generator: what no kernel could run.
	tag string
	// msg, when set, is in the message of that error.
	msg string
}

// builtinUses are the programs for built-ins whose prototype does not
// say enough to write a valid call (an aggregation, a string constant,
// an alloca() pointer), replacing builtinPrograms' for them.
var builtinUses = map[string][]builtinCase{
	"bcopy":       {{src: "BEGIN { this->p = (char *)alloca(8); bcopy((void *)curthread, this->p, 8); trace(this->p[0]); }"}},
	"copyinto":    {{src: "BEGIN { this->p = (char *)alloca(8); copyinto(0, 8, this->p); trace(this->p[0]); }"}},
	"clear":       {{src: "BEGIN { @a = count(); @b[1, \"a\"] = sum(2); clear(@a); clear(@b); }"}},
	"denormalize": {{src: "BEGIN { @a = count(); denormalize(@a); }"}},
	"normalize":   {{src: "BEGIN { @a = count(); normalize(@a, 2); normalize(@a, timestamp); }"}},
	"trunc":       {{src: "BEGIN { @a[1] = count(); trunc(@a); trunc(@a, 2); trunc(@a, -3); trunc(@a, pid); }"}},
	"printa": {
		{src: "BEGIN { @a = count(); printa(@a); }"},
		{src: "BEGIN { @a[1, \"k\"] = count(); @b[2, \"j\"] = sum(3); printa(\"%d %s %@d %@d\\n\", @a, @b); }"},
		{src: "BEGIN { @a[stack()] = count(); @b[ustack()] = count(); @c[execname, ustack(3, 100)] = max(1); printa(@a); printa(@b); printa(@c); }"},
		{src: "BEGIN { @a[sym(arg0), usym(arg1), func(arg2), ufunc(arg3), mod(arg4), umod(arg5), uaddr(arg6)] = count(); printa(@a); }"},
	},
	"freopen": {{src: "BEGIN { freopen(\"/dev/null\"); freopen(\"\"); freopen(\"/tmp/%d\", pid); }", opts: testOptions{"destructive": 1}}},
	"system":  {{src: "BEGIN { system(\"true\"); system(\"echo %d %s\", pid, execname); }", opts: testOptions{"destructive": 1}}},
	"llquantize": {
		{src: "BEGIN { @a = llquantize(timestamp, 10, 0, 6, 20); }"},
		{src: "BEGIN { @a = llquantize(timestamp, 10, 0, 6, 20, 3); @b = llquantize(arg0, 10, 0, 6, 20, arg1); }"},
		{src: "BEGIN { @a = llquantize(1, 2, 0, 62, 2); }"},
		{src: "BEGIN { @a = llquantize(1, 2, 1, 62, 4); }"},
		{src: "BEGIN { @a = llquantize(1, 10, 3, 18, 100); }"},
		{src: "BEGIN { @a = llquantize(1, 16, 2, 6, 256); }"},
		{src: "BEGIN { @a = llquantize(1, 1000, 0, 5, 10); }"},
		{src: "BEGIN { @a = llquantize(1, 3, 0, 39, 9); }"},
		{src: "BEGIN { @a = llquantize(1, 255, 0, 7, 5); }"},
		{src: "BEGIN { @a = llquantize(1, 65535, 0, 3, 5); }"},
		{src: "BEGIN { @a = llquantize(1, 7, 5, 21, 49); }"},
		{src: "BEGIN { @a = llquantize(-1, 10, 2, 2, 10); @b = llquantize(arg0, 4, 0, 30, 16); }"},
		{src: "BEGIN { @a = llquantize(1, 4294967295, 0, 1, 2); }", tag: "D_LLQUANT_FACTORVAL"},
	},
	"lquantize": {
		{src: "BEGIN { @a = lquantize(timestamp, 0, 10); }"},
		{src: "BEGIN { @a = lquantize(timestamp, -10, 10, 2); }"},
		{src: "BEGIN { @a = lquantize(timestamp, -10, 10, 2, 7); @b = lquantize(1, -2147483648, -2140000000, 65535); }"},
		{src: "BEGIN { @a = lquantize((char)arg0, 0, 2000); @b = lquantize(arg0, 0, 100, 1, arg1); }"},
	},
	"msgdsize": {{src: "BEGIN { trace(msgdsize((mblk_t *)0)); }", tag: "D_UNKNOWN", msg: "failed to resolve type of msgdsize arg#1 (mblk_t *): Unknown type name"}},
	"msgsize":  {{src: "BEGIN { trace(msgsize((mblk_t *)0)); }", tag: "D_UNKNOWN", msg: "failed to resolve type of msgsize arg#1 (mblk_t *): Unknown type name"}},
	// DTrace's code generator has no ddi_pathname(): illumos device
	// paths have no Linux counterpart.
	"ddi_pathname": {{src: "BEGIN { trace(ddi_pathname((void *)0, 1)); }", tag: "D_FUNC_UNDEF", msg: "unimplemented subroutine: ddi_pathname"}},
	"print": {
		{src: "BEGIN { print(curthread); print(&curthread->pid); print(&curthread->comm); print(curthread->comm); print(0); }"},
		{src: "BEGIN { print(1); }", tag: "D_PROTO_ARG", msg: "print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: int"},
		{src: "BEGIN { print(*curthread); }", tag: "D_PROTO_ARG", msg: "print( ) argument #1 is incompatible with prototype:\n\tprototype: void *\n\t argument: struct task_struct"},
		{src: "BEGIN { print((void *)0); }", tag: "D_PRINT_SIZE", msg: "print( ) argument #1 reference has type 'void' with size 0; cannot print( ) it."},
	},
}

// builtinVariants are further uses of built-ins, the shapes of their
// arguments and results that take different code, besides the programs
// above.
var builtinVariants = map[string][]builtinCase{
	"args": {
		{src: "syscall::read:entry { trace(args[0]); trace(args[5]); @[args[1]] = sum(args[2]); x = args[3] + args[4]; }"},
		{src: "syscall::read:entry { i = 1; trace(args[i]); }", tag: "D_PROTO_ARG"},
		{src: "syscall::read:entry { trace(args[1 + 1]); trace(args[(int)3 - 1]); }"},
	},
	"uregs": {
		{src: "syscall::read:entry { trace(uregs[0]); trace(uregs[R_SP]); trace(uregs[R_PC]); }"},
		{src: "syscall::read:entry { i = 1; trace(uregs[i]); }", tag: "D_PROTO_ARG"},
	},
	"stack": {
		{src: "BEGIN { stack(); stack(5); @[stack()] = count(); @b[stack(3), 1] = count(); }"},
		{src: "BEGIN { @[stack(), ustack()] = count(); }"},
		{src: "BEGIN { @a[ustack()] = count(); } END { @a[ustack(2)] = count(); }"},
	},
	"ustack": {
		{src: "BEGIN { ustack(); ustack(5); ustack(5, 100); @[ustack()] = count(); @b[ustack(2, 50), execname] = count(); }"},
	},
	"jstack": {
		{src: "BEGIN { jstack(); jstack(5); jstack(5, 100); @[jstack()] = count(); @b[jstack(3, 64)] = count(); }"},
	},
	"avg":    aggShapes("avg"),
	"count":  {{src: "BEGIN { @ = count(); @a[1] = count(); @b[\"s\", 2] = count(); @c[curthread] = count(); @d[probefunc] = count(); }"}},
	"max":    aggShapes("max"),
	"min":    aggShapes("min"),
	"stddev": aggShapes("stddev"),
	"sum":    aggShapes("sum"),
	"quantize": append(aggShapes("quantize"),
		builtinCase{src: "BEGIN { @a = quantize(1, 3); @b = quantize(arg0, arg1); @c = quantize(-5, (char)2); }"}),
	"inet_ntop": {
		{src: "BEGIN { this->a = (uint32_t *)alloca(16); trace(inet_ntop(AF_INET, this->a)); trace(inet_ntop(AF_INET6, this->a)); }"},
		{src: "BEGIN { this->a = (uint32_t *)alloca(16); x = inet_ntop(AF_INET, this->a); y = inet_ntop(AF_INET6, this->a); printf(\"%s %s\", x, y); }"},
		{src: "BEGIN { this->a = (uint32_t *)alloca(16); f = AF_INET6; trace(inet_ntop(f, this->a)); x = inet_ntop(f, this->a); @[inet_ntop(f, this->a)] = count(); }"},
		{src: "BEGIN { this->a = (uint32_t *)alloca(16); trace(inet_ntop(99, this->a)); x = inet_ntop(99, this->a); }"},
	},
	"inet_ntoa": {
		{src: "BEGIN { this->a = (ipaddr_t *)alloca(4); trace(inet_ntoa(this->a)); x = inet_ntoa(this->a); @[inet_ntoa(this->a)] = count(); }"},
	},
	"inet_ntoa6": {
		{src: "BEGIN { this->a = (struct in6_addr *)alloca(16); trace(inet_ntoa6(this->a)); trace(inet_ntoa6(this->a, 1)); x = inet_ntoa6(this->a); y = inet_ntoa6(this->a, 1); }"},
	},
	"link_ntop": {
		{src: "BEGIN { this->a = (char *)alloca(20); trace(link_ntop(ARPHRD_ETHER, this->a)); trace(link_ntop(ARPHRD_INFINIBAND, this->a)); x = link_ntop(ARPHRD_ETHER, this->a); }"},
		{src: "BEGIN { this->a = (char *)alloca(20); t = 1; trace(link_ntop(t, this->a)); trace(link_ntop(77, this->a)); }"},
	},
	"trace": {
		{src: "BEGIN { trace(1); trace((char)1); trace(\"a\"); trace(curthread); trace(*curthread); trace(curthread->comm); trace(curthread->pid); trace(execname); trace(stringof(pid)); }"},
		{src: "BEGIN { x[1] = \"a\"; trace(x[1]); self->s = *curthread; trace(self->s); this->t = curthread->comm; trace(this->t); }"},
	},
	"tracemem": {
		{src: "BEGIN { tracemem(curthread, 16); tracemem(curthread, 16, 8); tracemem(curthread, 16, arg0); tracemem(arg0, 32); }"},
	},
	"setopt": {
		{src: "BEGIN { setopt(\"quiet\"); setopt(\"quiet\", \"no\"); setopt(\"bufsize\", \"1m\"); setopt(\"nosuchoption\"); }"},
		{src: "BEGIN { x = \"quiet\"; setopt(x); setopt(\"bufsize\", probefunc); setopt(strjoin(\"a\", \"b\"), x); }"},
	},
	"printf": {
		{src: "BEGIN { printf(\"%d %s %p %c %x %a %A %Y %u %lld %S\\n\", 1, \"a\", curthread, 'c', 2, arg0, arg1, walltimestamp, 3, 4LL, \"s\"); }"},
		{src: "BEGIN { printf(\"%s\", strjoin(\"a\", \"b\")); printf(\"%d\", curthread->pid); printf(\"%s %d\", curthread->comm, cpu); }"},
		{src: "BEGIN { printf(\"%s %k\\n\", execname, stack()); }", tag: "D_CG_EXPR"},
	},
	"sym":   symUses("sym"),
	"func":  symUses("func"),
	"mod":   symUses("mod"),
	"usym":  symUses("usym"),
	"ufunc": symUses("ufunc"),
	"umod":  symUses("umod"),
	"uaddr": symUses("uaddr"),
	"speculation": {
		{src: "BEGIN { self->s = speculation(); } BEGIN { speculate(self->s); trace(1); } BEGIN { commit(self->s); } BEGIN { discard(self->s); }"},
	},
	"copyinstr": {
		{src: "syscall::open:entry { trace(copyinstr(arg0)); trace(copyinstr(arg0, 10)); x = copyinstr(arg0, arg1); @[copyinstr(arg0)] = count(); }"},
	},
	"copyin": {
		{src: "syscall::open:entry { trace(*(int *)copyin(arg0, 4)); x = (char *)copyin(arg0, arg1); }"},
	},
	"copyout": {
		{src: "BEGIN { this->p = (char *)alloca(4); copyout(this->p, 0, 4); copyout(this->p, arg0, arg1); }", opts: testOptions{"destructive": 1}},
	},
	"copyoutstr": {
		{src: "BEGIN { copyoutstr(\"abc\", 0, 4); copyoutstr(execname, arg0, arg1); }", opts: testOptions{"destructive": 1}},
	},
	"substr": {
		{src: "BEGIN { trace(substr(\"abc\", 1)); trace(substr(\"abc\", -1, 2)); x = substr(execname, arg0, arg1); }"},
	},
	"index": {
		{src: "BEGIN { trace(index(\"abc\", \"b\")); trace(index(\"abc\", \"b\", 1)); trace(rindex(\"abc\", \"b\", arg0)); }"},
	},
	"lltostr": {
		{src: "BEGIN { trace(lltostr(-12)); trace(lltostr(255, 16)); trace(lltostr(arg0, 2)); trace(lltostr(1, arg1)); }"},
	},
	"strtok": {
		{src: "BEGIN { trace(strtok(\"a,b\", \",\")); trace(strtok(NULL, \",\")); x = strtok(execname, probefunc); }"},
	},
	"d_path": {
		{src: "BEGIN { trace(d_path(&curthread->fs->pwd)); x = d_path(&curthread->fs->root); @[d_path(&curthread->fs->pwd)] = count(); }"},
	},
	"pcap": {
		{src: "BEGIN { pcap((void *)curthread, 1); pcap((void *)arg0, arg1); }"},
	},
	"cwd":      {{src: "BEGIN { @[cwd] = count(); printf(\"%s\", cwd); }"}},
	"execargs": {{src: "BEGIN { @[execargs] = count(); printf(\"%s\", execargs); }"}},
	"self": {
		{src: "BEGIN { self->a = 1; self->s = \"s\"; self->t = *curthread; self->p = curthread; self->c = curthread->comm; trace(self->t.pid); self->a = 0; }"},
		{src: "BEGIN { self->x[1, \"a\"] = 2; trace(self->x[1, \"a\"]); self->x[1, \"a\"] = 0; }"},
	},
	"this": {
		{src: "BEGIN { this->a = 1; this->s = \"s\"; this->t = *curthread; this->c = curthread->comm; trace(this->t.pid); trace(this->c[0]); }"},
	},
}

// aggShapes are the argument shapes of an aggregating function of one
// value: integers of each size and sign, a pointer, under several keys.
func aggShapes(fn string) []builtinCase {
	return []builtinCase{{src: fmt.Sprintf(
		"BEGIN { @a = %[1]s(1); @b[1] = %[1]s((char)-1); @c[\"k\"] = %[1]s((uint8_t)200); @d[pid, execname] = %[1]s((short)arg0); "+
			"@e[stack()] = %[1]s(arg0); @f = %[1]s(curthread); @g[curthread->comm] = %[1]s((uint64_t)timestamp); @h[probefunc] = %[1]s(-arg1); }", fn)}}
}

// symUses are the uses of a symbol action: traced, as a key, printed.
func symUses(fn string) []builtinCase {
	return []builtinCase{{src: fmt.Sprintf("BEGIN { %[1]s(arg0); @[%[1]s(arg0)] = count(); @b[%[1]s(arg1), 1] = sum(1); printa(@b); }", fn)}}
}

// strsizeCases compile the string built-ins with strsizes around the
// sizes their code has thresholds for.
func strsizeCases() []builtinCase {
	var cs []builtinCase
	for _, n := range []int64{1, 2, 7, 8, 14, 15, 16, 19, 20, 21, 39, 40, 46, 47, 48, 63} {
		for _, src := range []string{
			"BEGIN { this->a = (uint32_t *)alloca(16); trace(inet_ntop(AF_INET, this->a)); x = inet_ntop(AF_INET6, this->a); f = 2; y = inet_ntop(f, this->a); trace(inet_ntoa((ipaddr_t *)this->a)); z = inet_ntoa6((struct in6_addr *)this->a); }",
			"BEGIN { this->a = (char *)alloca(20); trace(link_ntop(ARPHRD_ETHER, this->a)); x = link_ntop(ARPHRD_INFINIBAND, this->a); }",
			"BEGIN { trace(d_path(&curthread->fs->pwd)); x = d_path(&curthread->fs->root); }",
			"BEGIN { x = lltostr(arg0); y = strjoin(execname, \"abc\"); z = substr(y, 1); w = toupper(z); v = basename(w); u = dirname(v); t = cleanpath(u); s = strtok(t, \"/\"); trace(strchr(s, 'a')); trace(strstr(s, \"b\")); trace(copyinstr(arg0)); }",
			"BEGIN { x = execname; y = cwd; z = probefunc; @[execargs, x, y, z] = count(); trace(stringof(1)); trace(stringof(curthread->comm)); }",
		} {
			cs = append(cs, builtinCase{src: src, opts: testOptions{"strsize": n}})
		}
	}
	return cs
}

// TestBuiltinsGenerate compiles a program using each built-in variable,
// action, subroutine and aggregating function of the checker's table,
// and the variants of each that take different code: what the checker
// accepts code generation must generate, never answering "not supported
// yet". An entry added to the table later is tried too: with arguments
// of its prototype's types, or with the programs of builtinUses when
// those do not make a valid call. The few programs no kernel could run
// must be refused with DTrace's tag and message, by the checker or, as
// in DTrace, the code generator.
func TestBuiltinsGenerate(t *testing.T) {
	u := kernelTypes(256)
	if u == nil {
		t.Log("this kernel has no BTF: the programs using kernel types are refused by the checker, and skipped")
	}
	tried := map[string]bool{}
	run := func(name string, c builtinCase) {
		t.Helper()
		opts := testOptions{"destructive": 1}
		for k, v := range c.opts {
			opts[k] = v
		}
		types := u
		if v, ok := opts["strsize"]; ok {
			types = kernelTypes(v)
		}
		var isType func(string) bool
		if types != nil {
			isType = check.IsType(types)
		}
		prog, err := parser.ParseFile("t.d", []byte(c.src), &parser.Config{IsType: isType})
		if err != nil {
			t.Errorf("%s: %s: %v", name, c.src, err)
			return
		}
		info, err := check.Check(prog, &check.Config{Types: types, Options: opts})
		var p *Program
		if err == nil {
			p, err = Compile(prog, info, anyProbes{}, opts, testTarget)
		}
		switch {
		case errors.Is(err, ErrNotSupported):
			t.Errorf("%s: %s (options %v): the checker accepts what code generation cannot generate: %v", name, c.src, c.opts, err)
		case c.tag != "":
			if err == nil || tagOf(err) != c.tag || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("%s: %s: %v, want DTrace's %v %q", name, c.src, err, c.tag, c.msg)
			}
		case err != nil && u == nil && strings.Contains(err.Error(), "resolve"):
			t.Logf("%s: %s: skipped without the kernel's types: %v", name, c.src, err)
		case err != nil:
			t.Errorf("%s: %s (options %v): %v", name, c.src, c.opts, err)
		case len(p.Clauses) == 0:
			t.Errorf("%s: %s: no clause compiled", name, c.src)
		}
		tried[name] = true
	}
	for _, fn := range check.Builtins {
		cases, ok := builtinUses[fn.Name]
		if !ok {
			for _, src := range builtinPrograms(fn) {
				cases = append(cases, builtinCase{src: src})
			}
		}
		for _, c := range append(cases, builtinVariants[fn.Name]...) {
			run(fn.Name, c)
		}
	}
	for _, c := range strsizeCases() {
		run(fmt.Sprintf("strsize=%d", c.opts["strsize"]), c)
	}
	for _, fn := range check.Builtins {
		if !tried[fn.Name] {
			t.Errorf("%s: no program tried", fn.Name)
		}
	}
	for name := range builtinVariants {
		if _, ok := check.LookupBuiltin(name); !ok {
			t.Errorf("variants of %s, which is not a built-in", name)
		}
	}
}

// tagOf returns the tag an error of the checker or the code generator
// carries, as its name.
func tagOf(err error) string {
	var list diag.List
	if errors.As(err, &list) && len(list) > 0 {
		return list[0].Tag.String()
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Tag.String()
	}
	return ""
}
