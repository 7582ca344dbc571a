-- @@stderr --
dtrace: failed to compile script err.D_CG_EXPR.aggfunc.d: [D_CG_EXPR] line 3: aggregating function sum( ) may not be called from a D expression (D program context required)
