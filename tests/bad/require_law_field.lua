-- a law table written in a module with a bad field: the error names the module's file and line
require("modules.badlaw")
