-- no dofile: a script cannot run another file
dofile("/etc/passwd")
