-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/md_cells_fraction.lua:9: field params.mdCells: expected a whole number (mdCells is an integer parameter), got 80.5
-- mdCells counts the cells of hertz_mindlin's md rule: 80.5 is no count
return {
  name = "bad",
  law = "hertz_mindlin",
  params = { tangential = "md",
             mdCells = 80.5 },
  stages = { { whats = "v.....", values = {-1,0,0,0,0,0}, till = "not C" } },
}
