-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_force_index.lua:9: law 'seventh': step (stage 1, step 1): out.f has no index 7 (1..6: the force on A 1..3, the torque on A 4..6) [rows up to the failure kept in $OUT/seventh.tsv.partial]
-- expect-partial: seventh 1
-- a Lua law that writes out.f[7] (out.f has the 6 entries 1..6)
lawtester.law{ name = "seventh", summary = "a normal spring writing past the force list",
  step = function(p, c, s, out)
    out.f[1] = 1e6 * c.uN
    out.f[7] = 0
    return true
  end }
return { name = "seventh", law = "seventh", particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 20" } }, record = { every = 1 } }
