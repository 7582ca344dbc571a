[world] [hello] [llo]
[el] [] [he]
[llo] [lo] []

