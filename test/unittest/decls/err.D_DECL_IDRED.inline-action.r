-- @@stderr --
dtrace: failed to compile script err.D_DECL_IDRED.inline-action.d: [D_DECL_IDRED] line 1: identifier redefined: trace
	 current: inline definition
	previous: tracing function 
