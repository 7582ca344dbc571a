-- @@stderr --
dtrace: failed to compile script err.D_UNKNOWN.msgdsize.d: [D_UNKNOWN] line 7: failed to resolve type of msgdsize arg#1 (mblk_t *): Unknown type name
