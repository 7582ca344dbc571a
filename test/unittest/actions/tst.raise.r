exit reason 2

