/dev [nul] [/dev]

