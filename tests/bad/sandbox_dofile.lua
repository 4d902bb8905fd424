-- command: run
-- expect-status: 1
-- expect-stderr: tests/bad/sandbox_dofile.lua:5: attempt to call a nil value (global 'dofile')
-- no dofile: a script cannot run another file
dofile("/etc/passwd")
