// `hasown` for node-polyglot: the built-in `Object.hasOwn` (ES2022), in place of the es-shims helper (decision 023).
module.exports = Object.hasOwn;
