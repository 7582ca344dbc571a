[ell] [lo] [hel] [lo]
[he] [] [ell] []
[] [hello] []

