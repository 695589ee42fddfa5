/**
 * Apollo Client's CommonJS build reads `globalThis.__DEV__` once, when first required: set it before any
 * import of `@apollo/client`, so its development warnings ("Cache data may be lost …") are on, as in an
 * app team's development build. Import this module first.
 */
(globalThis as { __DEV__?: boolean }).__DEV__ = true;
export {};
