-- no package: package.loaded would hand out the real libraries
local os = package.loaded.os
