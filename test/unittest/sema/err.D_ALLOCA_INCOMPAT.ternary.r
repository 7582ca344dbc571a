-- @@stderr --
dtrace: failed to compile script err.D_ALLOCA_INCOMPAT.ternary.d: [D_ALLOCA_INCOMPAT] line 4: ternary conditional with alloca and non-alloca branches cannot be assigned to a variable
