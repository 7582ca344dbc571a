-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.copyout-string.d: [D_PROTO_ARG] line 3: copyout( ) argument #2 is incompatible with prototype:
	prototype: uintptr_t
	 argument: string
