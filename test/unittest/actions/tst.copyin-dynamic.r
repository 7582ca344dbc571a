/dev [nul]
[/dev] [] [/dev/null]
[/dev/nu]

