/*
 * Types and constants of DTrace's D library that do not depend on the
 * kernel: the Solaris-style typedefs built-in variables are declared with,
 * CPU information for curcpu, and the constants scripts commonly use.
 */

typedef int processorid_t;
typedef int psetid_t;
typedef int chipid_t;
typedef int lgrp_id_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned long dev_t;
typedef int taskid_t;
typedef int projid_t;
typedef int zoneid_t;
typedef char *caddr_t;
typedef unsigned int ipaddr_t;
typedef struct in6_addr in6_addr_t;

typedef struct cpuinfo {
	processorid_t cpu_id;		/* CPU identifier */
	psetid_t cpu_pset;		/* processor set identifier */
	chipid_t cpu_chip;		/* chip identifier */
	lgrp_id_t cpu_lgrp;		/* locality group identifier */
} cpuinfo_t;

/*
 * The processor set, the chip and the locality group of the current CPU,
 * as sched.d has them.
 */
inline psetid_t pset = curcpu->cpu_pset;
inline chipid_t chip = curcpu->cpu_chip;
inline lgrp_id_t lgrp = curcpu->cpu_lgrp;

inline long NULL = 0;
inline int AF_INET = 2;
inline int AF_INET6 = 10;
