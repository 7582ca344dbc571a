0
1
2
3
4
end after 1

