-- expect: elsewhere tests/test_hostile.c (run --unsafe: the finalizers still running are stopped 10 s after the script ends, a timing the C test measures)
-- with --unsafe: a finalizer that never ends, left for lua_close after a complete run
setmetatable({}, {__gc = function() while true do end end})
return { name = "t", law = "linear",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "C and C.uN < -1e-4" } } }
