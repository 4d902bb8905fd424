-- string methods come from the sandbox's string copy: no dump there either
local code = ("x"):dump()
