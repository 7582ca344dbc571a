begin 1
tick 1
tick 1
tick 4
end 5

                4
