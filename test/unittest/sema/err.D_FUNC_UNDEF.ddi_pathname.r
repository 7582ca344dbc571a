-- @@stderr --
dtrace: failed to compile script err.D_FUNC_UNDEF.ddi_pathname.d: [D_FUNC_UNDEF] line 8: unimplemented subroutine: ddi_pathname
