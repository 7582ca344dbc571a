-- @@stderr --
dtrace: failed to compile script err.D_XLATE_SOU.notsou.d: [D_XLATE_SOU] line 3: translator output type must be a struct or union
