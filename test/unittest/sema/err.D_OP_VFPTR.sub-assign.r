-- @@stderr --
dtrace: failed to compile script err.D_OP_VFPTR.sub-assign.d: [D_OP_VFPTR] line 5: operator -= requires left-hand scalar operand of known size
