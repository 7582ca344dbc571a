__STDC__ 1

