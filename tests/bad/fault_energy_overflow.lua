-- a law's energy beyond the largest double: a sphere of 1e11 m pressed 1e10 m into a wall
return {
  name = "overflow", law = "linear",
  params = { kn = 1e290, kt = 1, tanPhi = 0.5 },
  particles = { { shape = "wall", normal = {1, 0, 0} }, { radius = 1e11, material = { density = 1 } } },
  dt = 1, gap = 0,
  stages = { { whats = "v.....", values = {-1e10, 0,0,0,0,0}, till = "stage.step >= 3" } },
}
