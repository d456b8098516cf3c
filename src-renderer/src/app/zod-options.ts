// zod's global options, set before zod loads (zod reads them from this global when it does):
// the page's security policy allows no eval, and zod's probe for it (`new Function`), made as
// its first object schema is built, is reported as a policy violation on every load even though
// zod catches it. `jitless` skips the probe (docs/gui.md, "The page's security policy").
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig = { jitless: true };

export {};
