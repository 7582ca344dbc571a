[/a/c/d/e] [/] [/usr/lib/] [/x] [/a/b]

