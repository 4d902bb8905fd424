-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/stiffness_unknown_key.lua:8: field stiffness.Kn: unknown key 'Kn' (allowed: rule, area, lengths, kn, kt, ratio)
return {
  name = "bad",
  law = "linear",
  stiffness = { rule = "direct",
                Kn = 1e6 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
