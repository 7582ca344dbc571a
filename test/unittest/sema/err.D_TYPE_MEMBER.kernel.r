-- @@stderr --
dtrace: failed to compile script err.D_TYPE_MEMBER.kernel.d: [D_TYPE_MEMBER] line 3: no_such_member is not a member of struct task_struct
