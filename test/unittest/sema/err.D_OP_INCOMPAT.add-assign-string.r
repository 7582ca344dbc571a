-- @@stderr --
dtrace: failed to compile script err.D_OP_INCOMPAT.add-assign-string.d: [D_OP_INCOMPAT] line 4: operands have incompatible types: "string" += "string"
