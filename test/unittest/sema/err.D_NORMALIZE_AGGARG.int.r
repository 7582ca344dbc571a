-- @@stderr --
dtrace: failed to compile script err.D_NORMALIZE_AGGARG.int.d: [D_NORMALIZE_AGGARG] line 3: denormalize( ) argument #1 is incompatible with prototype:
	prototype: aggregation
	 argument: int
