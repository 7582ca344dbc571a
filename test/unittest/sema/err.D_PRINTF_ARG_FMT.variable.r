-- @@stderr --
dtrace: failed to compile script err.D_PRINTF_ARG_FMT.variable.d: [D_PRINTF_ARG_FMT] line 3: printf( ) argument #1 is incompatible with prototype:
	prototype: string constant
	 argument: string
