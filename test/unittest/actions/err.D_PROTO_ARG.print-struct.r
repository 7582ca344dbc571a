-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.print-struct.d: [D_PROTO_ARG] line 6: print( ) argument #1 is incompatible with prototype:
	prototype: void *
	 argument: struct task_struct
