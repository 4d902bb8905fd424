-- string.dump is removed: bytecode is never loaded, so there is nothing to dump for
local code = string.dump(function() return 1 end)
