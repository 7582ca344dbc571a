ticks 5
end 5

