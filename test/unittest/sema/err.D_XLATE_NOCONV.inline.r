-- @@stderr --
dtrace: failed to compile script err.D_XLATE_NOCONV.inline.d: [D_XLATE_NOCONV] line 3: translator does not define conversion for member: pr_size
