// `object.entries` for node-polyglot (react-admin's translations): the built-in, which every browser the back office
// targets (ES2022) has, in place of the es-shims polyfill and the chain of helpers it brings (decision 023).
module.exports = Object.entries;
