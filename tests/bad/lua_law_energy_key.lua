-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_energy_key.lua:10: law 'etypo': step (stage 1, step 1): out.e has no energy 'elsat' (declared: elast) [rows up to the failure kept in $OUT/etypo.tsv.partial]
-- expect-partial: etypo 1
-- a Lua law that writes a misspelt energy (elsat for elast)
lawtester.law{ name = "etypo", summary = "a normal spring whose energy has a typo",
  energies = { { name = "elast", kind = "stored", doc = "energy of the spring" } },
  step = function(p, c, s, out)
    out.f[1] = 1e6 * c.uN
    out.e.elsat = 0.5e6 * c.uN * c.uN
    return true
  end }
return { name = "etypo", law = "etypo", particles = { { radius = 0.1 }, { radius = 0.1 } }, dt = 1e-6,
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 20" } }, record = { every = 1 } }
