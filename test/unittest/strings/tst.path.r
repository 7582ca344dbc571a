[libc.so] [lib] [file] [/] [.]
[/usr/lib] [/] [.] [/a] [a] [.]

