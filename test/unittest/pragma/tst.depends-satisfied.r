satisfied

