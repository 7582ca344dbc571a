-- @@stderr --
dtrace: failed to compile script err.D_DECL_IDRED.inline-twice.d: [D_DECL_IDRED] line 2: identifier redefined: who
	 current: inline definition
	previous: scalar inline
