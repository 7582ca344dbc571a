-- @@stderr --
dtrace: failed to compile script err.D_PROTO_ARG.bcopy-into-string.d: [D_PROTO_ARG] line 4: bcopy( ) argument #2 is incompatible with prototype:
	prototype: alloca pointer
	 argument: non-alloca pointer
