-- @@stderr --
dtrace: failed to compile script err.D_TRACE_DYN.aggfunc.d: [D_TRACE_DYN] line 3: trace( ) may not be applied to a dynamic expression
