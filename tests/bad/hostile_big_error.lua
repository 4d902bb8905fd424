-- an error message of 10 MB: printed cut, on one line, at once
error(string.rep("x", 1e7))
