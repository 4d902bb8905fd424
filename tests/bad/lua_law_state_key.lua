-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_state_key.lua:10: law 'typo': step (stage 1, step 1): the state has no key 'Ftyy' (declared: Fty, Ftz) [rows up to the failure kept in $OUT/typo.tsv.partial]
-- expect-partial: typo 1
-- a Lua law that writes a misspelt state key (Ftyy for Fty)
lawtester.law{ name = "typo", summary = "an incremental tangential spring with a typo",
  state = { "Fty", "Ftz" },
  step = function(p, c, s, out)
    out.f[1] = 1e6 * c.uN
    s.Ftyy = s.Fty + 4e5 * c.v[2] * c.dt
    out.f[2] = s.Fty
    return true
  end }
return { name = "typo", law = "typo", particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,
  stages = { { whats = "vv....", values = {-1, 0.5, 0,0,0,0}, till = "stage.step >= 20" } }, record = { every = 1 } }
