-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/lua_law_energy_kind.lua:10: field law.energies[1].kind: must be 'stored' (its current value) or 'dissipated' (its increment of the step), got 'elastic'
-- an energy of a kind that is neither stored nor dissipated
lawtester.law{
  name = "badenergy",
  summary = "elastic is not a kind",
  energies = {
    { name = "elast",
      kind = "elastic", doc = "spring energy" },
  },
  step = function(p, c, s, out) return true end,
}
return { law = "badenergy", stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } } }
