

              key  min .------------. max  | count
                k   -4 : _    x_    : 128  | 5
            other   -4 :    _x    _ : 128  | 5

      key     min .-------. max      | count
        1     < 0 :x  v   : >= 10    | 2
        2     < 0 :      X: >= 10    | 7

  min .--. max  | count
    0 :X : 1    | 1
  plain                                                             1
