-- @@stderr --
dtrace: failed to compile script err.D_CLEAR_AGGARG.aggfunc.d: [D_CLEAR_AGGARG] line 3: clear( ) argument #1 is incompatible with prototype:
	prototype: aggregation
	 argument: aggregating function
