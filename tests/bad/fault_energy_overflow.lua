-- command: run
-- expect-status: 1
-- expect-warnings: 4
-- expect-stderr: tests/bad/fault_energy_overflow.lua:12: field stages[1]: stage 1, step 1: law 'linear' returned a non-finite energy elast = inf [rows up to the failure kept in $OUT/overflow.tsv.partial]
-- expect-partial: overflow 1
-- a law's energy beyond the largest double: a sphere of 1e11 m pressed 1e10 m into a wall
return {
  name = "overflow", law = "linear",
  params = { kn = 1e290, kt = 1, tanPhi = 0.5 },
  particles = { { shape = "wall", normal = {1, 0, 0} }, { radius = 1e11, material = { density = 1 } } },
  dt = 1, gap = 0,
  stages = { { whats = "v.....", values = {-1e10, 0,0,0,0,0}, till = "stage.step >= 3" } },
}
