-- a case file runs in the sandbox of `lawtester run`: no os
local kn = 1e6
local when = os.time()
return { cases = {} }
