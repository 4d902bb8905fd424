-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_package.lua:5: attempt to index a nil value (global 'package')
-- no package: package.loaded would hand out the real libraries
local os = package.loaded.os
