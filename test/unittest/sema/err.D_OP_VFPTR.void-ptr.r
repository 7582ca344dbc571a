-- @@stderr --
dtrace: failed to compile script err.D_OP_VFPTR.void-ptr.d: [D_OP_VFPTR] line 5: operator += requires left-hand scalar operand of known size
