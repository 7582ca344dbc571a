begin 1
tick 1
tick 1
tick 4

                4
