Linux
uname entry

