-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/clipen_without_clip.lua:6: field params: clipEn = 1 needs clip = 1 (without clip, en already is the restitution)
return {
  law = "hertz_mindlin",
  params = { en = 0.3, clipEn = true },
  stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 2" } },
}
