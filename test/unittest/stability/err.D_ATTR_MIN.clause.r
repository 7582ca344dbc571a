-- @@stderr --
dtrace: failed to compile script err.D_ATTR_MIN.clause.d: [D_ATTR_MIN] line 6: attributes for clause (Private/Private/ISA) are less than predefined minimum
