exit_group(1)

