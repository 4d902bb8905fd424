local function helper(x)
  return x.missing.field
end
helper({})
