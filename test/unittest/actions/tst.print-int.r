                                            (int)-42

