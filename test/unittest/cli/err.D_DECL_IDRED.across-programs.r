-- @@stderr --
dtrace: failed to compile script several/redeclare.d: [D_DECL_IDRED] line 2: identifier redeclared: x
	 current: scalar char
	previous: scalar int
