-- @@stderr --
dtrace: failed to compile script err.D_ATTR_MIN.node.d: [D_ATTR_MIN] line 10: attributes for scalar curthread (Stable/Private/Common) are less than predefined minimum
