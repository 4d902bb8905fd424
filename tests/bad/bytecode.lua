local f = load("return 1")
return f()
