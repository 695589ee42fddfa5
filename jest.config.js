/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Its own primary and streaming replica take most of a minute to make: `npm run test:replica` runs it.
  testPathIgnorePatterns: process.env.TEST_REPLICA === '1' ? ['/node_modules/'] : ['/node_modules/', '/test/integration/replica\\.test\\.ts$'],
  transform: {
    '^.+\\.ts$': ['@swc/jest'],
    // The OTLP exporter loads node:http with a dynamic import(), which jest's CommonJS sandbox refuses without
    // --experimental-vm-modules: its files are compiled to require() (what Node does for it outside jest).
    '/node_modules/@opentelemetry/otlp-exporter-base/.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@opentelemetry/otlp-exporter-base/)'],
  setupFiles: ['reflect-metadata'],
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/global-teardown.ts',
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/test/helpers/summary-reporter.js'],
};
