-- @@stderr --
dtrace: failed to compile script err.D_DECL_IDRED.inline-variable.d: [D_DECL_IDRED] line 2: identifier redefined: total
	 current: inline definition
	previous: scalar 
