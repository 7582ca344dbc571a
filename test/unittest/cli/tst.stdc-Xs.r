__STDC__ undefined

