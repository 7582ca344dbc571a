mutex_owned 0
mutex_owner 0
mutex_type_adaptive 1
mutex_type_spin 0
rw_read_held 0
rw_write_held 0
rw_iswriter 0

