-- no native code from a script: package.loadlib (and require's C loaders) are not there
local open = package.loadlib("libc.so.6", "abort")
