package check

import (
	"embed"
	"sync"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/parser"
)

// libFiles are godtrace's D library: the types, translators and inlines
// DTrace ships in /usr/lib64/dtrace/*.d, written in D.
//
//go:embed lib/*.d
var libFiles embed.FS

// libTypeNames are the type names the library uses before declaring
// them, for the parser's type-name question.
var libTypeNames = map[string]bool{
	"pid_t": true, "id_t": true, "uid_t": true, "gid_t": true, "uintptr_t": true,
	"psinfo_t": true, "lwpsinfo_t": true, "processorid_t": true, "psetid_t": true,
	"chipid_t": true, "lgrp_id_t": true, "dev_t": true, "taskid_t": true,
	"projid_t": true, "zoneid_t": true, "caddr_t": true, "ipaddr_t": true,
	"in6_addr_t": true, "cpuinfo_t": true, "fileinfo_t": true, "bufinfo_t": true,
	"devinfo_t": true, "size_t": true, "uint64_t": true,
	"void_ip_t": true, "netstackid_t": true, "pktinfo_t": true, "csinfo_t": true,
	"ipinfo_t": true, "ifinfo_t": true, "ipv4info_t": true, "ipv6info_t": true,
	"uint8_t": true, "uint16_t": true, "uint32_t": true, "int8_t": true,
	"udpsinfo_t": true, "udpinfo_t": true, "tcpsinfo_t": true, "tcplsinfo_t": true,
	"tcpinfo_t": true, "int32_t": true,
}

// libOrder is the order the library's files are checked in: later files
// use what earlier ones declare.
var libOrder = []string{"lib/types.d", "lib/signal.d", "lib/errno.d", "lib/regs.d", "lib/procfs.d", "lib/io.d", "lib/ip.d", "lib/tcp.d", "lib/udp.d"}

// libDecls parses the library once per process.
var libDecls = sync.OnceValue(func() []ast.Decl {
	var decls []ast.Decl
	for _, name := range libOrder {
		src, err := libFiles.ReadFile(name)
		if err != nil {
			continue
		}
		prog, err := parser.ParseFile(name, src, &parser.Config{IsType: func(n string) bool { return libTypeNames[n] }})
		if err != nil {
			// The library is fixed at build time; TestLib keeps it
			// parsing.
			continue
		}
		decls = append(decls, prog.Decls...)
	}
	return decls
})

// loadLib checks the library's declarations into the lib scope. A
// declaration the kernel's types cannot support (a member this kernel
// lacks, no kernel types at all) is left out, with everything that
// depends on it, rather than failing the user's program.
func (c *checker) loadLib() {
	c.defs = c.lib
	defer func() { c.defs = c.script }()
	for _, d := range libDecls() {
		c.libDecl(d)
	}
}

func (c *checker) libDecl(d ast.Decl) {
	saved := c.file
	c.file = nil
	defer func() {
		c.file = saved
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
	}()
	c.decl(d)
}
