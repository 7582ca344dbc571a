-- @@stderr --
dtrace: failed to compile script err.D_XLATE_NOCONV.psinfo.d: [D_XLATE_NOCONV] line 4: translator does not define conversion for member: no_such_member
