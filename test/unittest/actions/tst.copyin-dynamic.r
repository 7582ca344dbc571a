/dev [nul]
[/dev/] [] [/dev/null]

