[world] [hello] [llo]
[el] [] []
[llo] [lo] [NULL]

