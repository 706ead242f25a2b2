/**
 * zod compiles fast parsers with `new Function` after probing whether it may; under our CSP
 * (script-src 'self', no 'unsafe-eval') the probe itself is reported as a violation. This is
 * what `z.config({ jitless: true })` sets, without loading zod into the entry bundle: zod keeps
 * its configuration in this global object and reuses it whichever module runs first.
 */
const zodConfigHolder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(zodConfigHolder.__zod_globalConfig ??= {}).jitless = true;

export {};
