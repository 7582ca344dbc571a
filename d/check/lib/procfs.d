/*
 * Process and thread information for D programs: psinfo_t and lwpsinfo_t
 * with their translators from the kernel's task_struct, which give
 * curpsinfo and curlwpsinfo their values. Written for godtrace after the
 * structures the Dynamic Tracing Guide documents.
 */

typedef struct psinfo {
	int	pr_flag;	/* process flags */
	int	pr_nlwp;	/* number of threads */
	pid_t	pr_pid;		/* process ID */
	pid_t	pr_ppid;	/* parent process ID */
	pid_t	pr_pgid;	/* process group ID */
	pid_t	pr_sid;		/* session ID */
	uid_t	pr_uid;		/* real user ID */
	uid_t	pr_euid;	/* effective user ID */
	gid_t	pr_gid;		/* real group ID */
	gid_t	pr_egid;	/* effective group ID */
	uintptr_t pr_addr;	/* address of the task_struct */
	struct tty_struct *pr_ttydev;	/* controlling terminal, or -1 */
	char	pr_fname[16];	/* name of the executable */
	char	pr_psargs[80];	/* initial part of the argument list */
	int	pr_wstat;	/* exit status of a zombie */
	int	pr_argc;	/* number of arguments */
	uintptr_t pr_argv;	/* address of the arguments */
	uintptr_t pr_envp;	/* address of the environment */
	char	pr_dmodel;	/* data model of the process */
	taskid_t pr_taskid;	/* task ID (always 0 on Linux) */
	projid_t pr_projid;	/* project ID (always 0 on Linux) */
	int	pr_nzomb;	/* number of zombie threads */
	int	pr_poolid;	/* resource pool ID (always 0 on Linux) */
	zoneid_t pr_zoneid;	/* zone ID (always 0 on Linux) */
	id_t	pr_contract;	/* process contract (always 0 on Linux) */
} psinfo_t;

/* pr_dmodel's values: every process is taken for a 64-bit one. */
inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

typedef struct lwpsinfo {
	int	pr_flag;	/* thread flags */
	id_t	pr_lwpid;	/* thread ID */
	uintptr_t pr_addr;	/* address of the task_struct */
	uintptr_t pr_wchan;	/* wait address */
	char	pr_stype;	/* synchronisation event type */
	char	pr_state;	/* numeric thread state */
	char	pr_sname;	/* printable thread state */
	short	pr_syscall;	/* system call number */
	int	pr_pri;		/* priority */
	char	pr_name[16];	/* name of the thread */
	int	pr_onpro;	/* CPU the thread last ran on */
} lwpsinfo_t;

/* The kinds of process ids, whose numbering changed in Linux 4.19. */
inline int PIDTYPE_PID = `PIDTYPE_PID;
inline int PIDTYPE_TGID = `PIDTYPE_TGID;
inline int PIDTYPE_PGID = `PIDTYPE_PGID;
inline int PIDTYPE_SID = `PIDTYPE_SID;

translator psinfo_t < struct task_struct *T > {
	pr_flag = T->flags;
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_ttydev = T->signal->tty ? T->signal->tty : (struct tty_struct *)-1;
	pr_fname = T->comm;
	/*
	 * The arguments live in the process's memory, which a probe can
	 * read only for the process it fires in: another task's psinfo
	 * holds its command name there.
	 */
	pr_psargs = T == curthread ? execargs : stringof(T->comm);
	pr_wstat = T->exit_code;
	/*
	 * The initial stack, where the kernel's exec left argc, then the
	 * argument vector and the environment vector after it, each ending
	 * with NULL. Only the current process's memory can be read: another
	 * task's count is 0, its environment vector unknown (0).
	 */
	pr_argc = T == curthread && T->mm ?
	    *(int *)copyin(T->mm->start_stack, sizeof (int)) : 0;
	pr_argv = T->mm ? T->mm->start_stack + sizeof (long) : 0;
	pr_envp = T == curthread && T->mm ? T->mm->start_stack + sizeof (long) *
	    (*(int *)copyin(T->mm->start_stack, sizeof (int)) + 2) : 0;
	pr_dmodel = PR_MODEL_LP64;
	pr_taskid = 0;
	pr_projid = 0;
	pr_nzomb = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
};

/* pr_state's values and pr_flag's, as DTrace gives them. */
inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;
inline int PR_STOPPED = 0x00000001;
inline int PR_ISTOP = 0x00000002;
inline int PR_DSTOP = 0x00000004;
inline int PR_IDLE = 0x10000000;

/* How a child changed state (siginfo's si_code for SIGCHLD). */
inline int CLD_EXITED = 1;
inline int CLD_KILLED = 2;
inline int CLD_DUMPED = 3;
inline int CLD_TRAPPED = 4;
inline int CLD_STOPPED = 5;
inline int CLD_CONTINUED = 6;


/*
 * The kernel's task states (TASK_INTERRUPTIBLE 0x1, TASK_UNINTERRUPTIBLE
 * 0x2, __TASK_STOPPED 0x4, __TASK_TRACED 0x8, EXIT_DEAD 0x10,
 * EXIT_ZOMBIE 0x20, TASK_DEAD 0x80, TASK_WAKEKILL 0x100, TASK_WAKING
 * 0x200) in DTrace's terms.
 */
translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = T->__state & 0x4 ? PR_STOPPED : 0;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = T->__state & 0x3 ? SSLEEP : T->__state & 0xc ? SSTOP :
	    T->__state & 0xb0 ? SZOMB : T->__state & 0x300 ? SWAIT : SRUN;
	pr_sname = T->__state & 0x3 ? 'S' : T->__state & 0xc ? 'T' :
	    T->__state & 0xb0 ? 'Z' : T->__state & 0x300 ? 'W' : 'R';
	pr_syscall = 0;
	pr_pri = T->prio;
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);

/*
 * The working directory and the root of the current process. The casts
 * name the kernel's struct, which makes them checked only for a program
 * that uses them, as the translators are.
 */
inline string cwd = d_path(&((struct task_struct *)curthread)->fs->pwd);
inline string root = d_path(&((struct task_struct *)curthread)->fs->root);

/*
 * The CPU of a run queue, for sched's enqueue and dequeue. As for
 * curcpu, the processor set and the locality group are 0; the chip,
 * which a run queue does not tell, is 0 too.
 */
translator cpuinfo_t < struct rq *R > {
	cpu_id = R->cpu;
	cpu_pset = 0;
	cpu_chip = 0;
	cpu_lgrp = 0;
};
