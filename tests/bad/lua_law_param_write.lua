-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_param_write.lua:10: law 'softening': step (stage 1, step 1): the parameters are read-only: p.kn = 500000 (they are the test's; copy the value into a local to change it) [rows up to the failure kept in $OUT/softening.tsv.partial]
-- expect-partial: softening 1
-- a Lua law whose step writes its parameters (they are the test's, read-only to the law)
lawtester.law{ name = "softening", summary = "a normal spring that softens itself",
  params = { { name = "kn", default = 1e6, min = 0, unit = "N/m", doc = "normal stiffness" } },
  step = function(p, c, s, out)
    out.f[1] = p.kn * c.uN
    p.kn = 0.5 * p.kn
    return true
  end }
return { name = "softening", law = "softening", particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 20" } }, record = { every = 1 } }
