-- expect: elsewhere tests/test_sandbox.c (run -q --max-memory 4: runs refused wherever an allocation hits the cap leave no temporary file, and either no record or three complete files)
-- lawtester.run with the Lua state at its memory cap: each attempt fails wherever lawtester's own
-- allocation is refused (the run's userdata, its proxies, the test's conversion, the results),
-- with files open or not; a little more memory is freed before each next attempt.  Nothing may
-- leak and no temporary file may stay (tests/test_sandbox.c, under ASan and valgrind too).
local hog = {}
pcall(function() while true do hog[#hog + 1] = { 1, 2, 3, 4 } end end)
for k = 1, 2000 do hog[#hog] = nil end
local test = { name = "starved", law = "linear", record = { every = 10 },
               stages = { { whats = "v.....", values = {-1, 0,0,0,0,0}, till = "stage.step >= 50" } } }
local failed, ran = 0, 0
for i = 1, 400 do
  for k = 1, 4 do hog[#hog] = nil end
  if pcall(lawtester.run, test) then ran = ran + 1 else failed = failed + 1 end
end
hog = nil -- the report below needs a little memory: the collector finds it here
error(string.format("finished: %d runs failed, %d ran", failed, ran))
