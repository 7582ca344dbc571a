-- @@stderr --
dtrace: failed to compile script err.D_CG_EXPR.agg-in-expression.d: [D_CG_EXPR] line 7: aggregating function count( ) may not be called from a D expression (D program context required)
