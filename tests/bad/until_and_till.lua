-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/until_and_till.lua:7: field stages[1].till: give until or till, not both (till is another name for until)
return {
  law = "linear",
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, ["until"] = "stage.step >= 2",
               till = "stage.step >= 3" } },
}
