-- the sandbox has no io: a script cannot read or write files beside lawtester.write
local f = io.open("/etc/passwd")
