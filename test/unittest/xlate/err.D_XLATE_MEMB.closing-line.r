-- @@stderr --
dtrace: failed to compile script err.D_XLATE_MEMB.closing-line.d: [D_XLATE_MEMB] line 5: translator member second is not a member of struct pair
