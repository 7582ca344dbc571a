begin 1
tick 1
tick 1
tick 1

                4
