-- expect: elsewhere tests/test_hostile.c (run: a 10 MB error message printed cut to one line of at most LT_ERROR_PRINT_MAX bytes, within 30 s)
-- an error message of 10 MB: printed cut, on one line, at once
error(string.rep("x", 1e7))
