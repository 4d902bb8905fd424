-- no debug library: no registry, no upvalues of lawtester's functions, no hooks to remove
local registry = debug.getregistry()
